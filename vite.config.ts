import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

const SHARED_LIB = /\/(app\/lib\/(theme|use-hydrated|auth-storage|seller-site|site-links)|worker\/shared\/(colors|format))\.tsx?$/;

export default defineConfig(({ isSsrBuild }) => ({
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
    // React and everything that imports it are bundled by Vite rather than left to the Worker bundler,
    // whose CommonJS interop puts a getter in front of every jsx() and hook call (ADR 0016).
    noExternal: [/^(react|react-dom|react-router|react-router-dom|@remix-run\/react|react-hot-toast)(\/|$)/],
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
  },
  build: {
    sourcemap: false,
    rollupOptions: {
      output: {
        // The app's small helpers every page loads (theme, storage, colours, formatting: about 3 KB) as one
        // chunk instead of seven: fewer modulepreloads racing the stylesheets on a first visit.
        manualChunks: isSsrBuild ? undefined : (id: string) => (SHARED_LIB.test(id) ? "lib" : undefined),
      },
    },
  },
}));
