import { existsSync, readFileSync, readdirSync } from "node:fs";
import { vitePlugin as remix } from "@remix-run/dev";
import { type Plugin, defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

const BUILD_DIRECTORY = process.env.TB_BUILD_DIR || "build";

/**
 * `virtual:client-stylesheets`: in the server build, every stylesheet of the client build (built first, into
 * build/client) by its address, so documents can carry their CSS inline (app/components/document-links.tsx,
 * ADR 0034); the same bytes the browser would fetch. Empty in the client build, which never imports it.
 */
function clientStylesheets(): Plugin {
  const id = "virtual:client-stylesheets";
  return {
    name: "tb-client-stylesheets",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved, options) {
      if (resolved !== `\0${id}`) return undefined;
      const dir = `${BUILD_DIRECTORY}/client/assets`;
      const sheets =
        options?.ssr && existsSync(dir)
          ? Object.fromEntries(
              readdirSync(dir)
                .filter((f) => f.endsWith(".css"))
                .map((f) => [`/assets/${f}`, readFileSync(`${dir}/${f}`, "utf8")]),
            )
          : {};
      return `export default ${JSON.stringify(sheets)};`;
    },
  };
}

const SHARED_LIB =
  /\/(app\/lib\/(theme|use-hydrated|seller-site|site-links)\.tsx?|worker\/shared\/(format|image-variants)\.ts|worker\/domain\/bookings\/price-terms\.ts|app\/components\/error-boundary\.tsx)$/;
const SELLER_FRAME = /\/app\/components\/seller\/(site-link|social-links)\.tsx$/;
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run\/react|@remix-run\/router|react-router|react-router-dom|turbo-stream)\/|vite\/preload-helper\.js$/;

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
      buildDirectory: BUILD_DIRECTORY,
    }),
    tsconfigPaths(),
    clientStylesheets(),
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
    // The build prints each file's size, not its gzipped size: gzipping every chunk only to print it cost about 2.5 s
    // of CPU a build, and the budget test (test/integration/budgets.test.ts) measures the gzipped scripts itself.
    reportCompressedSize: false,
    // The client's scripts are what a phone downloads before the page reacts: terser takes about 3% more off
    // React, Remix and the router than esbuild does (ADR 0034). The server build is not minified.
    minify: isSsrBuild ? false : "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    // Remix preloads each page's modules itself; Vite's helper for dynamic imports would be one more module
    // in every page (the toaster and toasts are the only dynamic imports of ours).
    modulePreload: false,
    // Fonts stay files (a small subset would otherwise become a data: URL inside every document's inline CSS).
    assetsInlineLimit: (file: string) => (file.endsWith(".woff2") ? false : undefined),
    rollupOptions: {
      // worker/ stays out of the server build: its imports (`@worker/…`) are left for the Worker's bundler, which
      // bundles each module once for the API and the pages alike (ADR 0060). Bundled here too, the domain, the
      // caches and the voucher renderer were two copies in the Worker, each with its own module state. The voucher
      // renderer's one dynamic import (app/components/voucher/voucher.server.ts) stays one: pdf-lib is evaluated on
      // the first download, not on every start of the Worker.
      external: isSsrBuild ? (id: string) => id.startsWith("@worker/") : undefined,
      output: {
        // Two chunks every page loads (ADR 0012, 0034): the framework (React, React DOM, Remix, the router), which
        // changes only with the dependencies, and the app's small shared helpers. One file each, not seven: fewer
        // modulepreloads, and about 3 KiB less gzip than the shared modules spread over several chunks.
        // A third for what every seller page's frame links with: its link and its social links.
        manualChunks: isSsrBuild
          ? undefined
          : (id: string) =>
              FRAMEWORK.test(id) ? "framework" : SHARED_LIB.test(id) ? "lib" : SELLER_FRAME.test(id) ? "seller-frame" : undefined,
      },
    },
  },
}));
