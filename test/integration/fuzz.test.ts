import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FuzzBody,
  fuzzBody,
  fuzzExtraHeaders,
  fuzzIp,
  fuzzOrigin,
  fuzzQuery,
  fuzzSegment,
  junkAuthorization,
  junkCookie,
  paramValue,
} from "../support/fuzz-inputs";
import { type ApiRoute, type PageRoute, fillPattern, listApiRoutes, listPageRoutes, paramNames } from "../support/fuzz-routes";
import { type FuzzAnswer, sendToWorker } from "../support/fuzz-transport";
import { REMIX_REFUSALS, allowConsoleErrors } from "../support/console-guard";
import { loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

// Issue 12's fuzz suite: random and malformed paths, query strings, bodies, cookies and headers
// against every API endpoint and every page the app lists, anonymous and signed in.
// Properties: no 5xx ever; a write with a random body is never accepted; every API error is
// `{ success: false, message, issues? }`. FUZZ_SEED=<n> replays a run (the seed is printed).

/** FUZZ_SCALE=10 runs ten times as many cases, for a deeper search than CI's. */
const SCALE = Number(process.env.FUZZ_SCALE) || 1;
const API_RUNS = 20 * SCALE; // per endpoint and principal
const PAGE_RUNS = 4 * SCALE; // per page, site and principal
const SEED = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);
const CUSTOM_DOMAIN = "wanderlust.localhost";
/** Endpoints whose only input is the session: any body is ignored, so a 2xx is right. */
const TAKES_NO_INPUT = new Set([
  "POST /api/auth/logout",
  "POST /api/auth/logout-everywhere",
  "POST /api/dev/scheduled",
  "POST /api/payments/:id/reopen",
]);

// Malformed requests make Remix log its 4xx refusals; anything else the Worker logs as an error still fails a case.
allowConsoleErrors(...REMIX_REFUSALS);

const apiRoutes = listApiRoutes();
const pageRoutes = await listPageRoutes();

let w: TestWorker;
let tokens: string[];
const stats = { api: 0, pages: 0, resets: 0, started: 0 };
/** Fresh sessions of the seeded accounts; again after a route that may have ended them (logout, ADR 0036). */
async function signIn() {
  const sessions = await Promise.all(
    ["asha@example.com", "owner@wanderlust.example", "admin@tripbazaar.example"].map((email) => loginViaApi(w, email)),
  );
  tokens = sessions.map((s) => s.token);
}
/** Routes and pages whose fuzzed calls can end the sessions they carry. */
const endsSessions = (path: string) => /logout|\/dashboard$/.test(path);

beforeAll(async () => {
  stats.started = Date.now();
  w = await startWorker();
  await signIn();
});
afterAll(async () => {
  await w?.dispose();
  const seconds = ((Date.now() - stats.started) / 1000).toFixed(1);
  console.log(
    `fuzz: ${stats.api} API and ${stats.pages} page cases in ${seconds} s (${stats.resets} answers read over a plain socket after undici lost them), seed ${SEED} (FUZZ_SEED=${SEED} replays)`,
  );
});

type Auth = { kind: string; headers: Record<string, string>; origin?: string };

/** Who asks: nobody, or one of the seeded accounts (tokens[0..2]), each fuzzed with its own runs. */
const PRINCIPALS = ["anonymous", "customer", "seller", "superadmin"] as const;

/**
 * Credentials of `who`: none or junk for the anonymous visitor; for an account, its real session as
 * a bearer header or as the cookie with an Origin (ours or anyone's).
 */
function fuzzAuth(who: number): fc.Arbitrary<Auth> {
  if (who === 0)
    return fc.oneof(
      { weight: 2, arbitrary: fc.constant<Auth>({ kind: "anonymous", headers: {} }) },
      {
        weight: 1,
        arbitrary: junkAuthorization(tokens).map((authorization): Auth => ({ kind: "junk bearer", headers: { authorization } })),
      },
      { weight: 1, arbitrary: junkCookie(tokens).map((cookie): Auth => ({ kind: "junk cookie", headers: { cookie } })) },
    );
  const token = tokens[who - 1];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<Auth>({ kind: `${PRINCIPALS[who]} bearer`, headers: { authorization: `Bearer ${token}` } }) },
    {
      weight: 1,
      arbitrary: fuzzOrigin.map(
        (origin): Auth => ({ kind: `${PRINCIPALS[who]} cookie`, headers: { cookie: `tb_session=${token}` }, origin }),
      ),
    },
  );
}

