// npm run load: LOAD_SECONDS (60) of mixed traffic against the production build in workerd with a
// seeded local D1 (the bench's measurement server): browsing seller and main-site pages, searching,
// logging in, booking, and a login flood from one address. Prints p50 and p99 per kind of request and
// the answers, then checks: no 5xx; the flood got 429s; every booking answered with a 2xx is in D1
// exactly once with consistent rows. Exits 1 if a check fails. Not part of npm test.
// Flags: --no-build (use dist/ as it is), --build (always build). LOAD_CONCURRENCY (16).
// LOAD_EMAIL_DELAY_MS (e.g. 2000): the follow-up queue runs too, against an email provider that answers that slowly;
// then also checks that every email the traffic caused was delivered exactly once (none lost, none twice, none dead).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Pool } from "undici";
import { checkBookingsInD1 } from "./load/check-d1.mjs";
import { ASHA, FLOOD_IP, PASSWORD, SELLERS, createTraffic, randomIp } from "./load/traffic.mjs";
import { build, bundleWorker, run, startMeasureServer } from "./lib.mjs";

const args = new Set(process.argv.slice(2));
const SECONDS = Number(process.env.LOAD_SECONDS || 60);
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY || 16);
/** A bound on the count as well as the clock, so the loops end even if the clock misbehaves. */
const MAX_REQUESTS = Math.max(1000, SECONDS * 2000);
/** Wrong logins from one address; the Worker allows 100 a quarter hour per address. */
const FLOOD_TRIES = 150;
const FLOOD_WORKERS = 4;
const TIMEOUT_MS = 30_000;

buildIfNeeded();

// Local D1 on tmpfs as in the bench (ADR 0018); a named database, so it can be read after the server stops.
const persistRoot = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "tripbazaar-load-"));
const d1Name = `tripbazaar-load-${process.pid}`;
// The Worker's logs (one line per warning, for one) are counted and summarised at the
// end instead of scrolling past; LOAD_SERVER_LOG=1 shows them as they come.
const showServerLog = process.env.LOAD_SERVER_LOG === "1";
const server = await startMeasureServer({
  env: { ...process.env, BENCH_STORAGE_ROOT: persistRoot, BENCH_D1_NAME: d1Name },
  stderr: showServerLog ? "inherit" : "pipe",
}).catch((error) => {
  console.error(`${error.message}${showServerLog ? "" : "; LOAD_SERVER_LOG=1 npm run load shows its output"}`);
  process.exit(1);
});
const serverLog = new Map();
let partialLine = "";
server.child.stderr?.on("data", (chunk) => {
  const lines = (partialLine + chunk).split("\n");
  partialLine = lines.pop();
  for (const l of lines.map((x) => x.trim()).filter(Boolean)) serverLog.set(l, (serverLog.get(l) ?? 0) + 1);
});
let serverExited = false;
server.child.on("exit", () => {
  serverExited = true;
});
const stopServer = () => {
  try {
    process.kill(-server.child.pid, "SIGTERM");
  } catch {
    // Already gone.
  }
};
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    stopServer();
    process.exit(130);
  });
}

const EMAIL_DELAY = Number(process.env.LOAD_EMAIL_DELAY_MS || 0);
/** The slowed email provider's deliveries (Idempotency-Key → count) and the outbox's counts by status, as printed. */
const delivered = new Map();
let outbox = null;
let outboxAtStart = null;
let partialOut = "";
server.child.stdout.on("data", (chunk) => {
  const lines = (partialOut + chunk).split("\n");
  partialOut = lines.pop();
  for (const l of lines) {
    const email = /^EMAIL (\S+)/.exec(l);
    if (email) delivered.set(email[1], (delivered.get(email[1]) ?? 0) + 1);
    const counts = /^OUTBOX (.+)$/.exec(l);
    if (counts) outbox = JSON.parse(counts[1]);
  }
});
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
if (EMAIL_DELAY) {
  while (!outbox) await sleep(100);
  outboxAtStart = outbox;
}

