// npm run bench: requests per second (p50, p99) of seller pages as a ratio to a trivial route
// of the same Worker. Production build in workerd via Miniflare with a direct socket; server and
// load generator pinned to different cores when `taskset` is available; rounds interleaved.
import { spawn, spawnSync } from "node:child_process";
import { cpus } from "node:os";
import { build, bundleWorker } from "./lib.mjs";

const args = new Set(process.argv.slice(2));
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const SECONDS = Number(process.env.BENCH_SECONDS || 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 16);
// Any session cookie makes the Worker skip the cache, so the page is rendered with its D1 batch.
const UNCACHED = "tb_session=bench-uncached";

const SCENARIOS = [
  { name: "trivial route (/__bench/trivial)", path: "/__bench/trivial" },
  { name: "API health (Hono, for reference)", path: "/api/health" },
  { name: "one bare D1 round trip (reference)", path: "/__bench/d1" },
  { name: "seller landing, uncached", path: "/seller/s_wanderlust/website", cookie: UNCACHED },
  { name: "seller landing, cache hit", path: "/seller/s_wanderlust/website" },
  { name: "package page, uncached", path: "/seller/s_wanderlust/website/package/p_goa", cookie: UNCACHED },
  { name: "package page, cache hit", path: "/seller/s_wanderlust/website/package/p_goa" },
];

const hasTaskset = spawnSync("taskset", ["-V"]).status === 0 && cpus().length >= 2;
// wrk (Debian's package) drives a trivial route several times harder than a Node client can, so
// the denominator measures the Worker rather than the load generator. Node's undici is the fallback.
const hasWrk = spawnSync("wrk", ["--version"]).error === undefined;
const pin = (core, cmd, argv) => (hasTaskset ? ["taskset", ["-c", String(core), cmd, ...argv]] : [cmd, argv]);

if (!args.has("--no-build")) {
  build();
  bundleWorker();
}

function startServer() {
  const [cmd, argv] = pin(0, "npx", ["tsx", "scripts/bench/server.ts"]);
  const child = spawn(cmd, argv, { stdio: ["ignore", "pipe", "inherit"], detached: true });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = /READY (\S+)/.exec(out);
      if (m) resolve({ child, origin: m[1] });
    });
    child.on("exit", (code) => reject(new Error(`bench server exited (${code})`)));
  });
}

function load(origin, s, seconds) {
  return hasWrk ? loadWithWrk(origin, s, seconds) : loadWithUndici(origin, s, seconds);
}

function loadWithUndici(origin, s, seconds) {
  const [cmd, argv] = pin(1, process.execPath, [
    "scripts/bench/load.mjs",
    origin,
    s.path,
    String(seconds),
    String(CONNECTIONS),
    s.cookie ?? "",
  ]);
  const r = spawnSync(cmd, argv, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split("\n").pop());
}

/** Milliseconds from wrk's latency notation (850.00us, 2.31ms, 1.02s). */
function wrkMs(text) {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text);
  if (!m) throw new Error(`unexpected wrk latency "${text}"`);
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2]];
}

function loadWithWrk(origin, s, seconds) {
  const headers = s.cookie ? ["-H", `cookie: ${s.cookie}`] : [];
  const argv = ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency", ...headers, `${origin}${s.path}`];
  const [cmd, args] = pin(1, "wrk", argv);
  const r = spawnSync(cmd, args, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(r.stderr || r.stdout);
  const out = r.stdout;
  const pick = (re) => re.exec(out)?.[1];
  return {
    rps: Number(pick(/Requests\/sec:\s+([\d.]+)/)),
    p50: wrkMs(pick(/^\s+50%\s+(\S+)/m)),
    p99: wrkMs(pick(/^\s+99%\s+(\S+)/m)),
    bad: Number(pick(/Non-2xx or 3xx responses:\s+(\d+)/) ?? 0),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const { child, origin } = await startServer();
try {
  console.log(
    `\nbench: ${ROUNDS} rounds × ${SECONDS}s, ${CONNECTIONS} connections, ${hasTaskset ? "server on core 0, load on core 1" : "no CPU pinning"}, load from ${hasWrk ? "wrk" : "undici (install wrk for a truer denominator)"}\n`,
  );
  for (const s of SCENARIOS) load(origin, s, 1); // warm up (and fill the cache)
  const results = new Map(SCENARIOS.map((s) => [s.name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const s of SCENARIOS) {
      const r = load(origin, s, SECONDS);
      if (r.bad) throw new Error(`${s.name}: ${r.bad} responses were not 200`);
      results.get(s.name).push(r);
      console.log(`round ${round}  ${s.name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s`);
    }
  }
  // Each round's figure is divided by the trivial route of the same round, so a noisy machine
  // moves numerator and denominator together; the median over rounds is reported.
  const trivialByRound = results.get(SCENARIOS[0].name).map((r) => r.rps);
  console.log(`\n${"scenario".padEnd(34)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"ratio".padStart(8)}`);
  for (const s of SCENARIOS) {
    const rs = results.get(s.name);
    const line = [
      s.name.padEnd(34),
      median(rs.map((r) => r.rps))
        .toFixed(0)
        .padStart(8),
      median(rs.map((r) => r.p50))
        .toFixed(2)
        .padStart(8),
      median(rs.map((r) => r.p99))
        .toFixed(2)
        .padStart(8),
      `${median(rs.map((r, i) => r.rps / trivialByRound[i])).toFixed(3)}x`.padStart(8),
    ];
    console.log(line.join(" "));
  }
  console.log("\ntargets: landing uncached >= 0.030x, landing cache hit >= 0.250x");
} finally {
  process.kill(-child.pid, "SIGTERM");
}
