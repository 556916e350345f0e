import { createHmac, pbkdf2Sync, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { parse as parseToml } from "smol-toml";
import { DEMO_PASSWORD, SEED_USERS, seedCalendar, seedStatements } from "../../worker/db/seed-data";
import { SEED_PENDING_STUDENT, seedStudentDocument } from "../../worker/db/seed-operator";
import { CLOCK_HEADER } from "../../worker/clock";
import { todayInIndia } from "../../worker/domain/bookings/transitions";
import { clockMoved, testDate, testNow } from "./clock";
import { workerLog } from "./console-guard";
import { TEST_ENV } from "./env";
import { workerTransport } from "./worker-transport";
import { D1_HOST, D1_WORKER, d1OverHttp } from "./d1-over-http";
import { DEAD_LETTER_QUEUE, FOLLOW_UPS_QUEUE } from "../../worker/domain/follow-ups/message";

const root = new URL("../../", import.meta.url);
const wranglerToml = readFileSync(new URL("wrangler.toml", root), "utf8");
const compatibilityDate = /compatibility_date\s*=\s*"([^"]+)"/.exec(wranglerToml)?.[1];
/** wrangler.toml's flags, as production runs with them (enable_request_signal: an aborted request's signal fires). */
const compatibilityFlags = JSON.parse(/compatibility_flags\s*=\s*(\[[^\]]*\])/.exec(wranglerToml)?.[1] ?? "[]") as string[];
/** wrangler.toml's rate limiters (`[[ratelimits]]`), as production has them: name and `simple = { limit, period }`. */
const ratelimits = (parseToml(wranglerToml).ratelimits ?? []) as { name: string; simple: { limit: number; period: number } }[];
export const RATE_LIMITERS = Object.fromEntries(ratelimits.map(({ name, simple }) => [name, { simple }]));

export function migrationStatements(): string[] {
  const dir = new URL("migrations/", root);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .flatMap((f) =>
      readFileSync(new URL(f, dir), "utf8")
        .split("--> statement-breakpoint")
        .map((s) => s.trim())
        .filter(Boolean),
    );
}

/**
 * The seeded accounts' password hashes in the tests: the stored format with 1,000 iterations, which the record names
 * and verifyPassword honours, so the suites' thousands of sign-ins cost about a millisecond each instead of the
 * 100,000 iterations' ~80 ms. Every account the tests make, every changed password and the password tests themselves
 * (test/unit/password*.test.ts) still hash at the full count, and `npm start`'s seed does too.
 */
const SEEDED_HASH_ITERATIONS = 1_000;
let hashCache: Record<string, string> | null = null;
function seededHash(salt: Buffer) {
  const input = createHmac("sha256", TEST_ENV.PASSWORD_PEPPER).update(DEMO_PASSWORD).digest();
  const hash = pbkdf2Sync(input, salt, SEEDED_HASH_ITERATIONS, 32, "sha256");
  return `pbkdf2-sha256$${SEEDED_HASH_ITERATIONS}$${salt.toString("base64")}$${hash.toString("base64")}`;
}
/** The seed laid on `now` (its dates are relative to the day, worker/db/seed-data.ts); the password hashes are made once. */
function seedSql(now: Date) {
  hashCache ??= Object.fromEntries(SEED_USERS.map((u) => [u.id, seededHash(randomBytes(16))]));
  return seedStatements(hashCache, now);
}

export type TestWorker = Awaited<ReturnType<typeof startWorker>>;

/** The first path segments of the static files (build/client: `assets`, `images`, `favicon.svg`…), lower-cased. */
let staticRoots: Set<string> | null = null;

/** The first segment of `target`'s path, decoded and lower-cased; null when it cannot be decoded. */
function firstSegment(target: URL) {
  try {
    return decodeURIComponent(target.pathname)
      .replace(/^[/\\]+/, "")
      .split(/[/\\]/)[0]
      .toLowerCase();
  } catch {
    return null;
  }
}

/** Whether `target`'s path lies under one of the static files' first segments, in any case or spelling. */
function underStaticRoot(target: URL) {
  staticRoots ??= new Set(readdirSync(new URL("build/client", root)).map((name) => name.toLowerCase()));
  const first = firstSegment(target);
  return first !== null && staticRoots.has(first);
}

/**
 * Whether Miniflare's asset router, or its entry's own handlers (`/cdn-cgi/…`: a cron trigger), could answer `target`
 * instead of the Worker: a path under one of the static files' first segments, in any case or spelling, or one that
 * cannot be decoded. Only those requests go through Miniflare's entry (and its asset router, when the Worker serves
 * the static files), as in production Cloudflare's router answers them first. Every other request goes to the
 * Worker's own socket: the router would hand it to the Worker unchanged, and its two JavaScript hops cost workerd
 * about 0.9 ms of CPU a request, more than a simple API answer itself (ADR 0059).
 */