type FuzzRequest = { method: string; host: string; path: string; headers: Record<string, string>; body?: FuzzBody };
async function send(req: FuzzRequest): Promise<FuzzAnswer> {
  const withBody = req.body?.payload !== undefined && req.method !== "GET" && req.method !== "HEAD";
  const headers = { ...req.headers, ...(withBody && req.body?.contentType !== undefined ? { "content-type": req.body.contentType } : {}) };
  const body = withBody ? req.body?.payload : undefined;
  return sendToWorker(w, req.path, { method: req.method, host: req.host, headers, body }, () => stats.resets++);
}

type Case = { method: string; host: string; auth: Auth; extra?: Record<string, string>; ip: string; body?: FuzzBody };

function build({ method, host, auth, extra, ip, body }: Case, path: string): FuzzRequest {
  const origin = auth.origin === "same" ? `http://${host}` : auth.origin;
  const headers = { ...extra, ...auth.headers, "cf-connecting-ip": ip, ...(origin !== undefined ? { origin } : {}) };
  return { method, host, path, headers, body };
}

/** The request and the answer in a form one can replay by hand. */
function describeCase(req: FuzzRequest, answer: FuzzAnswer, why: string) {
  const headers = Object.entries(req.headers).map(([k, v]) => `  ${k}: ${v.length > 200 ? `${v.slice(0, 200)}… (${v.length})` : v}`);
  const payload = req.body?.payload;
  const body = payload === undefined ? "" : typeof payload === "string" ? payload : Buffer.from(payload).toString("latin1");
  return [
    `${why}: ${answer.status}`,
    `${req.method} http://${req.host}${req.path.length > 600 ? `${req.path.slice(0, 600)}… (${req.path.length})` : req.path}`,
    ...headers,
    req.body
      ? `  body (${req.body.what}, ${req.body.contentType}): ${body.length > 300 ? `${body.slice(0, 300)}… (${body.length})` : body}`
      : "",
    `answer (${answer.contentType}): ${answer.text.slice(0, 500)}`,
  ].join("\n");
}

const isWrite = (method: string) => !["GET", "HEAD", "OPTIONS"].includes(method);

/**
 * A random body that happens to be valid input: its route's own JSON schema takes it (fast-check's strings favour
 * names such as "name", so `{"name":"!"}` is a real profile change). Its 2xx is the right answer, not a hole.
 */
function validInput(route: ApiRoute, req: FuzzRequest) {
  const payload = req.body?.payload;
  if (!route.jsonBody || typeof payload !== "string" || !req.body?.contentType?.startsWith("application/json")) return false;
  try {
    return route.jsonBody.safeParse(JSON.parse(payload)).success;
  } catch {
    return false;
  }
}

function assertApiAnswer(route: ApiRoute, req: FuzzRequest, answer: FuzzAnswer) {
  if (answer.status >= 500) throw new Error(describeCase(req, answer, "5xx"));
  if (
    isWrite(req.method) &&
    req.body &&
    !TAKES_NO_INPUT.has(`${route.method} ${route.path}`) &&
    answer.status < 300 &&
    !validInput(route, req)
  )
    throw new Error(describeCase(req, answer, "random body accepted"));
  // A dot segment can lead out of /api (`/api/..` is the home page), and then there is no API error.
  const underApi = /^\/api(\/|$)/.test(new URL(req.path, "http://localhost").pathname);
  if (answer.status < 400 || req.method === "HEAD" || !underApi) return;
  let error: unknown;
  try {
    error = JSON.parse(answer.text);
  } catch {
    throw new Error(describeCase(req, answer, "API error that is not JSON"));
  }
  if (!isApiError(error) || !answer.contentType.startsWith("application/json"))
    throw new Error(describeCase(req, answer, "API error of another shape"));
}

