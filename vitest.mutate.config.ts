import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

/**
 * The unit project of vitest.config.ts alone, for `npm run mutate` (Stryker): its vitest runner takes one
 * config, and the integration and end-to-end projects need a built Worker, workerd and Chromium.
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: { name: "unit", include: ["test/unit/**/*.test.ts"], environment: "node", setupFiles: ["test/setup.ts"] },
});
