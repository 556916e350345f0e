import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { LongestFirstSequencer } from "./test/support/sequencer";

/**
 * The files whose answers depend on the day (trip dates, booking numbers, refunds by days before the start, the
 * ledger's days, a cart's passed dates). They run again with the tests' clock moved (test/support/clock.ts) to the
 * first New Year's Eve in India at least a year and a half ahead, ten seconds before midnight: a far date and the
 * year's end crossed in one run, so the suite cannot turn red on a date.
 */
const DATE_SENSITIVE = [
  "test/integration/bookings-create.test.ts",
  "test/integration/bookings-manage.test.ts",
  "test/integration/user-dashboard-pages.test.ts",
  "test/integration/payments.test.ts",
  "test/integration/seller-payments.test.ts",
  "test/integration/cart.test.ts",
];
/**
 * A worker runs file after file of its project without starting afresh (isolate: false): Miniflare and the Worker's
 * modules are imported once per worker instead of once per file. Every file still starts its own workerd with its
 * own D1 (startWorker), and test/setup.ts starts each file with a fresh console guard and clock.
 */
const integration = { testTimeout: 60_000, hookTimeout: 60_000, isolate: false };

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Every project: an unexpected console.error (in the test or in the Worker under test) fails the test.
    setupFiles: ["test/setup.ts"],
    // Integration and e2e runs refuse to start on a missing or stale build (dist/index.js, build/client).
    globalSetup: ["test/support/fresh-build.ts", "test/support/scratch.ts"],
    // The longest files first, also on a fresh clone (test/support/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    // Two files at a time in every group (vitest's default is one less than the cores: one, on 2 cores).
    maxWorkers: 2,
    projects: [
      // Unit files share their worker's modules too (isolate: false): re-importing each file's module graph cost
      // more than the tests (16 → 7 CPU-s). A file that stubs a global or spies undoes it in its afterEach.
      { extends: true, test: { name: "unit", include: ["test/unit/**/*.test.ts"], environment: "node", isolate: false } },
      { extends: true, test: { name: "integration", include: ["test/integration/**/*.test.ts"], ...integration } },
      {
        extends: true,
        test: { name: "integration-later", include: DATE_SENSITIVE, env: { TB_TEST_CLOCK: "new-year+548d" }, ...integration },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each file starts its own workerd (own port, own D1) and its own browser contexts in its
          // worker's Chromium through startE2E (test/support/e2e.ts), so files share nothing and run side by side:
          // one pool of two workers takes the projects one after the other, the longest files first
          // (LongestFirstSequencer), and ends together. A worker runs file after file (isolate: false) with one
          // Chromium (sharedBrowser, test/support/browser.ts). A file that cannot start its own world does not
          // belong in this project.
          isolate: false,
        },
      },
    ],
  },
});