const pool = new Pool(server.origin, { connections: CONCURRENCY, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
const stats = new Map(); // kind → { latencies: [], statuses: Map }
const fiveHundreds = [];
const unexpected = [];
const flood = [];

async function send(request) {
  const t0 = performance.now();
  let status;
  let text = "";
  try {
    const res = await pool.request({ method: request.method, path: request.path, headers: request.headers, body: request.body });
    status = res.statusCode;
    text = await res.body.text();
  } catch (error) {
    status = `error (${error.code || error.message})`;
  }
  const ms = performance.now() - t0;
  const s = stats.get(request.kind) ?? { latencies: [], statuses: new Map() };
  stats.set(request.kind, s);
  s.latencies.push(ms);
  s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
  const where = `${request.method} ${request.headers.host ? `//${request.headers.host}` : ""}${request.path}`;
  if (typeof status !== "number" || status >= 500) fiveHundreds.push(`${status} ${where} ${text.slice(0, 200)}`);
  else if (!request.expect.includes(status)) unexpected.push(`${status} ${where} ${text.slice(0, 200)}`);
  if (request.onAnswer) {
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: onAnswer sees null.
    }
    request.onAnswer(status, json);
  }
  return status;
}

/** Sessions for the traffic, through the real login (each from its own address). */
async function login(email) {
  const res = await pool.request({
    method: "POST",
    path: "/api/auth/login",
    headers: { "content-type": "application/json", "cf-connecting-ip": randomIp() },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const json = await res.body.json();
  if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.statusCode} ${JSON.stringify(json)}`);
  return json.token;
}
const tokens = { asha: await login(ASHA) };
for (const [sellerId, email] of Object.entries(SELLERS)) tokens[sellerId] = await login(email);
const traffic = createTraffic({ tokens });

const since = new Date(Date.now() - 1000).toISOString();
const start = performance.now();
const end = start + SECONDS * 1000;
const floodAt = start + Math.min(10_000, (SECONDS * 1000) / 5);
let issued = 0;
let floodSent = 0;

async function loop(id) {
  while (performance.now() < end && issued < MAX_REQUESTS && !serverExited) {
    // A few workers turn into the flood a little into the run, so it meets the Worker under load.
    if (id < FLOOD_WORKERS && performance.now() >= floodAt && floodSent < FLOOD_TRIES) {
      floodSent++;
      issued++;
      flood.push(await send(traffic.floodRequest()));
      continue;
    }
    const batch = traffic.next();
    issued += batch.length;
    await Promise.all(batch.map(send));
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => loop(i)));
const elapsed = (performance.now() - start) / 1000;
await pool.close();

// With the slowed email provider: the queue drains after the traffic; every message ends sent, once.
let drainedIn = null;
if (EMAIL_DELAY) {
  const t0 = performance.now();
  const busy = () => (outbox?.pending ?? 0) + (outbox?.sending ?? 0);
  outbox = null;
  // Until nothing waits, or nothing was delivered for a minute (a stall), at most half an hour: the consumer takes
  // one message at a time (ADR 0039), so at 2 s a call the queue drains about 0.5 emails a second.
  let lastProgress = performance.now();
  let seen = delivered.size;
  while (
    performance.now() - t0 < 1_800_000 &&
    performance.now() - lastProgress < 60_000 &&
    !serverExited &&
    (outbox === null || busy() > 0)
  ) {
    await sleep(250);
    if (delivered.size !== seen) [seen, lastProgress] = [delivered.size, performance.now()];
  }
  drainedIn = (performance.now() - t0) / 1000;
}

const serverDied = serverExited;
await stopAndWait();
const d1 = await checkBookingsInD1({ persistRoot, d1Name, bookings: traffic.bookings, customerId: "u_asha", since });
rmSync(persistRoot, { recursive: true, force: true });

report();

function report() {
  const q = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
  const fmt = (n) => n.toLocaleString("en-US");
  const rows = [];
  const all = [];
  const totals = new Map();
  for (const [kind, s] of [...stats].sort((a, b) => b[1].latencies.length - a[1].latencies.length)) {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    all.push(...sorted);
    for (const [status, n] of s.statuses) totals.set(status, (totals.get(status) ?? 0) + n);
    rows.push([kind, fmt(sorted.length), q(sorted, 0.5).toFixed(1), q(sorted, 0.99).toFixed(1), answers(s.statuses)]);
  }
  all.sort((a, b) => a - b);
  rows.push(["all requests", fmt(all.length), q(all, 0.5).toFixed(1), q(all, 0.99).toFixed(1), answers(totals)]);
  const head = ["kind of request", "requests", "p50 ms", "p99 ms", "answers"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i === 0 || i === 4 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(
    `\nnpm run load: ${fmt(all.length)} requests in ${elapsed.toFixed(1)} s (${(all.length / elapsed).toFixed(0)} req/s), ${CONCURRENCY} at a time\n`,
  );
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows.slice(0, -1)) console.log(line(r));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  console.log(line(rows.at(-1)));

  const f401 = flood.filter((s) => s === 401).length;
  const f429 = flood.filter((s) => s === 429).length;
  const { replays, concurrentDuplicates } = traffic.notes;
  const answered = [...traffic.bookings.values()].filter((e) => e.data).length;
  const checks = [
    [
      fiveHundreds.length === 0 && !serverDied,
      `no 5xx: ${fiveHundreds.length} of ${fmt(all.length)}${serverDied ? "; the server exited during the run" : ""}`,
    ],
    [
      f429 > 0,
      `login flood from ${FLOOD_IP}: ${flood.length} tries, ${f401} answered 401, then ${f429} answered 429 (the limit is 100 per address a quarter hour)`,
    ],
    [
      d1.problems.length === 0,
      `bookings: ${answered} booking requests answered 2xx (plus ${replays} retries and ${concurrentDuplicates} double clicks with the same key) → ${d1.rows} bookings in D1, ${d1.travellers} traveller rows; ${d1.problems.length} problems`,
    ],
  ];
  if (EMAIL_DELAY) {
    const sent = (outbox?.sent ?? 0) - (outboxAtStart?.sent ?? 0);
    const waiting = (outbox?.pending ?? 0) + (outbox?.sending ?? 0);
    const dead = (outbox?.dead ?? 0) - (outboxAtStart?.dead ?? 0);
    const twice = [...delivered.values()].filter((n) => n > 1).length;
    checks.push([
      waiting === 0 && dead === 0 && twice === 0 && delivered.size === sent && sent > 0,
      `emails with the provider answering in ${EMAIL_DELAY} ms: ${sent} written and sent, ${delivered.size} delivered (${twice} twice), ${waiting} still waiting, ${dead} dead; the queue drained ${drainedIn?.toFixed(1)} s after the traffic`,
    ]);
  }
  console.log("");
  for (const [ok, text] of checks) console.log(`${ok ? "✔" : "✖"} ${text}`);
  const show = (title, items) => {
    if (!items.length) return;
    console.log(`\n${title} (${items.length}; first 10):`);
    for (const item of items.slice(0, 10)) console.log(`  ${item}`);
  };
  show("5xx answers and network errors", fiveHundreds);
  show("booking rows that do not hold", d1.problems);
  show("other answers the traffic did not expect (not a failed check)", unexpected);
  show(
    "the Worker's log, distinct lines",
    [...serverLog].sort((a, b) => b[1] - a[1]).map(([l, n]) => `${n}× ${l.slice(0, 200)}`),
  );
  if (checks.some(([ok]) => !ok)) process.exitCode = 1;
}

function answers(statuses) {
  return [...statuses]
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
    .map(([status, n]) => `${status}×${n}`)
    .join(" ");
}

/** Stops the server's process group and waits until all of it (workerd too) is gone, so D1 is closed. */
async function stopAndWait() {
  stopServer();
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    try {
      process.kill(-server.child.pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the measurement server did not stop within 15 s");
}

/** Builds when dist/ is missing or older than the sources; others may build in this tree, so under flock. */
function buildIfNeeded() {
  if (args.has("--no-build")) return;
  const built = ["dist/index.js", "build/server/index.js"].map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0));
  const newest = Math.max(
    ...["app", "worker", "drizzle", "patches"].map(newestIn),
    ...["package-lock.json", "vite.config.ts", "wrangler.toml"].map(mtime),
  );
  if (!args.has("--build") && Math.min(...built) > newest) return;
  if (spawnSync("flock", ["--version"]).error === undefined) {
    run("flock", ["/tmp/tb-build.lock", "sh", "-c", "npx remix vite:build && npx wrangler deploy --dry-run --outdir dist >/dev/null"]);
  } else {
    build();
    bundleWorker();
  }
}

function mtime(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

function newestIn(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, mtime(join(entry.parentPath ?? entry.path, entry.name)));
  }
  return newest;
}
