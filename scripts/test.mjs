// npm test: typecheck, lint, build, then unit, integration (workerd + D1) and end-to-end (Chromium) tests.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { build, bundleWorker, npx } from "./lib.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing; installing Debian's chromium package…");
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    const r = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (r.status === 0 && existsSync(CHROMIUM)) return;
  }
  console.error(
    `\n✖ The end-to-end tests need Chromium at ${CHROMIUM}.\n  Install it with:  sudo apt-get install -y chromium\n  or point CHROMIUM_PATH at an existing Chromium or Chrome binary.\n`,
  );
  process.exit(1);
}

ensureChromium();
console.log("▶ typecheck");
npx(["tsc", "--noEmit"]);
console.log("▶ lint");
npx(["biome", "check", "."]);
console.log("▶ build");
build();
bundleWorker();
console.log("▶ tests");
mkdirSync(".cache", { recursive: true });
const result = spawnSync("npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=.cache/vitest.json"], {
  stdio: "inherit",
});
let summary = "";
try {
  const report = JSON.parse(readFileSync(".cache/vitest.json", "utf8"));
  summary = `${report.numPassedTests} passed, ${report.numFailedTests} failed${report.numPendingTests ? `, ${report.numPendingTests} skipped` : ""}`;
} catch {}
if (summary) console.log(`\nTests: ${summary}`);
process.exit(result.status ?? 1);
