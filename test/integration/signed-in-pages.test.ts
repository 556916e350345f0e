import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PageRoute, fillPattern, listPageRoutes, paramNames } from "../support/fuzz-routes";
import { SELLER_DOMAIN, SELLER_PATH, listVisits } from "../support/page-visits";
import { type Session, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

// Issue 13: every signed-in page is rendered on the server with its data, the session check in the same
// D1 batch as the page's reads (one round trip), and every role boundary answered by the server.
// The pages come from the route table, so a new dashboard page is held to this without being listed here.

type Role = "user" | "seller" | "superadmin";
const AREAS: { layout: string; role: Role | "any" }[] = [
  { layout: "seller-dashboard", role: "seller" },
  { layout: "user-dashboard", role: "any" },
  { layout: "superadmin-panel", role: "superadmin" },
];
/** A real value for each route parameter, owned by the account that opens the page. */
const PARAMS: Record<string, string> = { id: "bk_w1" };
const PARAMS_BY_PATTERN: Record<string, Record<string, string>> = {
  "/seller-dashboard/packages/modify-package/:id": { id: "p_goa" },
  // Asha's seeded flight (worker/db/seed-trips.ts).
  "/user-dashboard/trips/:ref": { ref: "bk_trip_flight" },
};

const pageRoutes = await listPageRoutes();
const signedInPages = pageRoutes
  .map((route) => ({ route, area: AREAS.find((a) => route.chain.includes(a.layout)) }))
  .filter((p): p is { route: PageRoute; area: (typeof AREAS)[number] } => p.area !== undefined)
  // Main-site pages behind login outside the dashboards (spec §2): a customer's booking.
  .concat(
    pageRoutes
      .filter((route) => route.pattern === "/booking/:id")
      .map((route) => ({ route, area: { layout: "main", role: "any" as const } })),
  )
  .map(({ route, area }) => {
    const values = paramNames(route.pattern).map((name) => PARAMS_BY_PATTERN[route.pattern]?.[name] ?? PARAMS[name] ?? "x");
    return { path: fillPattern(route.pattern, values), role: area.role };
  });

let w: TestWorker;
const sessions = {} as Record<Role, Session>;
let himalayan: Session;
beforeAll(async () => {
  w = await startWorker();
  [sessions.seller, sessions.user, sessions.superadmin, himalayan] = await Promise.all([
    loginViaApi(w, "owner@wanderlust.example"),
    loginViaApi(w, "asha@example.com"),
    loginViaApi(w, "admin@tripbazaar.example"),
    loginViaApi(w, "owner@himalayan.example"),
  ]);
});
afterAll(() => w?.dispose());

const cookie = (s: Session) => ({ cookie: `tb_session=${s.token}` });
const ROLES: Role[] = ["user", "seller", "superadmin"];

describe("references a person reads (issue 24)", () => {
  it("a traveller's booking page names the booking by its number only; the seller's also shows the provider's payment reference", async () => {
    for (const path of ["/booking/bk_w4", "/seller/wanderlust-journeys/website/booking/bk_w4"]) {
      const html = (await (await w.request(path, { headers: cookie(sessions.user) })).text()).replace(/<!-- -->/g, "");
      const visible = html.replace(/<script[\s\S]*?<\/script>/g, "");
      expect(visible, path).toContain(w.seed.bookings.bk_w4.ref);
      expect(visible, path).not.toMatch(/>bk_w4</);
      expect(visible, path).not.toContain("pay_seed_bk_w4");
      expect(visible, path).not.toContain("Payment reference");
    }
    const seller = (await (await w.request("/seller-dashboard/orders/bk_w4", { headers: cookie(sessions.seller) })).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(seller).toContain("pay_seed_bk_w4");
  });
});

describe("signed-in pages", () => {
  it("are listed from the route table", () => {
    expect(signedInPages.length).toBeGreaterThanOrEqual(30);
    expect(signedInPages.map((p) => p.path)).toContain("/seller-dashboard/orders/bk_w1");
  });

  it("render on the server for the right role in one D1 round trip, the session check included", async () => {
    for (const page of signedInPages) {
      const as = page.role === "any" ? "user" : page.role;
      const res = await w.request(page.path, { headers: cookie(sessions[as]) });
      expect(res.status, page.path).toBe(200);
      expect(res.headers.get("x-tb-d1-calls"), page.path).toBe("1");
      const html = await res.text();
      // The data is in the document: no page waits for the browser to fetch it.
      expect(html, page.path).not.toMatch(/role="status"[^>]*>\s*Loading\.\.\./);
    }
  });

  it("frame every dashboard page with its area's navigation, every link in the server's HTML (issue 14)", async () => {
    const NAVS: Record<string, string> = {
      "/seller-dashboard": "Seller dashboard",
      "/user-dashboard": "My account",
      "/superadmin-panel": "Superadmin panel",
    };
    const framed: Record<string, number> = {};
    for (const page of signedInPages) {
      const area = Object.keys(NAVS).find((prefix) => page.path.startsWith(prefix));
      if (!area) continue;
      framed[area] = (framed[area] ?? 0) + 1;
      const as = page.role === "any" ? "user" : page.role;
      const html = await (await w.request(page.path, { headers: cookie(sessions[as]) })).text();
      const nav = html.match(/<nav class="dash-nav[^"]*" aria-label="([^"]+)"[^>]*>([\s\S]*?)<\/nav>/);
      expect(nav?.[1], page.path).toBe(NAVS[area]);
      // The phone menu's button only folds the list (CSS, while scripting is on): the links are all there.
      const controls = nav?.[2].match(/<button [^>]*aria-expanded="false" aria-controls="([^"]+)"/)?.[1];
      expect(controls, page.path).toBeTruthy();
      expect(nav?.[2], page.path).toContain(`<ul id="${controls}">`);
      expect(nav?.[2].match(new RegExp(`href="${area}[^"]*"`, "g"))?.length, page.path).toBeGreaterThanOrEqual(6);
    }
    // Pages of every area were checked, not none.
    expect(Object.keys(framed).sort()).toEqual(Object.keys(NAVS).sort());
  });

  it("answer another role with a 403 page from the server, in one D1 round trip", async () => {
    for (const page of signedInPages) {
      if (page.role === "any") continue;
      for (const other of ROLES.filter((r) => r !== page.role)) {
        const res = await w.request(page.path, { headers: cookie(sessions[other]) });
        expect(res.status, `${other} on ${page.path}`).toBe(403);
        expect(res.headers.get("x-tb-d1-calls")).toBe("1");
        const html = await res.text();
        expect(html).toContain("You do not have permission to view this page");
        // Titled for what happened (issue 24), not "Something went wrong".
        expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], `${other} on ${page.path}`).toMatch(/^Access denied/);
      }
    }
  });

  it("send a signed-out visitor to /login with the way back", async () => {
    for (const page of signedInPages) {
      const res = await w.request(page.path);
      expect(res.status, page.path).toBe(302);
      expect(res.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent(page.path)}`);
      expect(res.headers.get("x-tb-d1-calls")).toBe("0");
    }
  });

  it("send a client navigation's way back to the page, never to its .data address", async () => {
    const res = await w.request("/seller-dashboard/orders.data?status=pending&_routes=seller-dashboard%2Cseller-dashboard%2Forders");
    const body = await res.text();
    expect(body).toContain(`/login?redirect=${encodeURIComponent("/seller-dashboard/orders?status=pending")}`);
    expect(body).not.toContain(".data");
  });

  it("send a disabled account to /login and clear its cookie", async () => {
    await w.d1.prepare("UPDATE users SET status = 'disabled' WHERE id = 's_himalayan'").run();
    try {
      for (const page of signedInPages) {
        const res = await w.request(page.path, { headers: cookie(himalayan) });
        expect(res.status, page.path).toBe(302);
        expect(res.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent(page.path)}`);
        expect(res.headers.get("set-cookie")).toMatch(/tb_session=;.*Max-Age=0/i);
      }
    } finally {
      await w.d1.prepare("UPDATE users SET status = 'active' WHERE id = 's_himalayan'").run();
    }
  });

  it("let another seller see nothing of this seller's booking: a 403 page", async () => {
    const booking = await w.request("/seller-dashboard/orders/bk_w1", { headers: cookie(himalayan) });
    expect(booking.status).toBe(403);
    expect(await booking.text()).not.toContain("Sea-facing room");
  });
});

