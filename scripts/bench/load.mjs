// A keep-alive load loop in its own process: `node load.mjs <origin> <path> <seconds> <connections> [cookie]`.
// Prints one JSON line: requests, seconds, req/s, p50 and p99 in ms, non-2xx count.
import { Pool } from "undici";

const [origin, path, seconds, connections, cookie] = process.argv.slice(2);
const pool = new Pool(origin, { connections: Number(connections), pipelining: 1, keepAliveTimeout: 60_000 });
const headers = cookie ? { cookie } : {};
const latencies = [];
let bad = 0;
const end = performance.now() + Number(seconds) * 1000;

async function worker() {
  while (performance.now() < end) {
    const t0 = performance.now();
    const res = await pool.request({ path, method: "GET", headers });
    await res.body.dump({ limit: Number.POSITIVE_INFINITY });
    if (res.statusCode !== 200) bad++;
    latencies.push(performance.now() - t0);
  }
}

const start = performance.now();
await Promise.all(Array.from({ length: Number(connections) }, worker));
const elapsed = (performance.now() - start) / 1000;
await pool.close();
latencies.sort((a, b) => a - b);
const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
console.log(
  JSON.stringify({ requests: latencies.length, seconds: elapsed, rps: latencies.length / elapsed, p50: q(0.5), p99: q(0.99), bad }),
);
