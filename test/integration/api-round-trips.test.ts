import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../drizzle/users";
import { createApiApp } from "../../worker/api/app";
import { type Endpoint, endpointsOf } from "../../worker/api/openapi";
import { type RouteDoc, routeInfoOf } from "../../worker/api/route-info";
import { testToday } from "../support/clock";
import { fillPattern, paramNames } from "../support/fuzz-routes";
import { ACCOUNTS } from "../support/page-visits";
import { type Session, bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * Issue 22: a signed-in API read costs one D1 round trip, the session check included, as a page does. Every GET
 * route is listed from the app's own route table (with the guards and `describeRoute`s the API document is read
 * from), so a new route is held to this without being listed here. A route that reads nothing says so
 * (`database: false`) and must cost none.
 */

/** A seeded value for each route parameter, one the route's role may read. */
const PARAMS: Record<string, string> = {
  sellerId: "s_wanderlust",
  packageId: "p_goa",
  query: "all-packages",
  // A seeded daily bus (issue 27), ten days after the tests' today in India.
  serviceId: "bs_bengaluru_chennai_vrl_2200",
  date: new Date(Date.parse(`${testToday()}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10),
};
/** `:id` names another row under each area. */
const IDS: [prefix: string, id: string][] = [
  ["/api/bookings/", "bk_w1"],
  ["/api/hotels/", "sh_goa_sea_breeze"],
  ["/api/payments/", "py_seed_bk_w4"],
  ["/api/seller-admin/packages/", "p_goa"],
  ["/api/reviews/packages/", "p_goa"],
];
/** Query parameters a route requires. */
const QUERY: Record<string, string> = { "/api/dev/outbox": "?to=asha%40example.com" };

type Guarded = Role | "any" | "public";

type Route = { path: string; url: string; who: Guarded; reads: boolean };

const infosOf = (e: Endpoint) => e.handlers.map(routeInfoOf).filter((i) => i !== undefined);

function routeOf(e: Endpoint): Route {
  const infos = infosOf(e);
  const guards = infos.filter((i) => i.kind === "guard");
  const doc = infos.find((i) => i.kind === "doc")?.doc as RouteDoc | undefined;
  const who: Guarded = guards.length === 0 ? "public" : (guards.map((g) => g.role).find((r) => r !== null) ?? "any");
  const values = paramNames(e.path).map((name) =>
    name === "id" ? (IDS.find(([prefix]) => e.path.startsWith(prefix))?.[1] ?? "x") : (PARAMS[name] ?? "x"),
  );
  return { path: e.path, url: `${fillPattern(e.path, values)}${QUERY[e.path] ?? ""}`, who, reads: doc?.database !== false };
}

const READS = endpointsOf(createApiApp().routes)
  .filter((e) => e.method === "GET")
  .map(routeOf);
const GUARDED = READS.filter((r) => r.who !== "public");

let w: TestWorker;
const sessions = {} as Record<Role, Session>;
let himalayan: Session;
beforeAll(async () => {
  w = await startWorker();
  [sessions.seller, sessions.user, sessions.superadmin, himalayan] = await Promise.all([
    loginViaApi(w, ACCOUNTS.seller),
    loginViaApi(w, ACCOUNTS.user),
    loginViaApi(w, ACCOUNTS.superadmin),
    loginViaApi(w, "owner@himalayan.example"),
  ]);
});
afterAll(() => w?.dispose());

const ROLES: Role[] = ["user", "seller", "superadmin"];
const sessionFor = (who: Guarded) => (who === "public" ? null : sessions[who === "any" ? "user" : who]);
const calls = (res: { headers: Headers }) => res.headers.get("x-tb-d1-calls");

describe("API reads", () => {
  it("are listed from the route table: every area's GET routes, guarded and public", () => {
    expect(READS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(GUARDED.map((r) => r.who))).toEqual(new Set(["any", "seller", "user", "superadmin"]));
    expect(READS.map((r) => r.path)).toEqual(expect.arrayContaining(["/api/bookings/:id", "/api/seller-admin/site", "/api/health"]));
  });

  it("answer 200 in one D1 round trip, the session check included (none for a route that reads nothing)", async () => {
    const over: string[] = [];
    for (const route of READS) {
      const session = sessionFor(route.who);
      const res = await w.api("GET", route.url, undefined, session ? bearer(session) : {});
      expect(res.status, `${route.url} as ${route.who}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
      const expected = route.reads ? "1" : "0";
      if (calls(res) !== expected) over.push(`${route.url}: ${calls(res)} D1 round trips, expected ${expected}`);
    }
    expect(over).toEqual([]);
  });

  it("answer the session cookie as they answer the bearer token, in one round trip", async () => {
    for (const route of GUARDED) {
      const session = sessionFor(route.who) as Session & { cookie?: string };
      const res = await w.request(route.url, { headers: { cookie: `tb_session=${session.token}` } });
      expect(res.status, route.url).toBe(200);
      expect(calls(res), route.url).toBe("1");
    }
  });

  it("answer another role 403 with the error alone, in one round trip", async () => {
    for (const route of GUARDED) {
      if (route.who === "any") continue;
      // A refusal that never ran the handler: the headers any refusal of this route carries.
      const signedOut = await w.api("GET", route.url);
      for (const other of ROLES.filter((r) => r !== route.who)) {
        const res = await w.api("GET", route.url, undefined, bearer(sessions[other]));
        expect(res.status, `${other} on ${route.url}`).toBe(403);
        expect(calls(res), `${other} on ${route.url}`).toBe("1");
        // SECURITY: nothing the handler read, not even a header it set, leaves with the refusal.
        expect(Object.keys(res.body).sort(), route.url).toEqual(["message", "success"]);
        expect([...res.headers.keys()].sort(), route.url).toEqual([...signedOut.headers.keys()].sort());
      }
    }
  });

  it("answer no session 401 without reading D1", async () => {
    for (const route of GUARDED) {
      const res = await w.api("GET", route.url);
      expect(res.status, route.url).toBe(401);
      expect(calls(res), route.url).toBe("0");
    }
  });

  it("answer a disabled account 401 'Your session has ended', in one round trip, with nothing it read", async () => {
    await w.d1.prepare("UPDATE users SET status = 'disabled' WHERE id = 's_himalayan'").run();
    try {
      for (const route of GUARDED) {
        if (route.who !== "seller" && route.who !== "any") continue;
        const res = await w.api("GET", route.url, undefined, bearer(himalayan));
        expect(res.status, route.url).toBe(401);
        expect(res.body, route.url).toEqual({ success: false, message: "Your session has ended. Please log in again." });
        expect(calls(res), route.url).toBe("1");
      }
    } finally {
      await w.d1.prepare("UPDATE users SET status = 'active' WHERE id = 's_himalayan'").run();
    }
  });

  it("answer a token from before a password change 401, in one round trip", async () => {
    await w.d1.prepare("UPDATE users SET token_version = token_version + 1 WHERE id = 's_himalayan'").run();
    for (const route of GUARDED.filter((r) => r.who === "seller")) {
      const res = await w.api("GET", route.url, undefined, bearer(himalayan));
      expect(res.status, route.url).toBe(401);
      expect(res.body.message, route.url).toBe("Your session has ended. Please log in again.");
      expect(calls(res), route.url).toBe("1");
    }
  });
});
