// Where an uncached page's CPU goes (ADR 0017, 0034): the production build in workerd, a V8 CPU profile of every
// isolate over Miniflare's inspector while Node sends PROFILE_REQUESTS (1500) uncached requests, 8 at a time, to
// one path. Prints each isolate's busy time per request and the functions with the most time, self and inclusive.
//   npx tsx scripts/bench/profile.ts [/seller/wanderlust-journeys/website]    (PROFILE_CACHED=1: cache hits)
// The profiler's sampling (every 50 µs) roughly doubles the CPU a request takes: read the shares, not the times.
import { readFileSync } from "node:fs";
import { Miniflare } from "miniflare";
import { WebSocket } from "undici";
import { TEST_ENV } from "../../test/support/env";
import { addBusyTravel, migrateAndSeed } from "./seed";

type Profile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
};

const root = new URL("../../", import.meta.url);
const path = process.argv[2] ?? "/seller/wanderlust-journeys/website";
const requests = Number(process.env.PROFILE_REQUESTS || 1500);
const inspectorPort = 9329;
const compatibilityDate = /compatibility_date\s*=\s*"([^"]+)"/.exec(readFileSync(new URL("wrangler.toml", root), "utf8"))?.[1];
const mf = new Miniflare({
  modules: [{ type: "ESModule", path: new URL("dist/index.js", root).pathname }],
  compatibilityDate,
  d1Databases: { DB: `tripbazaar-profile-${crypto.randomUUID()}` },
  bindings: { ...TEST_ENV, ENVIRONMENT: "production", BENCH: "1" },
  inspectorPort,
  unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
});
try {
  await mf.ready;
  await migrateAndSeed(mf);
  // As the bench server does: 60 days of seats sold on DEL → BOM and Bengaluru → Chennai.
  await addBusyTravel(mf);
  const target = new URL(path, await mf.unsafeGetDirectURL()).toString();
  // Any session cookie skips the edge cache (as in npm run bench): the page is rendered with its D1 batch.
  // PROFILE_CACHED=1 profiles cache hits instead: no cookie, so a seller's public page comes from the edge cache.
  const headers: Record<string, string> = process.env.PROFILE_CACHED === "1" ? {} : { cookie: "tb_session=bench-uncached" };
  const hit = () => fetch(target, { headers }).then((r) => r.text());
  for (let i = 0; i < 300; i++) await hit();

  const targets: { title: string; webSocketDebuggerUrl: string }[] = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const sessions = await Promise.all(targets.map((t) => inspect(t.webSocketDebuggerUrl)));
  for (const s of sessions) {
    await s.send("Profiler.enable");
    await s.send("Profiler.setSamplingInterval", { interval: 50 });
    await s.send("Profiler.start");
  }
  let sent = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (sent++ < requests) await hit();
    }),
  );
  for (const [i, s] of sessions.entries()) {
    const { profile } = (await s.send("Profiler.stop")) as { profile: Profile };
    s.close();
    report(targets[i].title, profile);
  }
} finally {
  await mf.dispose();
}

/** A Chrome DevTools Protocol session over the inspector's WebSocket. */
async function inspect(url: string) {
  const ws = new WebSocket(url);
  await new Promise((resolve) => ws.addEventListener("open", resolve));
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  ws.addEventListener("message", (event) => {
    const msg = JSON.parse(String(event.data));
    pending.get(msg.id)?.(msg.result);
    pending.delete(msg.id);
  });
  return {
    send: (method: string, params = {}) =>
      new Promise<unknown>((resolve) => {
        pending.set(++id, resolve);
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

function report(title: string, profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfOf = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfOf.set(id, (selfOf.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const name = (id: number) => {
    const f = byId.get(id)?.callFrame;
    return f ? `${f.functionName || "(anonymous)"} ${f.url.split("/").pop()}:${f.lineNumber}` : "?";
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of selfOf) {
    const own = name(id);
    if (/^\((idle|root)\)/.test(own)) continue;
    busy += us;
    self.set(own, (self.get(own) ?? 0) + us);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const frame = name(cur);
      if (!seen.has(frame) && !frame.startsWith("(root)")) inclusive.set(frame, (inclusive.get(frame) ?? 0) + us);
      seen.add(frame);
    }
  }
  const perRequest = (us: number) => `${(us / requests / 1000).toFixed(3)} ms`;
  if (busy / requests < 5) return; // isolates that did nothing for these requests
  console.log(`\n${title}: ${perRequest(busy)} busy per request`);
  const top = (m: Map<string, number>, label: string) => {
    console.log(`  ${label}`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, 20))
      console.log(`    ${perRequest(v).padStart(9)} ${((100 * v) / busy).toFixed(1).padStart(5)}%  ${k}`);
  };
  top(self, "self");
  top(inclusive, "inclusive");
}