function mayBeStatic(target: URL) {
  const first = firstSegment(target);
  return first === null || first === "cdn-cgi" || underStaticRoot(target) || target.protocol !== "http:";
}

/**
 * Where test databases live: the run's folder (test/support/scratch.ts), memory-backed where the machine has it
 * (SQLite files there cost no disk writes).
 */
const scratch = process.env.TB_SCRATCH ?? (existsSync("/dev/shm") ? "/dev/shm" : tmpdir());
/** Every test's D1 has this id; its SQLite file is found by it within the test's own persistence folder. */
const DATABASE_ID = "tripbazaar-test";

type Template = { dir: string; seedNow: Date };

/**
 * Lays a template in its own workerd: the migrations and the seed as one D1 batch, the seed's document into R2, each
 * in one request. Through Miniflare's binding proxies every statement cost a synchronous round trip from Node
 * (about 800 of them, a second of the test process's time per template).
 */
const TEMPLATE_WORKER = `
export default {
  async fetch(request, env) {
    try {
      if (request.method === "PUT") {
        const key = decodeURIComponent(new URL(request.url).pathname.slice(1));
        await env.MEDIA.put(key, await request.arrayBuffer(), { httpMetadata: { contentType: request.headers.get("content-type") } });
      } else {
        const statements = await request.json();
        await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
      }
      return new Response("laid");
    } catch (error) {
      return new Response(String((error && error.message) || error), { status: 500 });
    }
  },
};
`;
const templates = new Map<string, Promise<Template>>();

/**
 * A D1 with the real migrations (and the seed, laid on `seedNow`), and an R2 with the seed's one document, made once
 * per vitest worker, clock and day in India, and copied for every file (about a third of starting a Worker was
 * migrating and seeding, and putting the document through Miniflare's binding proxy cost each file a Node thread).
 */
function template(seed: boolean): Promise<Template> {
  const seedNow = testDate();
  const key = `${process.env.TB_TEST_CLOCK ?? ""} ${seed ? todayInIndia(seedNow) : "empty"}`;
  let made = templates.get(key);
  if (!made) {
    made = (async () => {
      const dir = mkdtempSync(join(scratch, "tb-d1-template-"));
      const mf = new Miniflare({
        modules: true,
        script: TEMPLATE_WORKER,
        compatibilityDate,
        d1Databases: { DB: DATABASE_ID },
        d1Persist: dir,
        r2Buckets: ["MEDIA"],
        r2Persist: dir,
      });
      try {
        const statements = [...migrationStatements(), ...(seed ? seedSql(seedNow) : [])];
        const made = await mf.dispatchFetch("http://template/", { method: "POST", body: JSON.stringify(statements) });
        if (!made.ok) throw new Error(`The test D1 template failed: ${await made.text()}`);
        // The seeded student ID's document, as `npm start` puts it in local R2 (worker/db/seed-operator.ts).
        if (seed) {
          const put = await mf.dispatchFetch(`http://template/${SEED_PENDING_STUDENT.documentKey}`, {
            method: "PUT",
            headers: { "content-type": SEED_PENDING_STUDENT.documentType },
            body: seedStudentDocument(),
          });
          if (!put.ok) throw new Error(`The test R2 template failed: ${await put.text()}`);
        }
      } finally {
        await mf.dispose();
      }
      return { dir, seedNow };
    })();
    templates.set(key, made);
  }
  return made;
}

/**
 * The built Worker (dist/index.js, from `wrangler deploy --dry-run`) in workerd
 * through Miniflare, with a fresh local D1 that has the real migrations and seed. What the Worker logs goes
 * through `workerLog` (test/support/console-guard.ts): its console.errors count against the running test.
 */
