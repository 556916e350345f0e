// npm run lighthouse: builds, serves the production build in workerd (Miniflare, with assets) and
// runs Lighthouse in the system Chromium against the main home, a tour-package page, and the seller landing and
// package pages.
// Each page is measured LH_RUNS times (default 5) and the median performance score is reported, as
// Lighthouse's own guidance on variability advises; every run's scores are printed. Exits non-zero when
// a median falls below 95 or any run's accessibility below 100.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { build, bundleWorker, median, startMeasureServer } from "./lib.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const RUNS = Number(process.env.LH_RUNS || 5);
const PAGES = [
  { name: "main home", path: "/" },
  { name: "tour package", path: "/tour-package/p_goa" },
  { name: "seller landing", path: "/seller/s_wanderlust/website" },
  { name: "package page", path: "/seller/s_wanderlust/website/package/p_goa" },
];
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-quic",
  "--disable-sync",
];

if (!process.argv.includes("--no-build")) {
  build();
  bundleWorker();
}

const server = await startMeasureServer({ env: { ...process.env, WITH_ASSETS: "1", PORT: "0" } });
const { child } = server;
const origin = server.origin.replace("127.0.0.1", "localhost");
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
let failed = false;
try {
  console.log("\nLighthouse (default mobile profile, simulated throttling)\n");
  for (const p of PAGES) {
    // One warm-up load fills the edge cache, as for any visitor after the first.
    await fetch(`${origin}${p.path}`);
    const perfs = [];
    for (let run = 1; run <= RUNS; run++) {
      const result = await lighthouse(`${origin}${p.path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      });
      const { performance, accessibility } = result.lhr.categories;
      const perf = Math.round(performance.score * 100);
      const a11y = Math.round(accessibility.score * 100);
      perfs.push(perf);
      if (a11y < 100) failed = true;
      const label = RUNS > 1 ? `${p.name} #${run}` : p.name;
      console.log(`${label.padEnd(18)} performance ${String(perf).padStart(3)}   accessibility ${String(a11y).padStart(3)}`);
      report(result);
    }
    const perf = median(perfs);
    if (RUNS > 1) console.log(`${p.name}: median performance ${perf} over ${RUNS} runs\n`);
    if (perf < 95) failed = true;
  }
} finally {
  await chrome.kill();
  process.kill(-child.pid, "SIGTERM");
}
process.exit(failed ? 1 : 0);

/** The run's metrics, and with LH_DEBUG its requests, long tasks and observed paints. */
function report(result) {
  const metric = (id) => result.lhr.audits[id]?.displayValue ?? "-";
  console.log(
    `  FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}, SI ${metric("speed-index")}`,
  );
  if (process.env.LH_DEBUG) {
    for (const r of result.lhr.audits["network-requests"].details.items) {
      console.log(
        `  ${String(Math.round(r.networkRequestTime)).padStart(5)}-${String(Math.round(r.networkEndTime)).padStart(5)} ${String(r.transferSize).padStart(6)} ${r.priority} ${r.url.replace(origin, "")}`,
      );
    }
    for (const t of result.lhr.audits["long-tasks"]?.details?.items ?? [])
      console.log(`  long task at ${Math.round(t.startTime)} ms for ${Math.round(t.duration)} ms: ${t.url}`);
    for (const [k, v] of Object.entries(result.lhr.audits.metrics.details.items[0]))
      if (/^(observed)?(FirstContentful|LargestContentful)/.test(k)) console.log(`  ${k} ${v}`);
  }
  for (const audit of Object.values(result.lhr.audits)) {
    if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary") console.log(`  - ${audit.id}: ${audit.title}`);
  }
}
