// The production build in workerd through Miniflare, with a direct socket to the Worker
// (no entry-worker hop). Prints "READY <url> <workerd pid>" once D1 is migrated and seeded.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { Miniflare } from "miniflare";
import { TEST_ENV } from "../../test/support/env";
import { addBusyTravel, addPendingRequests, migrateAndSeed } from "./seed";
import { DEAD_LETTER_QUEUE, FOLLOW_UPS_QUEUE } from "../../worker/domain/follow-ups/message";

const root = new URL("../../", import.meta.url);
const compatibilityDate = /compatibility_date\s*=\s*"([^"]+)"/.exec(readFileSync(new URL("wrangler.toml", root), "utf8"))?.[1];

// BENCH_STORAGE_ROOT (set by npm run bench): where Miniflare keeps local D1 and the Cache API; a
// tmpfs directory, for the reason in ADR 0018. Otherwise Miniflare's default, a temporary directory.
const storageRoot = process.env.BENCH_STORAGE_ROOT || undefined;

// WITH_ASSETS=1 (npm run lighthouse): serve the client assets too, on Miniflare's normal port.
const withAssets = process.env.WITH_ASSETS === "1";

// LOAD_EMAIL_DELAY_MS (npm run load): the follow-up queue is consumed here too, and emails go to a stand-in of the
// email provider that answers after this many milliseconds. Each delivery prints "EMAIL <Idempotency-Key>" and, every
// second, "OUTBOX <counts by status>", so the load run can tell that every message was delivered exactly once.
const emailDelay = Number(process.env.LOAD_EMAIL_DELAY_MS || 0);
const EMAIL_HOST = "email-provider.load.test";
const slowEmailProvider = async (request: Request) => {
  if (new URL(request.url).hostname !== EMAIL_HOST) return new Response("The load run makes no other outside call", { status: 502 });
  await new Promise((resolve) => setTimeout(resolve, emailDelay));
  console.log(`EMAIL ${request.headers.get("idempotency-key") ?? "-"}`);
  return Response.json({ id: crypto.randomUUID() });
};
const consumer = { maxBatchSize: 10, maxBatchTimeout: 1, maxRetries: 10, retryDelay: 1 };
const emailOptions = emailDelay
  ? {
      outboundService: slowEmailProvider,
      queueConsumers: { [FOLLOW_UPS_QUEUE]: { ...consumer, deadLetterQueue: DEAD_LETTER_QUEUE }, [DEAD_LETTER_QUEUE]: consumer },
    }
  : {};
const mf = new Miniflare({
  modules: [{ type: "ESModule", path: new URL("dist/index.js", root).pathname }],
  compatibilityDate,
  ...(storageRoot ? { defaultPersistRoot: storageRoot } : {}),
  // BENCH_D1_NAME (set by npm run load): a known name, so the caller can open the same persisted D1
  // after this server has stopped and check its rows.
  d1Databases: { DB: process.env.BENCH_D1_NAME || `tripbazaar-bench-${crypto.randomUUID()}` },
  // No assets binding for the bench: with one, Miniflare routes the direct socket through its asset
  // router first. The measured routes are all Worker routes; in production assets are matched first.
  ...(withAssets
    ? {
        assets: { directory: new URL("build/client", root).pathname, binding: "ASSETS", routerConfig: { has_user_worker: true } },
        host: "127.0.0.1",
        port: Number(process.env.PORT || 0),
      }
    : {}),
  // Production mode: no dev routes (D1 round trips are counted and reported as in every environment, ADR 0033).
  bindings: {
    ...TEST_ENV,
    ENVIRONMENT: "production",
    BENCH: "1",
    ...(emailDelay ? { EMAIL_API_URL: `https://${EMAIL_HOST}/v1/send`, EMAIL_API_KEY: "load-only-key", FOLLOW_UP_RETRY_SECONDS: "1" } : {}),
  },
  unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
  // The follow-up queue's producer, as in production, with no consumer here: the measured approvals pay for their
  // send, and no delivery runs beside the measurement (ADR 0039).
  queueProducers: { FOLLOW_UPS: { queueName: FOLLOW_UPS_QUEUE } },
  ...emailOptions,
});
await mf.ready;
await migrateAndSeed(mf);
await addPendingRequests(mf, Number(process.env.BENCH_PENDING || 0));
await addBusyTravel(mf);
const url = withAssets ? await mf.ready : await mf.unsafeGetDirectURL();
console.log(`READY ${url.origin} ${workerdPid() ?? "-"}`);
if (emailDelay) {
  const db = await mf.getD1Database("DB");
  setInterval(async () => {
    const { results } = await db.prepare("SELECT status, count(*) AS n FROM outbox GROUP BY status").all<{ status: string; n: number }>();
    console.log(`OUTBOX ${JSON.stringify(Object.fromEntries(results.map((r) => [r.status, r.n])))}`);
  }, 1000).unref();
}
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => mf.dispose().finally(() => process.exit(0)));

/** The workerd process Miniflare started (Linux), so the benchmark can read its CPU time. */
function workerdPid(): number | undefined {
  if (!existsSync("/proc/self/stat")) return undefined;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid ...
      const m = /^\d+ \((.*)\) \S+ (\d+)/.exec(readFileSync(`/proc/${entry}/stat`, "utf8"));
      if (m?.[1] === "workerd" && Number(m[2]) === process.pid) return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  return undefined;
}