export async function startWorker(
  options: {
    port?: number;
    seed?: boolean;
    bindings?: Record<string, string>;
    /** Answers the Worker's outbound fetches (third-party APIs), in Node. */
    outbound?: (request: Request) => Response | Promise<Response>;
    /** How many times the FOLLOW_UPS queue retries a message before its dead-letter queue (wrangler.toml's 10). */
    maxRetries?: number;
    /**
     * Serve the client build's static files (build/client) in front of the Worker, as Cloudflare does: for a browser,
     * and for a test that asks for one. Without them a start costs about 0.12 s less CPU (Miniflare's asset router
     * and asset Worker, and its walk of the folder), and a request for a static file's address is refused.
     */
    assets?: boolean;
  } = {},
) {
  const { dir: templateDir, seedNow } = await template(options.seed !== false);
  // This file's own copy of the template: nothing it writes reaches another file.
  const persist = mkdtempSync(join(scratch, "tb-d1-"));
  cpSync(templateDir, persist, { recursive: true });
  const mf = new Miniflare({
    d1Persist: persist,
    // The copy's R2 too: the seed's document is already in it.
    r2Persist: persist,
    ...(options.port !== undefined ? { host: "127.0.0.1", port: options.port } : {}),
    // One record per console call in the Worker: errors go to the test's console guard (an unexpected one
    // fails the test), so emails printed by the dev outbox and other logs stay quiet unless TB_WORKER_LOGS=1.
    handleStructuredLogs: workerLog,
    workers: [
      {
        name: "app",
        // The bundle has Remix's dynamic import() of route modules, so its one module is listed explicitly.
        modules: [{ type: "ESModule", path: new URL("dist/index.js", root).pathname }],
        compatibilityDate,
        compatibilityFlags,
        d1Databases: { DB: DATABASE_ID },
        r2Buckets: ["MEDIA"],
        // Cloudflare's Images binding, answered by Miniflare with sharp: the pre-sized copies of uploads (ADR 0062).
        images: { binding: "IMAGES" },
        // The public searches' limiter per client address (ADR 0063), at wrangler.toml's limit.
        ratelimits: RATE_LIMITERS,
        ...(options.assets
          ? { assets: { directory: new URL("build/client", root).pathname, binding: "ASSETS", routerConfig: { has_user_worker: true } } }
          : {}),
        // With the tests' clock moved (test/support/clock.ts) the Worker must honour x-tb-now.
        bindings: { ...TEST_ENV, ...(clockMoved ? { TEST_CLOCK: "1" } : {}), ...options.bindings },
        ...(options.outbound ? { outboundService: options.outbound as never } : {}),
        // The real local queue and its dead-letter queue, as wrangler.toml has them (ADR 0039); batches leave at once.
        queueProducers: { FOLLOW_UPS: { queueName: FOLLOW_UPS_QUEUE } },
        queueConsumers: {
          [FOLLOW_UPS_QUEUE]: {
            maxBatchSize: 10,
            maxBatchTimeout: 0,
            maxRetries: options.maxRetries ?? 10,
            deadLetterQueue: DEAD_LETTER_QUEUE,
          },
          [DEAD_LETTER_QUEUE]: { maxBatchSize: 10, maxBatchTimeout: 0 },
        },
      },
      // The tests' own door to the same D1 (test/support/d1-over-http.ts); nothing of the app reaches it.
      {
        name: "tb-test-d1",
        modules: true,
        script: D1_WORKER,
        compatibilityDate,
        d1Databases: { DB: DATABASE_ID },
        routes: [`${D1_HOST}/*`],
        // A socket straight to the app Worker, past Miniflare's entry and asset router (`mayBeStatic`). Declared here:
        // a socket of the app's own would lead to its asset router.
        unsafeDirectSockets: [{ host: "127.0.0.1", port: 0, serviceName: "app" }],
      },
    ],
  });
  const url = await mf.ready;
  const app = await mf.unsafeGetDirectURL("tb-test-d1");
  const transport = workerTransport(url.href, (target) => {
    if (target.hostname === D1_HOST) return null;
    if (!options.assets && underStaticRoot(target))
      throw new Error(
        `${target.pathname} is a static file's address: startWorker({ assets: true }) serves build/client as Cloudflare does`,
      );
    return mayBeStatic(target) ? null : app;
  });
  const d1 = d1OverHttp<Awaited<ReturnType<Miniflare["getD1Database"]>>>(transport.send);
  /** The seed's dates and booking numbers, as laid on the tests' clock (seedCalendar). */
  const seed = seedCalendar(seedNow);

  /** A request to the Worker; `host` sets the Host (e.g. a custom domain). */
  async function request(path: string, init: RequestInit & { host?: string } = {}) {
    const { host = "localhost", ...rest } = init;
    if (clockMoved) {
      // The tests' clock travels with every request, unless the test sets its own.
      const headers = new Headers(rest.headers);
      if (!headers.has(CLOCK_HEADER)) headers.set(CLOCK_HEADER, String(testNow()));
      rest.headers = headers;
    }
    return transport.send(`http://${host}${path}`, rest);
  }

  async function api<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await request(path, {
      method,
      headers: { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: T;
    try {
      json = JSON.parse(text);
    } catch {
      json = text as T;
    }
    return { status: res.status, headers: res.headers, body: json };
  }

  const dispose = async () => {
    transport.close();
    await mf.dispose();
    rmSync(persist, { recursive: true, force: true });
  };
  return { mf, url, d1, request, api, seed, dispose };
}