function isApiError(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const { success, message, issues, ...rest } = value as Record<string, unknown>;
  if (success !== false || typeof message !== "string" || message === "" || Object.keys(rest).length > 0) return false;
  if (issues === undefined) return true;
  return (
    Array.isArray(issues) &&
    issues.every((i) => typeof i === "object" && i !== null && typeof i.path === "string" && typeof i.message === "string")
  );
}

/** Values for every parameter of a pattern: reads may hit seeded ids, writes never do. */
const paramsFor = (pattern: string, read: boolean) => fc.tuple(...paramNames(pattern).map((name) => paramValue(name, read)));

describe("the fuzz targets come from the app itself", () => {
  it("lists every API endpoint and every page", () => {
    const api = apiRoutes.map((r) => `${r.method} ${r.path}`);
    expect(api.length).toBeGreaterThanOrEqual(30);
    expect(api).toEqual(
      expect.arrayContaining([
        "GET /api/health",
        "POST /api/auth/login",
        "POST /api/bookings",
        "GET /api/bookings/seller/bookings",
        "GET /api/seller-website/seller/:sellerId/website/searchpackages/:query",
        "PUT /api/seller-admin/packages/:id",
        "GET /api/superadmin/users",
        "PUT /api/superadmin/users/:id/role",
        "GET /api/superadmin/settings",
        "PUT /api/superadmin/settings",
        "GET /api/superadmin/audit",
      ]),
    );
    expect(api.filter((r) => r.startsWith("ALL "))).toEqual([]);
    const pages = pageRoutes.map((r) => r.pattern);
    expect(pages.length).toBeGreaterThanOrEqual(50);
    expect(pages).toEqual(
      expect.arrayContaining([
        "/",
        "/tours/search",
        "/tour-package/:id",
        "/seller-dashboard/orders",
        "/superadmin-panel/users",
        "/superadmin-panel/settings",
        "/superadmin-panel/audit",
        "/superadmin-panel/ledger",
        "/team",
        "/seller/:sellerId/website",
        "/seller/:sellerId/website/searchpackages/:query",
        "/searchpackages/:query",
      ]),
    );
  });

  it("takes a random body that is valid input (its route's own JSON schema takes it) as input, and nothing else", () => {
    const profile = apiRoutes.find((r) => r.method === "PUT" && r.path === "/api/auth/profile");
    expect(profile?.jsonBody).toBeDefined();
    const req = (payload: string, contentType = "application/json") => ({
      method: "PUT",
      host: "localhost",
      path: "/api/auth/profile",
      headers: {},
      body: { what: "random JSON", contentType, payload },
    });
    expect(validInput(profile as ApiRoute, req('{"name":"!"}'))).toBe(true);
    expect(validInput(profile as ApiRoute, req('{"name":""}'))).toBe(false);
    expect(validInput(profile as ApiRoute, req('{"name":"!"}', "text/plain"))).toBe(false);
    expect(validInput(profile as ApiRoute, req("{"))).toBe(false);
    // An endpoint that validates no JSON body never counts a random one as input.
    const logout = apiRoutes.find((r) => r.method === "POST" && r.path === "/api/auth/logout") as ApiRoute;
    expect(validInput(logout, req('{"name":"!"}'))).toBe(false);
  });
});

