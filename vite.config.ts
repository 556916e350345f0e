import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
      serverModuleFormat: "esm",
      // npm run dev builds into a staging folder and copies it over build/, so the running
      // wrangler dev never sees build/ emptied mid-rebuild.
      buildDirectory: process.env.TB_BUILD_DIR || "build",
    }),
    tsconfigPaths(),
  ],
  ssr: {
    target: "webworker",
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
  },
  build: { sourcemap: false },
});
