import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idemKey } from "../support/bookings";
import { REMIX_REFUSALS, allowConsoleErrors } from "../support/console-guard";
import { HOSTILE_IMAGE_URLS, PAYLOADS, liveMarkup } from "../support/security-payloads";
import {
  TRANSPORTS,
  contactMessage,
  created,
  disabledToken,
  freshIp,
  inPool,
  loggedOutEverywhereToken,
  loggedOutToken,
  newBooking,
  newCheckout,
  newCustomer,
  newDomain,
  newPackage,
  newTravelBooking,
  staleToken,
} from "../support/security-fixtures";
import {
  type ApiRoute,
  ENDS_SESSIONS,
  PUBLIC_API,
  SAMPLE_PACKAGE,
  type PageParam,
  type Resource,
  type Role,
  apiRoutes,
  areaOf,
  fillPath,
  pageParamOf,
  pageRoutes,
  resourceAt,
  resourcesOf,
  rolesFor,
  sampleBody,
  LIMITED_WRITES,
  UNLIMITED_WRITES,
  unclassifiedApiRoutes,
  unclassifiedPages,
  unclassifiedWrites,
} from "../support/security-routes";
import { sendPageAction } from "../support/page-action";
import { forgedTokens } from "../support/security-tokens";
import { type Session, bearer, loginViaApi, waitForEmail } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * The security regression matrix (issue #12): authentication, roles, tenant isolation, inert
 * payloads and local-only redirects, over every route the API and Remix route tables list.
 */

const A = "s_wanderlust";
const B = "s_himalayan";
const API = apiRoutes();
const PROTECTED = API.filter((r) => !PUBLIC_API.has(r.key));
const PAGES = pageRoutes();
const MISSING_ID = "zz_matrix_missing";
const POOL = 16;
// Forged and hostile requests make Remix log its 4xx refusals; anything else the Worker logs as an error fails.
allowConsoleErrors(...REMIX_REFUSALS);

let w: TestWorker;
let sellerA: Session;
let sellerB: Session;
let asha: Session;
let admin: Session;
let customer2: Session;

beforeAll(async () => {
  w = await startWorker();
  [sellerA, sellerB, asha, admin, customer2] = await Promise.all([
    loginViaApi(w, "owner@wanderlust.example"),
    loginViaApi(w, "owner@himalayan.example"),
    loginViaApi(w, "asha@example.com"),
    loginViaApi(w, "admin@tripbazaar.example"),
    newCustomer(w, "second"),
  ]);
});
afterAll(() => w?.dispose());

type Answer = { status: number; body: any; text: string; replayed: boolean };

/** One API call as `route` says, with its sample body; `headers` carry the session under test. */
async function call(route: ApiRoute, path: string, headers: Record<string, string> = {}, body = sampleBody(route)): Promise<Answer> {
  const res = await w.request(path, {
    method: route.method,
    headers: { "content-type": "application/json", "idempotency-key": idemKey(), ...freshIp(), ...headers },
    body: body === undefined || route.method === "GET" ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, body: json, text, replayed: res.headers.get("idempotent-replayed") === "true" };
}

/** Real ids per seller for page parameters; seller B's are filled in by the payload suite. */
const pageIds: Record<string, Record<PageParam, string>> = {
  [A]: {
    seller: A,
    package: "p_goa",
    booking: "bk_w1",
    search: "all-packages",
    "reset-token": "matrix-reset-token-0000",
    hotel: "h_matrix",
    student: "sv_seed_meera",
    "travel-booking": "TB-2020-999999",
  },
  [B]: {
    seller: B,
    package: "p_spiti",
    booking: "bk_h1",
    search: "all-packages",
    "reset-token": "matrix-reset-token-0000",
    hotel: "h_matrix",
    student: "sv_seed_meera",
    "travel-booking": "TB-2020-999999",
  },
};
/** A seller site's address segment: its slug (ADR 0040); by id the pages answer a redirect. Filled in for new sellers. */
const SLUG_OF: Record<string, string> = { [A]: "wanderlust-journeys", [B]: "himalayan-trails" };
const siteOf = (seller: string) => `/seller/${SLUG_OF[seller] ?? seller}/website`;
const pageId = (param: PageParam | undefined, seller: string) =>
  param === "seller" ? (SLUG_OF[seller] ?? seller) : param ? (pageIds[seller] ?? pageIds[A])[param] : MISSING_ID;

const dummyPath = (route: ApiRoute) => fillPath(route.path, () => MISSING_ID);
const sessionOf: Record<Role, () => Session> = { user: () => asha, seller: () => sellerA, superadmin: () => admin };

describe("the route tables are classified", () => {
  it("knows every API route and page parameter, so a new one cannot slip past the matrix", () => {
    expect(API.length).toBeGreaterThan(30);
    expect(PAGES.some((p) => p.path.startsWith("/seller-dashboard/"))).toBe(true);
    expect([...unclassifiedApiRoutes(API), ...unclassifiedPages(PAGES)]).toEqual([]);
  });
});

describe("writes that send email or cost money (issue 23)", () => {
  it("are each rate limited or say why they need none, so a new write must choose", () => {
    expect(unclassifiedWrites(API)).toEqual([]);
    const known = new Set(API.map((r) => r.key));
    expect([...Object.keys(LIMITED_WRITES), ...Object.keys(UNLIMITED_WRITES)].filter((k) => !known.has(k))).toEqual([]);
  });

  it("declare their 429 in the API document", async () => {
    const doc = (await w.api("GET", "/api/openapi.json")).body;
    const undeclared = Object.keys(LIMITED_WRITES).filter((key) => {
      const [method, path] = key.split(" ");
      return !doc.paths?.[path.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()]?.responses?.["429"];
    });
    expect(undeclared).toEqual([]);
  });
});

describe("authentication", () => {
  it("answers 401 to every route off the public allowlist when there is no session", async () => {
    const failures = await inPool(PROTECTED, POOL, async (route) => {
      const res = await call(route, dummyPath(route), { origin: "http://localhost" });
      if (res.status === 401) return null;
      const hint =
        res.status === 400 || res.status === 422
          ? "validation answered first: add a valid body to SAMPLE_BODIES"
          : "not 401 without a session: fix it, or add it to PUBLIC_API if it is meant to be public";
      return `${route.key} → ${res.status} (${hint})`;
    });
    expect(failures.filter(Boolean)).toEqual([]);
  });

  it("answers 401 to every forged, expired, stale or disabled token, as bearer and as cookie", async () => {
    const adminRow = await w.d1.prepare("SELECT token_version AS ver FROM users WHERE id = 'u_admin'").first<{ ver: number }>();
    const tokens = {
      ...(await forgedTokens({ sub: "u_admin", role: "superadmin", ver: adminRow?.ver ?? 0 }, sellerA.token)),
      "stale ver (password changed since)": await staleToken(w),
      "disabled account": await disabledToken(w, admin),
      "logged out (ended on the server)": await loggedOutToken(w),
      "logged out everywhere": await loggedOutEverywhereToken(w),
    };
    const cases = Object.entries(tokens).flatMap(([name, token]) =>
      Object.entries(TRANSPORTS).flatMap(([via, headers]) => PROTECTED.map((route) => ({ name, via, route, headers: headers(token) }))),
    );
    const failures = await inPool(cases, POOL, async (c) => {
      const res = await call(c.route, dummyPath(c.route), c.headers);
      return res.status === 401 ? null : `${c.name} as ${c.via}: ${c.route.key} → ${res.status}`;
    });
    expect(failures.filter(Boolean)).toEqual([]);
    expect(cases.length).toBeGreaterThan(14 * 2 * 30);
  });
});

describe("roles", () => {
  it("answers 403 to every role-restricted API route called by another role", async () => {
    const cases = PROTECTED.flatMap((route) => {
      const allowed = rolesFor(route);
      if (!allowed) return [];
      return (["user", "seller", "superadmin"] as const).filter((r) => !allowed.includes(r)).map((role) => ({ route, role }));
    });
    expect(cases.filter((c) => c.route.path.startsWith("/api/superadmin/")).length).toBeGreaterThan(5);
    const failures = await inPool(cases, POOL, async ({ route, role }) => {
      const res = await call(route, dummyPath(route), bearer(sessionOf[role]()));
      return res.status === 403 ? null : `${role} on ${route.key} → ${res.status}`;
    });
    expect(failures.filter(Boolean)).toEqual([]);
  });

  const dashboardPages = () =>
    PAGES.filter((p) => areaOf(p.path)).map((p) => ({ ...p, url: fillPath(p.path, (_p, key) => pageId(pageParamOf(key), A)) }));

  it("answers a 403 page, without the dashboard, to a signed-in account of the wrong role", async () => {
    const cases = dashboardPages().flatMap((page) => {
      const role = areaOf(page.path)?.role;
      if (!role) return [];
      return (["user", "seller", "superadmin"] as const).filter((r) => r !== role).map((r) => ({ page, role: r }));
    });
    const failures = await inPool(cases, POOL, async ({ page, role }) => {
      const res = await w.request(page.url, { headers: TRANSPORTS.cookie(sessionOf[role]().token) });
      const html = await res.text();
      if (res.status !== 403) return `${role} on ${page.url} → ${res.status}`;
      return /role="status">Loading\.\.\./.test(html) ? `${role} on ${page.url}: the dashboard shell rendered` : null;
    });
    expect(failures.filter(Boolean)).toEqual([]);
  });

  it("sends a signed-out, stale, disabled or logged-out visitor of every login-required page to /login?redirect=", async () => {
    const stale = await staleToken(w);
    const disabled = await disabledToken(w, admin);
    const sessions: [string, Record<string, string>][] = [
      ["signed out", {}],
      ["stale session", TRANSPORTS.cookie(stale)],
      ["disabled account", TRANSPORTS.cookie(disabled)],
      ["logged-out session", TRANSPORTS.cookie(await loggedOutToken(w))],
      ["logged out everywhere", TRANSPORTS.cookie(await loggedOutEverywhereToken(w))],
    ];
    const cases = dashboardPages().flatMap((page) => sessions.map(([who, headers]) => ({ page, who, headers })));
    const failures = await inPool(cases, POOL, async ({ page, who, headers }) => {
      const res = await w.request(page.url, { headers });
      const expected = `/login?redirect=${encodeURIComponent(page.url)}`;
      const location = res.headers.get("location");
      return [302, 303].includes(res.status) && location === expected ? null : `${who} on ${page.url} → ${res.status} ${location}`;
    });
    expect(failures.filter(Boolean)).toEqual([]);
  });
});

type Principal = "sellerA" | "sellerB" | "asha" | "customer2";
const sessionAs = (p: Principal) => ({ sellerA, sellerB, asha, customer2 })[p];
const TABLES: Partial<Record<Resource, string>> = {
  booking: "bookings",
  package: "packages",
  departure: "departures",
  message: "contact_messages",
  domain: "custom_domains",
  cart: "cart_items",
  payment: "payments",
  review: "reviews",
  "travel-booking": "travel_bookings",
};
type Owned = { kind: Resource; id: string; owners: Principal[] };

const rowOf = (o: Owned) => w.d1.prepare(`SELECT * FROM ${TABLES[o.kind]} WHERE id = ?`).bind(o.id).first();
const rowsWhere = (sql: string, ...args: unknown[]) =>
  w.d1
    .prepare(sql)
    .bind(...args)
    .all()
    .then((r) => r.results);

const TENANT_KINDS = new Set<Resource>([
  "booking",
  "package",
  "departure",
  "message",
  "domain",
  "cart",
  "payment",
  "review",
  "travel-booking",
]);

describe("tenant isolation", () => {
  let owned: Owned[];
  let own: Record<"sellerA" | "customer2", Partial<Record<Resource, string>>>;
  beforeAll(async () => {
    const [pkgA, pkgA2, pkgB, msgB, domA, domB, bkAsha, bkC2, payAsha, payC2] = await Promise.all([
      newPackage(w, sellerA),
      newPackage(w, sellerA),
      newPackage(w, sellerB),
      contactMessage(w, B),
      newDomain(w, sellerA, "wanderlust-matrix.example.com"),
      newDomain(w, sellerB, "himalayan-matrix.example.com"),
      newBooking(w, asha, "p_goa"),
      newBooking(w, customer2, "p_kedarnath"),
      newCheckout(w, asha, "p_manali"),
      newCheckout(w, customer2, "p_spiti"),
    ]);
    // A flight the platform sold a traveller outside the four (issue 27): none of them may cancel it.
    const trip = await newTravelBooking(w, await newCustomer(w, "matrix-flyer"));
    const ofA = (kind: Resource, id: string): Owned => ({ kind, id, owners: ["sellerA"] });
    const ofB = (kind: Resource, id: string): Owned => ({ kind, id, owners: ["sellerB"] });
    owned = [
      ...["p_goa", "p_kerala_draft", pkgA].map((id) => ofA("package", id)),
      ...["p_spiti", "p_kedarnath", pkgB].map((id) => ofB("package", id)),
      ofA("departure", "dp_udaipur_1"),
      ofA("departure", "dp_udaipur_3"),
      ofB("departure", "dp_darjeeling_2"),
      ofA("message", "msg_seed_1"),
      ofB("message", msgB),
      ofA("domain", "dom_wanderlust"),
      ofA("domain", domA),
      ofB("domain", domB),
      { kind: "booking", id: "bk_w1", owners: ["asha", "sellerA"] },
      { kind: "booking", id: "bk_w4", owners: ["asha", "sellerA"] },
      { kind: "booking", id: bkAsha, owners: ["asha", "sellerA"] },
      { kind: "booking", id: "bk_h1", owners: ["asha", "sellerB"] },
      { kind: "booking", id: bkC2, owners: ["customer2", "sellerB"] },
      // A traveller's cart and payments are theirs alone: no seller and no other traveller reaches them by id.
      { kind: "cart", id: payAsha.cartItem, owners: ["asha"] },
      { kind: "cart", id: payC2.cartItem, owners: ["customer2"] },
      { kind: "payment", id: payAsha.payment, owners: ["asha"] },
      { kind: "payment", id: payC2.payment, owners: ["customer2"] },
      // A review is answered (replied to, reported) only by the seller of its package; its author, another traveller
      // and another seller reach no review by id (issue 28). The seed's: Asha's of Wanderlust's Munnar trip (replied
      // to), Meera's of Wanderlust's Goa (no reply yet) and Rahul's of Himalayan's Kedarnath trek.
      ofA("review", "rv_seed_w4"),
      ofA("review", "rv_seed_m1"),
      ofB("review", "rv_seed_h2"),
      { kind: "travel-booking", id: trip.id, owners: [] },
    ];
    own = {
      sellerA: { package: pkgA2, message: "msg_seed_2", domain: domA, booking: bkAsha },
      customer2: { booking: bkC2, cart: payC2.cartItem, payment: payC2.payment },
    };
  });

  it("gives another tenant 403 or 404 on every id route, for every method, and changes no row", async () => {
    const routes = API.filter((r) => resourcesOf(r).some((k) => TENANT_KINDS.has(k)));
    expect(new Set(routes.flatMap(resourcesOf))).toEqual(
      new Set(["booking", "package", "departure", "message", "domain", "cart", "payment", "review", "travel-booking"]),
    );
    // Every write on a review by id is in the matrix: the seller's reply and report.
    expect(routes.filter((r) => resourcesOf(r).includes("review")).map((r) => r.key)).toEqual(
      expect.arrayContaining(["POST /api/seller-admin/reviews/:id/reply", "POST /api/seller-admin/reviews/:id/report"]),
    );
    const cases = routes.flatMap((route) => {
      const kind = resourcesOf(route).find((k) => TENANT_KINDS.has(k));
      return owned
        .filter((o) => o.kind === kind)
        .flatMap((o) =>
          (["sellerA", "sellerB", "asha", "customer2"] as const).filter((p) => !o.owners.includes(p)).map((who) => ({ route, o, who })),
        );
    });
    const before = await Promise.all(owned.map(rowOf));
    const failures = await inPool(cases, POOL, async ({ route, o, who }) => {
      const path = fillPath(route.path, (_p, key) => (resourceAt(key) === o.kind ? o.id : MISSING_ID));
      const res = await call(route, path, bearer(sessionAs(who)));
      return [403, 404].includes(res.status)
        ? null
        : `${who} on ${route.method} ${path} (${o.kind} of ${o.owners.join("+")}) → ${res.status}`;
    });
    expect(failures.filter(Boolean)).toEqual([]);
    expect(await Promise.all(owned.map(rowOf))).toEqual(before);
    expect(before.every(Boolean)).toBe(true);
    expect(cases.length).toBeGreaterThan(60);
    // The control: the same reads by an owner succeed, so the refusals above are about the tenant.
    const reads = routes
      .filter((r) => r.method === "GET")
      .flatMap((route) => {
        const kind = resourcesOf(route).find((k) => TENANT_KINDS.has(k));
        return owned.filter((o) => o.kind === kind).flatMap((o) => o.owners.map((who) => ({ route, o, who })));
      });
    const refused = await inPool(reads, POOL, async ({ route, o, who }) => {
      const path = fillPath(route.path, (_p, key) => (resourceAt(key) === o.kind ? o.id : MISSING_ID));
      const res = await call(route, path, bearer(sessionAs(who)));
      return res.status === 200 || (rolesFor(route) && !rolesFor(route)?.includes(sessionAs(who).user.role as Role))
        ? null
        : `${who} on ${path} → ${res.status}`;
    });
    expect(refused.filter(Boolean)).toEqual([]);
    expect(reads.length).toBeGreaterThan(5);
  });

  it("lets no other seller or traveller reply to, report or write a review through the dashboards' forms either", async () => {
    const before = await rowsWhere("SELECT * FROM reviews ORDER BY id");
    const cookieOf = (s: Session) => `tb_session=${s.token}`;
    const failures: string[] = [];
    const refused = (what: string, res: { status: number; answer?: { ok: boolean } }, statuses: number[]) => {
      if (!statuses.includes(res.status) || res.answer?.ok) failures.push(`${what} → ${res.status} ${JSON.stringify(res.answer)}`);
    };
    for (const [id, owner] of [
      ["rv_seed_w4", "sellerA"],
      ["rv_seed_m1", "sellerA"],
      ["rv_seed_h2", "sellerB"],
    ] as const) {
      for (const who of (["sellerA", "sellerB", "asha", "customer2"] as const).filter((p) => p !== owner)) {
        for (const form of [
          { intent: "reply", id, reply: "Thank you for the kind words" },
          { intent: "report", id, reason: "other" },
        ]) {
          const res = await sendPageAction(w, "/seller-dashboard/reviews", form, { cookie: cookieOf(sessionAs(who)) });
          // Another seller: no such review of theirs (404); a traveller, the author too: not a seller's page (403).
          refused(`${who} ${form.intent} ${id}`, res, who.startsWith("seller") ? [404] : [403]);
        }
      }
    }
    // A traveller reviews only their own trip: Meera's unreviewed bk_m2 is not Asha's or another traveller's.
    for (const who of ["asha", "customer2"] as const) {
      const res = await sendPageAction(
        w,
        "/user-dashboard/completed-trips",
        { booking: "bk_m2", rating: "1", text: "A review of somebody else's trip, which must not be written." },
        { cookie: cookieOf(sessionAs(who)) },
      );
      refused(`${who} reviews bk_m2`, res, [404]);
    }
    expect(failures).toEqual([]);
    expect(await rowsWhere("SELECT * FROM reviews ORDER BY id")).toEqual(before);
    // The control: the package's own seller replies through the same form.
    const own = await sendPageAction(
      w,
      "/seller-dashboard/reviews",
      { intent: "reply", id: "rv_seed_h2", reply: "Thank you, Rahul: warm layers it is." },
      { cookie: cookieOf(sellerB) },
    );
    expect(own.answer?.ok, JSON.stringify(own.answer)).toBe(true);
  });

  it("serves a public package only under its own seller, and never a draft", async () => {
    const routes = API.filter((r) => PUBLIC_API.has(r.key) && r.params.includes("packageId"));
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const at = (sellerId: string, packageId: string) => fillPath(route.path, (p) => (p === "sellerId" ? sellerId : packageId));
      expect((await call(route, at(A, "p_goa"))).status).toBe(200);
      for (const [sellerId, packageId] of [
        [B, "p_goa"],
        [A, "p_spiti"],
        [A, "p_kerala_draft"],
      ])
        expect((await call(route, at(sellerId, packageId))).status, at(sellerId, packageId)).toBe(404);
    }
  });

  it("acts on the signed-in tenant whatever seller or user id the body or the query names", async () => {
    const inject = { sellerId: B, seller_id: B, userId: "u_asha", user_id: "u_asha", customerId: "u_asha" };
    const query = `?sellerId=${B}&seller_id=${B}&userId=u_asha`;
    const rowsOf = (...queries: [string, ...unknown[]][]) => Promise.all(queries.map(([sql, ...args]) => rowsWhere(sql, ...args)));
    const passes = [
      {
        actor: "sellerA" as const,
        routes: PROTECTED.filter((r) => rolesFor(r)?.includes("seller") && !ENDS_SESSIONS.has(r.key)),
        foreign: /s_himalayan|p_spiti|Himalayan Trails/,
        victimRows: () =>
          rowsOf(
            ["SELECT * FROM sellers WHERE id = ?", B],
            ["SELECT * FROM website_configs WHERE seller_id = ?", B],
            ...["packages", "custom_domains", "contact_messages", "bookings"].map((t): [string, string] => [
              `SELECT * FROM ${t} WHERE seller_id = ? ORDER BY id`,
              B,
            ]),
          ),
      },
      {
        actor: "customer2" as const,
        routes: PROTECTED.filter((r) => (!rolesFor(r) || rolesFor(r)?.includes("user")) && !ENDS_SESSIONS.has(r.key)),
        foreign: /u_asha|Asha Verma|asha@example\.com|bk_w\d|bk_h1/,
        victimRows: () =>
          rowsOf(
            ["SELECT * FROM users WHERE id = 'u_asha'"],
            ["SELECT * FROM bookings WHERE user_id = 'u_asha' ORDER BY id"],
            ["SELECT * FROM seller_requests WHERE user_id = 'u_asha'"],
            ["SELECT * FROM cart_items WHERE user_id = 'u_asha' ORDER BY id"],
            ["SELECT * FROM payments WHERE user_id = 'u_asha' ORDER BY id"],
          ),
      },
    ];
    const leaks: string[] = [];
    const answers = new Map<string, Answer>();
    for (const { actor, routes, foreign, victimRows } of passes) {
      const before = await victimRows();
      // One at a time: approve before reject, read before delete.
      for (const route of routes) {
        const path = `${fillPath(route.path, (_p, key) => own[actor][resourceAt(key) ?? "public"] ?? MISSING_ID)}${query}`;
        const body = sampleBody(route);
        const res = await call(route, path, bearer(sessionAs(actor)), body && typeof body === "object" ? { ...body, ...inject } : body);
        answers.set(`${actor} ${route.key}`, res);
        if (res.status >= 500 || foreign.test(res.text))
          leaks.push(`${actor} on ${route.method} ${path} → ${res.status} ${res.text.slice(0, 120)}`);
      }
      expect(await victimRows(), `${actor}'s calls changed another tenant's rows`).toEqual(before);
    }
    expect(leaks).toEqual([]);
    // The calls took effect, on the caller's own rows.
    const createdBy = (key: string) => answers.get(key)?.body;
    const pkg = createdBy("sellerA POST /api/seller-admin/packages")?.package.id;
    expect(await rowsWhere("SELECT seller_id FROM packages WHERE id = ?", pkg)).toEqual([{ seller_id: A }]);
    const domain = createdBy("sellerA POST /api/seller-admin/domains")?.domain.id;
    expect(await rowsWhere("SELECT seller_id FROM custom_domains WHERE id = ?", domain)).toEqual([{ seller_id: A }]);
    expect(await rowsWhere("SELECT website_name FROM website_configs WHERE seller_id = ?", A)).toEqual([{ website_name: "Sample Site" }]);
    expect(await rowsWhere("SELECT bio FROM sellers WHERE id = ?", A)).toEqual([{ bio: "Sample bio" }]);
    const c2 = customer2.user.id;
    expect(await rowsWhere("SELECT DISTINCT user_id FROM seller_requests WHERE business_name = 'Sample Trails'")).toEqual([
      { user_id: c2 },
    ]);
    const booking = createdBy("customer2 POST /api/bookings")?.data._id;
    expect(await rowsWhere("SELECT user_id FROM bookings WHERE id = ?", booking)).toEqual([{ user_id: c2 }]);
  });
  it("never replays one tenant's answer to another tenant that sends the same Idempotency-Key", async () => {
    const pairs = { seller: ["sellerA", "sellerB"], user: ["asha", "customer2"] } as const;
    const routes = PROTECTED.filter(
      (r) => r.method === "POST" && r.params.length === 0 && rolesFor(r)?.some((role) => role !== "superadmin"),
    );
    const failures: string[] = [];
    const replayedToOwner: string[] = [];
    for (const route of routes) {
      const [first, second] = pairs[rolesFor(route)?.includes("seller") ? "seller" : "user"];
      const key = { "idempotency-key": idemKey() };
      const idsOf = (a: Answer) => new Set([...a.text.matchAll(/"_?id":"([^"]+)"/g)].map((m) => m[1]));
      const original = await call(route, route.path, { ...bearer(sessionAs(first)), ...key });
      const other = await call(route, route.path, { ...bearer(sessionAs(second)), ...key });
      // Ids any answer of the second tenant holds (the package booked, its seller) are not a leak.
      const shared = idsOf(await call(route, route.path, bearer(sessionAs(second))));
      const leaked = [...idsOf(original)].filter((id) => !shared.has(id) && other.text.includes(id));
      if (other.replayed || leaked.length)
        failures.push(`${second} got ${first}'s answer on ${route.key}: ${other.status} ${other.text.slice(0, 120)}`);
      if ((await call(route, route.path, { ...bearer(sessionAs(first)), ...key })).replayed) replayedToOwner.push(route.key);
    }
    expect(failures).toEqual([]);
    // The control: the key does replay, to the tenant that first sent it.
    expect(replayedToOwner).toContain("POST /api/bookings");
  });
});

/** The text React writes for `s`, so a stored payload can be found on a page in its escaped form. */
const asReactText = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const searchSegment = (destination: string) => encodeURIComponent(new URLSearchParams({ destination }).toString());
const DOMAIN_B = "himalayan-matrix.localhost";

type Target = { url: string; host: string; headers: Record<string, string> };

/** Every page of the route table, filled with seller `sellerId`'s ids, on each host that serves it, with a session of the right role. */
function pageTargets(sellerId: string, domain: string | null): Target[] {
  const sessionFor: Record<string, () => Session> = {
    seller: () => (sellerId === B ? sellerB : sellerA),
    superadmin: () => admin,
    any: () => customer2,
  };
  return PAGES.flatMap((page) => {
    const url = fillPath(page.path, (_p, key) => pageId(pageParamOf(key), sellerId));
    const area = areaOf(page.path);
    const headers = area ? TRANSPORTS.cookie(sessionFor[area.role ?? "any"]().token) : {};
    // Ids without a prefix are dispatched: the main site's page, or the seller's on its own domain.
    const hosts = page.id.startsWith("seller-domain/") ? [domain] : page.id.includes("/") ? ["localhost"] : ["localhost", domain];
    return hosts.filter((h): h is string => h !== null).map((host) => ({ url, host, headers }));
  });
}

describe("hostile markup in seller-controlled fields", () => {
  beforeAll(async () => {
    const id = await newDomain(w, sellerB, DOMAIN_B);
    const res = await w.api("POST", `/api/superadmin/domains/${id}/activate`, undefined, bearer(admin));
    if (res.status !== 200) throw new Error(`activation: ${res.status} ${JSON.stringify(res.body)}`);
  });

  const config = (fields: Record<string, unknown>) =>
    w.api(
      "PUT",
      "/api/seller-website/config",
      { themeColor: "#7c2d12", secondaryColor: "#0369a1", websiteName: "Himalayan Trails", ...fields },
      bearer(sellerB),
    );
  const profile = (fields: Record<string, unknown>) => w.api("PUT", "/api/seller-admin/profile", fields, bearer(sellerB));
  const packageWith = (fields: Record<string, unknown>) =>
    w.api("POST", "/api/seller-admin/packages", { ...SAMPLE_PACKAGE, ...fields }, bearer(sellerB));

  it("has a detector that sees live markup and ignores escaped text", () => {
    const live = [
      "<img src=x onerror=alert(1)>",
      '<a href="java&#x09;script:alert(1)">',
      '<b style="background:url(//evil.example)">',
      "</style><script>alert(1)</script>",
    ];
    for (const html of live) expect(liveMarkup(html), html).not.toEqual([]);
    expect(liveMarkup('<meta content="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"><p>javascript:alert(1) red;}body{}</p>')).toEqual([]);
  });

  it("refuses colours, phone numbers and image addresses that are anything else", async () => {
    const attempts: [string, Promise<{ status: number }>][] = [];
    for (const p of PAYLOADS) {
      attempts.push([`themeColor ${p}`, config({ themeColor: p })], [`secondaryColor ${p}`, config({ secondaryColor: p })]);
      attempts.push([`phone ${p}`, profile({ phone: p })]);
    }
    for (const u of HOSTILE_IMAGE_URLS) {
      attempts.push([`wallpaperImage ${u}`, config({ wallpaperImage: u })], [`logo ${u}`, profile({ logo: u })]);
      attempts.push([`backgroundImage ${u}`, profile({ backgroundImage: u })], [`package image ${u}`, packageWith({ images: [u] })]);
    }
    const accepted = [];
    for (const [what, answer] of attempts) {
      const { status } = await answer;
      // An outside https image is a privacy question (ADR 0021), not markup: refused today, tolerated if it ever comes back.
      const tolerated = /^(https:)?\/\/evil\.example\/pixel\.png$/.test(what.split(" ").slice(1).join(" ")) && status < 300;
      if (status !== 422 && !tolerated) accepted.push(`${what} → ${status}`);
    }
    expect(accepted).toEqual([]);
  });

  for (const [n, payload] of PAYLOADS.entries()) {
    it(`renders ${JSON.stringify(payload)} inert on every page that shows seller content`, async () => {
      const marker = `Xssmark${n}`;
      expect((await config({ websiteName: payload })).status).toBe(200);
      expect((await profile({ bio: payload, address: payload })).status).toBe(200);
      const pkg = await newPackage(w, sellerB, {
        name: `${marker} ${payload}`,
        city: `${marker} ${payload}`,
        description: payload,
        inclusions: [payload],
        exclusions: [payload],
        priceRanges: [{ label: payload.slice(0, 40), price: 1_500_00 }],
      });
      expect((await w.api("PUT", `/api/seller-admin/packages/${pkg}/status`, { status: "published" }, bearer(sellerB))).status).toBe(200);
      await contactMessage(w, B, { name: payload, subject: payload, message: payload });
      const booking = await newBooking(w, customer2, pkg, { specialRequests: payload });
      pageIds[B] = { ...pageIds[B], package: pkg, booking, search: `destination=${marker}` };

      const targets: Target[] = [
        ...pageTargets(B, DOMAIN_B),
        // Reflected: the payload as the search term itself.
        { url: `/tours/search?q=${encodeURIComponent(payload)}`, host: "localhost", headers: {} },
        { url: `/tours/search?q=${marker}`, host: "localhost", headers: {} },
        { url: `${siteOf(B)}/searchpackages/${searchSegment(payload)}`, host: "localhost", headers: {} },
        { url: `/searchpackages/${searchSegment(payload)}`, host: DOMAIN_B, headers: {} },
        { url: `${siteOf(B)}/package/${pkg}`, host: "localhost", headers: TRANSPORTS.cookie(sellerB.token) },
      ];
      const findings = await inPool(targets, POOL, async ({ url, host, headers }) => {
        const res = await w.request(url, { host, headers });
        const text = await res.text();
        const problems = liveMarkup(text).map((f) => `${host}${url}: ${f}`);
        return res.status >= 500 ? [...problems, `${host}${url} → ${res.status}`] : problems;
      });
      expect(findings.flat()).toEqual([]);
      expect(targets.length).toBeGreaterThan(80);
      // Not vacuous: the stored payload reached the pages, as text.
      for (const url of [`${siteOf(B)}/package/${pkg}`, `/tour-package/${pkg}`, `${siteOf(B)}/about`]) {
        expect(await (await w.request(url)).text(), url).toContain(asReactText(payload));
      }
    });
  }
});

describe("hostile markup in a seller application", () => {
  it("renders a business name, city and about text from an approved application inert on the new seller's pages", async () => {
    const sellers = await Promise.all(
      PAYLOADS.map(async (payload) => {
        const applicant = await newCustomer(w, "applicant");
        const fields = { businessName: payload, phone: "+91 98000 12345", city: payload, about: `${payload} since 2015, with care.` };
        const request = await w
          .api("POST", "/api/seller-requests", fields, bearer(applicant))
          .then((res) => created("application", res, (b) => b.request.id as string));
        const approved = await w.api("POST", `/api/superadmin/seller-requests/${request}/approve`, undefined, bearer(admin));
        expect(approved.status).toBe(200);
        SLUG_OF[applicant.user.id] = (await w.d1
          .prepare("SELECT slug FROM sellers WHERE id = ?")
          .bind(applicant.user.id)
          .first("slug")) as string;
        return { id: applicant.user.id, payload };
      }),
    );
    const targets = sellers.flatMap(({ id }) =>
      pageTargets(id, null).filter((t) => t.url.startsWith(`/seller/${SLUG_OF[id]}/`) || t.url === `/seller/${SLUG_OF[id]}`),
    );
    const findings = await inPool(targets, POOL, async ({ url }) => {
      const res = await w.request(url);
      const problems = liveMarkup(await res.text()).map((f) => `${url}: ${f}`);
      return res.status >= 500 ? [...problems, `${url} → ${res.status}`] : problems;
    });
    expect(findings.flat()).toEqual([]);
    for (const { id, payload } of sellers) expect(await (await w.request(siteOf(id))).text()).toContain(asReactText(payload));
  });
});

describe("redirects stay on this site", () => {
  const EVIL = [
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "%2F%2Fevil.example",
    "/\t/evil.example",
    "/%09/evil.example",
    "\\/\\/evil.example",
    "https:evil.example",
  ];
  /** A Location (or Remix's data redirect) that a browser would follow off `host`. */
  const offSite = (res: Response, host: string) =>
    [res.headers.get("location"), res.headers.get("x-remix-redirect")].filter(
      (l): l is string => l !== null && new URL(l, `http://${host}/`).host !== host,
    );

  it("never points a Location off the site, whatever ?redirect= holds, on any page", async () => {
    // Signed out: the login-required pages answer with their own redirect to /login.
    const targets = pageTargets(A, "wanderlust.localhost").map((t) => ({ ...t, headers: {} }));
    const cases = targets.flatMap((t) => EVIL.map((e) => ({ ...t, url: `${t.url}?redirect=${encodeURIComponent(e)}` })));
    const failures = await inPool(cases, POOL, async ({ url, host, headers }) => {
      const res = await w.request(url, { host, headers });
      await res.body?.cancel();
      return offSite(res, host).map((l) => `${host}${url} → ${res.status} Location ${l}`);
    });
    expect(failures.flat()).toEqual([]);
  });

  it("keeps path tricks and the search form's redirect on the site", async () => {
    const cases: { url: string; host: string }[] = [
      ...["//evil.example", "//evil.example/", "///evil.example/login", "/\\evil.example", "/%5Cevil.example", "/%2F%2Fevil.example"].map(
        (url) => ({ url, host: "localhost" }),
      ),
      ...["/seller-dashboard/..//evil.example", "//evil.example/seller-dashboard", "/seller-dashboard?next=//evil.example"].map((url) => ({
        url,
        host: "localhost",
      })),
      ...EVIL.flatMap((e) => [
        { url: `${siteOf(A)}/searchpackages/all-packages?destination=${encodeURIComponent(e)}`, host: "localhost" },
        { url: `/searchpackages/all-packages?destination=${encodeURIComponent(e)}`, host: "wanderlust.localhost" },
      ]),
    ];
    const redirected: string[] = [];
    const failures = await inPool(cases, POOL, async ({ url, host }) => {
      const res = await w.request(url, { host });
      await res.body?.cancel();
      if (res.headers.has("location")) redirected.push(url);
      return offSite(res, host).map((l) => `${host}${url} → ${res.status} Location ${l}`);
    });
    expect(failures.flat()).toEqual([]);
    expect(redirected.length).toBeGreaterThan(EVIL.length);
  });
});

describe("sign-in links and reset links (ADR 0036)", () => {
  const loginPages = () => PAGES.filter((p) => areaOf(p.path)).map((p) => fillPath(p.path, (_p, key) => pageId(pageParamOf(key), A)));

  it("signs nobody in with a hand-over link carrying one of our own sessions, from any login-required page", async () => {
    const user = btoa(JSON.stringify(asha.user));
    const failures = await inPool(loginPages(), POOL, async (url) => {
      const link = `${url}${url.includes("?") ? "&" : "?"}${new URLSearchParams({ token: asha.token, user })}`;
      const forwarded = await w.request(link);
      const location = forwarded.headers.get("location") ?? "";
      if (!location.startsWith("/handover?")) return `${url}: not sent to the hand-over (${forwarded.status} ${location})`;
      const posted = await w.request(location, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", ...freshIp() },
        body: new URLSearchParams({ token: asha.token, user, redirect: url }).toString(),
      });
      if (posted.headers.get("set-cookie")) return `${url}: the hand-over set a session cookie`;
      return posted.status === 302 && posted.headers.get("location") === "/login" ? null : `${url}: hand-over → ${posted.status}`;
    });
    expect(failures.filter(Boolean)).toEqual([]);
  });

  it("sends every seller's and the superadmin's reset link to the platform's own origin, asked on any site", async () => {
    const accounts = ["admin@tripbazaar.example", "owner@wanderlust.example", "owner@himalayan.example"];
    const sites = [{ host: "wanderlust.localhost", path: "/api/auth/forgot-password" }];
    const failures: string[] = [];
    for (const email of accounts) {
      for (const site of sites) {
        await w.d1.prepare('DELETE FROM outbox WHERE "to" = ?').bind(email).run();
        const api = site.path.startsWith("/api/");
        const res = await w.request(site.path, {
          host: site.host,
          method: "POST",
          headers: {
            "content-type": api ? "application/json" : "application/x-www-form-urlencoded",
            origin: `http://${site.host}`,
            ...freshIp(),
          },
          body: api ? JSON.stringify({ email }) : new URLSearchParams({ email }).toString(),
        });
        if (res.status >= 400) {
          failures.push(`${email} on ${site.host}${site.path} → ${res.status}`);
          continue;
        }
        const mail = await waitForEmail(w, email, (m) => m.text.includes("/reset-password/")).catch(() => null);
        const link = mail ? /https?:\/\/\S+\/reset-password\/\S+/.exec(mail.text)?.[0] : null;
        if (!link?.startsWith("http://localhost/reset-password/") || mail?.subject !== "Reset your Tripbazaar password") {
          failures.push(`${email} on ${site.host}${site.path}: ${mail?.subject} ${link}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
