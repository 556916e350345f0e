// npm test: the type check and the lint side by side with build → bundle → every vitest project (unit, integration on
// two clocks, end-to-end in Chromium). Prints the tests' "N passed, N failed" line and its own wall time.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";

const started = performance.now();
const SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const bin = (name) => `node_modules/.bin/${name}`;

/** The end-to-end tests run the old headless shell when it is installed (test/support/browser.ts), else Chromium. */
function ensureChromium() {
  if (process.env.CHROMIUM_PATH ? existsSync(CHROMIUM) : existsSync(SHELL)) return;
  if (process.getuid?.() === 0 && !process.env.CHROMIUM_PATH) {
    console.log("Chromium's headless shell is missing; installing Debian's chromium-headless-shell package…");
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    spawnSync("apt-get", ["install", "-y", "-qq", "chromium-headless-shell"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (existsSync(SHELL) || existsSync(CHROMIUM)) return;
  }
  if (existsSync(CHROMIUM)) return;
  console.error(
    `\n✖ The end-to-end tests need Chromium at ${SHELL} or ${CHROMIUM}.\n  Install it with:  sudo apt-get install -y chromium-headless-shell\n  or point CHROMIUM_PATH at an existing Chromium or Chrome binary.\n`,
  );
  process.exit(1);
}

/** "3m 52s", "41s", "2.5s". */
function took(ms) {
  const s = ms / 1000;
  if (s < 10) return `${s.toFixed(1)}s`;
  const whole = Math.round(s);
  return whole < 60 ? `${whole}s` : `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, "0")}s`;
}

/** [phase, milliseconds], in the order the phases ended. */
const phases = [];
const running = new Set();

/**
 * Runs one phase in its own process group with its output held back, so that phases side by side do not mix their
 * lines: a phase that passes prints one line, one that fails prints all it said, stops the others and ends npm test.
 */
function phase(name, command, args) {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
    running.add(child);
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => {
      running.delete(child);
      const ms = performance.now() - t0;
      if (code !== 0) {
        process.stdout.write(output);
        console.error(`\n✖ ${name} failed (${command} ${args.join(" ")}, exit ${code})`);
        for (const other of running) {
          try {
            process.kill(-other.pid, "SIGTERM");
          } catch {}
        }
        process.exit(code ?? 1);
      }
      phases.push([name, ms]);
      console.log(`✓ ${name} (${took(ms)})`);
      resolve();
    });
  });
}

ensureChromium();
mkdirSync(".cache", { recursive: true });
console.log("▶ typecheck and lint beside build → bundle → tests");
// The type check and the lint need no build and the tests need neither: they run beside the others from the start
// (the build waits for nothing), and a type or lint error still fails npm test, stopping whatever still runs.
const typecheck = phase("typecheck", bin("tsc"), ["--noEmit", "--incremental", "--tsBuildInfoFile", ".cache/tsc.tsbuildinfo"]);
const lint = phase("lint", bin("biome"), ["check", "."]);
await phase("build", bin("remix"), ["vite:build"]);
// The Worker exactly as `wrangler deploy` bundles it, into dist/ (what the integration and e2e tests run).
await phase("bundle", bin("wrangler"), ["deploy", "--dry-run", "--outdir", "dist"]);

console.log("▶ tests");
const testsStarted = performance.now();
// In its own process group, as the phases are: a failed type check stops it (and Ctrl-C stops both).
const vitest = spawn(bin("vitest"), ["run", "--reporter=default", "--reporter=json", "--outputFile.json=.cache/vitest.json"], {
  stdio: "inherit",
  detached: true,
});
running.add(vitest);
process.on("SIGINT", () => {
  for (const child of running) {
    try {
      process.kill(-child.pid, "SIGINT");
    } catch {}
  }
  process.exit(130);
});
const result = await new Promise((resolve) => vitest.on("close", (status) => resolve({ status })));
running.delete(vitest);
await Promise.all([typecheck, lint]);
phases.push(["tests", performance.now() - testsStarted]);

let summary = "";
/** Each kind of test from its first file's start to its last file's end (the integration files on both clocks). */
const kinds = [];
try {
  const report = JSON.parse(readFileSync(".cache/vitest.json", "utf8"));
  summary = `${report.numPassedTests} passed, ${report.numFailedTests} failed${report.numPendingTests ? `, ${report.numPendingTests} skipped` : ""}`;
  for (const kind of ["unit", "integration", "e2e"]) {
    const files = report.testResults.filter((f) => f.name.includes(`/test/${kind}/`));
    if (files.length === 0) continue;
    kinds.push([kind, Math.max(...files.map((f) => f.endTime)) - Math.min(...files.map((f) => f.startTime))]);
  }
} catch {}
if (summary) console.log(`\nTests: ${summary}`);
const detail = [...phases, ...kinds].map(([name, ms]) => `${name} ${took(ms)}`).join(", ");
console.log(`npm test took ${took(performance.now() - started)} (${detail})`);
process.exit(result.status ?? 1);
