// Profiles workerd (V8 CPU profile over Miniflare's inspector) while Node sends uncached requests.
import { readFileSync, writeFileSync } from "node:fs";
import { Miniflare } from "miniflare";
import WebSocket from "ws";
import { hashPassword } from "/work/wt/perf/worker/auth/password";
import { DEMO_PASSWORD, SEED_USERS, seedStatements } from "/work/wt/perf/worker/db/seed-data";
import { TEST_ENV } from "/work/wt/perf/test/support/env";
import { migrationStatements } from "/work/wt/perf/test/support/worker";

const root = "/work/wt/perf/";
const path = process.argv[2] || "/seller/s_wanderlust/website";
const N = Number(process.argv[3] || 2000);
const compatibilityDate = /compatibility_date\s*=\s*"([^"]+)"/.exec(readFileSync(`${root}wrangler.toml`, "utf8"))?.[1];
const mf = new Miniflare({
  modules: [{ type: "ESModule", path: `${root}dist/index.js` }],
  compatibilityDate,
  defaultPersistRoot: "/dev/shm/tb-prof-" + process.pid,
  d1Databases: { DB: `prof-${crypto.randomUUID()}` },
  bindings: { ...TEST_ENV, ENVIRONMENT: "production", BENCH: "1" },
  inspectorPort: 9329,
  unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
});
await mf.ready;
const d1 = await mf.getD1Database("DB");
await d1.batch(migrationStatements().map((s) => d1.prepare(s)));
const hashes = Object.fromEntries(await Promise.all(SEED_USERS.map(async (u) => [u.id, await hashPassword(DEMO_PASSWORD, TEST_ENV.PASSWORD_PEPPER)])));
await d1.batch(seedStatements(hashes, new Date()).map((s) => d1.prepare(s)));
const url = await mf.unsafeGetDirectURL();
const target = new URL(path, url).toString();
const hit = () => fetch(target, { headers: { cookie: "tb_session=bench-uncached" } }).then((r) => r.text());
for (let i = 0; i < 300; i++) await hit();

const list = await (await fetch("http://127.0.0.1:9329/json")).json();
const profiles: Record<string, unknown> = {};
const sockets = [];
for (const t of list) {
  const ws = new WebSocket(t.webSocketDebuggerUrl);
  await new Promise((r) => ws.on("open", r));
  let id = 0;
  const pending = new Map();
  ws.on("message", (m) => { const msg = JSON.parse(String(m)); if (msg.id && pending.has(msg.id)) { pending.get(msg.id)(msg); pending.delete(msg.id); } });
  const send = (method: string, params = {}) => new Promise<any>((r) => { const i = ++id; pending.set(i, r); ws.send(JSON.stringify({ id: i, method, params })); });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 50 });
  await send("Profiler.start");
  sockets.push({ t, send, ws });
}
const t0 = performance.now();
let done = 0;
await Promise.all(Array.from({ length: 8 }, async () => { while (done < N) { done++; await hit(); } }));
const ms = performance.now() - t0;
for (const { t, send, ws } of sockets) {
  const r = await send("Profiler.stop");
  profiles[t.title || t.id] = r.result.profile;
  ws.close();
}
writeFileSync("/tmp/tb-prof/out.json", JSON.stringify(profiles));
console.log(`${N} requests in ${ms.toFixed(0)} ms; targets: ${list.map((t: any) => t.title).join(", ")}`);
await mf.dispose();