// Issue 22: every page of both route trees (test/support/page-visits.ts lists them from app/routes.ts), as the
// role it is for, costs at most one D1 round trip: the page's reads and the session check are one batch.
describe("every page", () => {
  /** Any session cookie keeps a public seller page out of the edge cache, so it is rendered, not served from it. */
  const RENDER = "tb_session=not-a-real-session";
  const cookieOf = (role: string) => (role === "guest" ? RENDER : `tb_session=${sessions[role as Role].token}`);

  it("renders, as the role it is for, in at most one D1 round trip; a signed-in page in exactly one", async () => {
    const visits = await listVisits();
    expect(new Set(visits.map((v) => v.tree))).toEqual(new Set(["main", "seller-path", "seller-domain"]));
    const over: string[] = [];
    for (const visit of visits) {
      const host = visit.tree === "seller-domain" ? SELLER_DOMAIN : undefined;
      // The custom domain's host lookup (a D1 read of its own on a miss) is remembered for a second after this, and
      // the site's slug (ADR 0040) for longer.
      if (host) await w.request("/", { host, headers: { cookie: RENDER } });
      if (visit.tree === "seller-path") await w.request(SELLER_PATH, { headers: { cookie: RENDER } });
      const res = await w.request(visit.path, { host, headers: { cookie: cookieOf(visit.role) } });
      await res.arrayBuffer();
      const calls = res.headers.get("x-tb-d1-calls");
      const allowed = visit.role === "guest" ? ["0", "1"] : ["1"];
      if (!allowed.includes(calls ?? "")) over.push(`${visit.tree} ${visit.path} as ${visit.role}: ${calls} (${res.status})`);
    }
    expect(over).toEqual([]);
  });

  it("opens the trip form (?book=1) of a package page in one D1 round trip, on the main site and a seller's", async () => {
    await w.request("/", { host: SELLER_DOMAIN, headers: { cookie: RENDER } });
    await w.request(SELLER_PATH, { headers: { cookie: RENDER } });
    for (const [path, host] of [
      ["/tour-package/p_goa?book=1", undefined],
      ["/seller/wanderlust-journeys/website/package/p_goa?book=1", undefined],
      ["/package/p_goa?book=1", SELLER_DOMAIN],
    ] as const) {
      const res = await w.request(path, { host, headers: { cookie: cookie(sessions.user).cookie } });
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain("Asha Verma");
      expect(res.headers.get("x-tb-d1-calls"), path).toBe("1");
    }
  });
});