describe("every API endpoint", () => {
  const methods = fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD");
  apiRoutes.forEach((route, index) => {
    const read = !isWrite(route.method);
    // Built when the test runs: the sessions it uses exist only after beforeAll.
    const input = (who: number) =>
      fc.record({
        method: fc.oneof({ weight: 9, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: methods }),
        host: fc.oneof({ weight: 4, arbitrary: fc.constant("localhost") }, { weight: 1, arbitrary: fc.constant(CUSTOM_DOMAIN) }),
        params: paramsFor(route.path, read),
        query: fuzzQuery(),
        body: read ? fc.constant(undefined) : fuzzBody,
        auth: fuzzAuth(who),
        extra: fuzzExtraHeaders,
        ip: fuzzIp,
      });
    it(`${route.method} ${route.path} never fails and refuses random input`, async () => {
      for (const who of PRINCIPALS.keys()) {
        await fc.assert(
          fc.asyncProperty(input(who), async (one) => {
            stats.api++;
            const req = build(one, fillPattern(route.path, one.params) + one.query);
            assertApiAnswer(route, req, await send(req));
          }),
          { numRuns: API_RUNS, seed: SEED + index * PRINCIPALS.length + who },
        );
        if (endsSessions(route.path)) await signIn();
      }
    });
  });

  it("answers paths that are no endpoint with the same JSON error", async () => {
    const path = fc.array(fuzzSegment, { minLength: 1, maxLength: 4 }).map((segments) => `/api/${segments.join("/")}`);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "POST", "PUT", "DELETE"),
        path,
        fuzzQuery(),
        fc.nat(PRINCIPALS.length - 1).chain(fuzzAuth),
        fuzzIp,
        async (method, p, query, auth, ip) => {
          stats.api++;
          const req = build({ method, host: "localhost", auth, ip, body: method === "GET" ? undefined : { what: "none" } }, p + query);
          const answer = await send(req);
          assertApiAnswer({ method, path: p }, req, answer);
        },
      ),
      { numRuns: 60, seed: SEED - 1 },
    );
  });
});

type Site = { name: string; host: string; routes: PageRoute[] };

describe("every page, on the main site, a seller site by path and a custom domain", () => {
  const bySellerPath = pageRoutes.filter((r) => r.pattern.startsWith("/seller/:sellerId/") || r.pattern === "/seller/:sellerId/website");
  const atRoot = pageRoutes.filter((r) => !bySellerPath.includes(r));
  // Every page is tried on both hosts: a main-site path on a custom domain (and the reverse) must
  // be a clean 404 as much as a page of its own site must render.
  const sites: Site[] = [
    { name: "main site", host: "localhost", routes: atRoot },
    { name: "seller site by path", host: "localhost", routes: bySellerPath },
    { name: "custom domain", host: CUSTOM_DOMAIN, routes: [...atRoot, ...bySellerPath] },
  ];
  const otherHost = fc.constantFrom("127.0.0.1", "nobody.localhost", "WANDERLUST.localhost", "wanderlust.localhost.");

  let index = apiRoutes.length + 1;
  for (const site of sites) {
    for (const route of site.routes) {
      const seed = SEED + PRINCIPALS.length * index++;
      // Remix's data requests: the loader of one route the page renders, or of none.
      const dataQuery = fc.constantFrom(...route.chain, "root", "", "routes/nope").map((id) => `_data=${encodeURIComponent(id)}`);
      const input = (who: number) =>
        fc.record({
          method: fc.oneof(
            { weight: 8, arbitrary: fc.constant("GET") },
            { weight: 1, arbitrary: fc.constant("HEAD") },
            { weight: 2, arbitrary: fc.constantFrom("POST", "PUT", "PATCH", "DELETE", "OPTIONS") },
          ),
          host: fc.oneof({ weight: 9, arbitrary: fc.constant(site.host) }, { weight: 1, arbitrary: otherHost }),
          params: paramsFor(route.pattern, true),
          query: fuzzQuery(dataQuery),
          body: fuzzBody,
          auth: fuzzAuth(who),
          extra: fuzzExtraHeaders,
          ip: fuzzIp,
        });
      it(`${site.name}: ${route.pattern} never fails`, async () => {
        for (const who of PRINCIPALS.keys()) {
          await fc.assert(
            fc.asyncProperty(input(who), async (one) => {
              stats.pages++;
              const req = build(one, fillPattern(route.pattern, one.params) + one.query);
              const answer = await send(req);
              if (answer.status >= 500) throw new Error(describeCase(req, answer, "5xx"));
            }),
            { numRuns: PAGE_RUNS, seed: seed + who },
          );
          if (endsSessions(route.pattern)) await signIn();
        }
      });
    }
  }
});
