import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REMIX_REFUSALS, allowConsoleErrors } from "../support/console-guard";
import { type Session, bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

// Issue 12's classes of input that once answered 500, and the trust gaps closed with them (ADR 0021).
let w: TestWorker;
let seller: Session;
let admin: Session;
let customer: Session;
beforeAll(async () => {
  w = await startWorker();
  [seller, admin, customer] = await Promise.all([
    loginViaApi(w, "owner@wanderlust.example"),
    loginViaApi(w, "admin@tripbazaar.example"),
    loginViaApi(w, "asha@example.com"),
  ]);
});
afterAll(() => w?.dispose());

const cookie = (s: Session | string) => ({ cookie: `tb_session=${typeof s === "string" ? s : s.token}` });
const NO_STACK = /URIError|at \S+ \(|dist\/index\.js|node_modules/;

describe("search terms of any length or shape", () => {
  const terms = [
    "a".repeat(49),
    "Goa beaches with family and friends for the whole long weekend trip",
    "x".repeat(600),
    "%".repeat(30),
    "_".repeat(45),
    "%_\\".repeat(20),
    "🏔️".repeat(30),
    `goa ${"trek ".repeat(80)}`,
  ];

  it("gives results or an empty list on every search, never a 5xx", async () => {
    for (const term of terms) {
      const q = encodeURIComponent(term);
      const answers = {
        catalogPage: await w.request(`/tours/search?q=${q}`),
        sellerPage: await w.request(`/seller/wanderlust-journeys/website/searchpackages/${q}`),
        sellerDomainPage: await w.request(`/searchpackages/${encodeURIComponent(`destination=${q}`)}`, { host: "wanderlust.localhost" }),
        sellerApi: await w.request(`/api/seller-website/seller/s_wanderlust/website/searchpackages/${q}`),
        orders: await w.request(`/api/bookings/seller/bookings?q=${q}`, { headers: bearer(seller) }),
        users: await w.request(`/api/superadmin/users?q=${q}`, { headers: bearer(admin) }),
      };
      for (const [where, res] of Object.entries(answers)) {
        expect({ term: term.slice(0, 20), where, status: res.status }).toEqual({ term: term.slice(0, 20), where, status: 200 });
        await res.arrayBuffer();
      }
    }
  });

  it("matches % and _ as themselves, not as wildcards", async () => {
    const everything = await w.api("GET", `/api/bookings/seller/bookings?q=${encodeURIComponent("%")}`, undefined, bearer(seller));
    expect(everything.status).toBe(200);
    expect(everything.body.data).toEqual([]);
    const byRef = await w.api("GET", "/api/bookings/seller/bookings?q=tb-", undefined, bearer(seller));
    expect(byRef.body.data.length).toBeGreaterThan(0);
    const users = await w.api("GET", `/api/superadmin/users?q=${encodeURIComponent("_")}`, undefined, bearer(admin));
    expect(users.body.users).toEqual([]);
  });

  it("matches a long term on its first words", async () => {
    const res = await w.api("GET", `/api/superadmin/users?q=${encodeURIComponent(`asha ${"x".repeat(200)}`)}`, undefined, bearer(admin));
    expect(res.status).toBe(200);
    const short = await w.api("GET", "/api/superadmin/users?q=ASHA", undefined, bearer(admin));
    expect(short.body.users.map((u: { email: string }) => u.email)).toContain("asha@example.com");
  });
});

describe("malformed percent-encoding", () => {
  const junkCookies = ["%", "%ZZ", "%E0%A4", "abc%", "%%%%"];

  it("reads a session cookie that cannot be decoded as no session, on every kind of route", async () => {
    for (const value of junkCookies) {
      const health = await w.request("/api/health", { headers: cookie(value) });
      expect(health.status).toBe(200);
      const profile = await w.api("GET", "/api/auth/profile", undefined, cookie(value));
      expect(profile.status).toBe(401);
      expect(profile.body).toMatchObject({ success: false });
      const home = await w.request("/", { headers: cookie(value) });
      expect(home.status).toBe(200);
      const site = await w.request("/seller/wanderlust-journeys/website", { headers: cookie(value) });
      expect(site.status).toBe(200);
      const dashboard = await w.request("/seller-dashboard", { headers: cookie(value) });
      expect(dashboard.status).toBe(302);
      expect(dashboard.headers.get("location")).toMatch(/^\/login\?redirect=/);
    }
  });

  it("answers a path that cannot be decoded with a 404 page in the site's look, never a stack", async () => {
    const cases: { path: string; host?: string; look: RegExp }[] = [
      { path: "/seller/%ZZ/website", look: /Website not found/ },
      { path: "/seller/%ZZ/website/package/all", look: /Website not found/ },
      { path: "/seller/wanderlust-journeys/website/package/%ZZ", look: /Wanderlust Journeys/ },
      { path: "/package/%E0%A4", host: "wanderlust.localhost", look: /Wanderlust Journeys/ },
      { path: "/tour-package/%ZZ", look: /Page not found|Package not found/ },
      { path: "/%ZZ", look: /Page not found/ },
      // A first segment starting with a backslash reads as `//` to the router (it was a 500).
      { path: "/%5C%25%25", look: /Page not found/ },
      { path: "/%5c", look: /Page not found/ },
      // Unknown addresses: the main site's 404 in its frame, a site's own 404 in the site's.
      { path: "/no/such/page", look: /Page not found \| Tripbazaar[\s\S]*Browse tour packages/ },
      { path: "/seller/wanderlust-journeys/website/no-such-page", look: /Page not found \| Wanderlust Journeys/ },
      // On a seller's own domain a path that is none of its pages is a missing page of that site, in its frame.
      {
        path: "/tours/search",
        host: "wanderlust.localhost",
        look: /Page not found \| Wanderlust Journeys[\s\S]*not part of (<!-- -->)?Wanderlust Journeys/,
      },
      { path: "/seller-dashboard", host: "wanderlust.localhost", look: /Page not found \| Wanderlust Journeys/ },
    ];
    for (const { path, host, look } of cases) {
      const res = await w.request(path, { host });
      const html = await res.text();
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(html).toMatch(look);
      const visible = html.replace(/<script[\s\S]*?<\/script>/g, "");
      expect(visible).not.toMatch(NO_STACK);
      expect(visible).not.toContain("No route matches");
    }
    const api = await w.api("GET", "/api/seller-website/seller/%ZZ/website");
    expect(api.status).toBe(404);
    expect(api.body.success).toBe(false);
  });
});

describe("dates written YYYY-MM-DD that are no day of the calendar", () => {
  // The shape passes a pattern check; `Date` then rolls 2027-02-30 over to 2 March, and makes 2027-13-45 an invalid
  // date whose toISOString() threw: a 500 from the hotel search page, a seller's departure and a student's ID.
  const DATES = ["2027-13-45", "2027-02-30", "2027-00-10", "2027-04-31"];

  it("are refused with a 422 by every API that takes a date, never a 5xx nor taken as another day", async () => {
    for (const date of DATES) {
      const student = new FormData();
      student.set("institution", "Goa University");
      student.set("courseEndDate", date);
      const answers = {
        departure: await w.api("POST", "/api/seller-departures", { packageId: "p_goa", startDate: date, capacity: 10 }, bearer(seller)),
        flights: await w.api("POST", "/api/flights/search", { origin: "DEL", destination: "BOM", departureDate: date }),
        hotels: await w.api("POST", "/api/hotels/rates", {
          city: "Goa",
          checkIn: date,
          checkOut: "2027-05-02",
          rooms: [{ adults: 2, childAges: [] }],
        }),
        buses: await w.api("POST", "/api/buses/search", { from: "Bengaluru", to: "Chennai", date, passengers: 1 }),
        student: await w.request("/api/student-verification", { method: "POST", body: student, headers: bearer(customer) }),
        ledger: await w.api("GET", `/api/seller-payments?from=${date}`, undefined, bearer(seller)),
        audit: await w.api("GET", `/api/superadmin/audit?from=${date}`, undefined, bearer(admin)),
      };
      for (const [where, res] of Object.entries(answers)) {
        const body = res instanceof Response ? await res.json() : res.body;
        expect({ date, where, status: res.status, success: body.success }).toEqual({
          date,
          where,
          status: expect.any(Number),
          success: false,
        });
        expect(res.status, `${where} ${date}`).toBe(422);
      }
    }
  });

  it("leave the hotel and bus pages answering, with the form's message where the results would be", async () => {
    for (const date of DATES) {
      const pages = [
        `/hotels/search?city=Goa&checkIn=${date}`,
        `/hotels/search?city=Goa&checkIn=2027-05-01&checkOut=${date}`,
        `/hotel/sh_goa_sea_breeze?checkIn=${date}`,
        `/buses/search?from=Bengaluru&to=Chennai&date=${date}`,
      ];
      for (const page of pages) {
        const res = await w.request(page);
        const html = await res.text();
        expect({ page, status: res.status }).toEqual({ page, status: 200 });
        expect(html, page).toContain("Not a real date");
      }
    }
  });
});

describe("an over-long seller id in the address", () => {
  it("is the site's 404, and asking for the customer dashboard's data alone is no 5xx", async () => {
    allowConsoleErrors(...REMIX_REFUSALS);
    const id = "goa%20".repeat(30);
    const headers = { authorization: `Bearer ${customer.token}` };
    expect((await w.request(`/seller/${id}/website/dashboard`, { headers })).status).toBe(404);
    // Only the page's loader runs here (no layout to find the seller missing): it was a 500 from the query's limits.
    expect((await w.request(`/seller/${id}/website/dashboard?_data=seller-path%2Fdashboard`, { headers })).status).toBeLessThan(500);
  });
});

describe("an over-long address behind login", () => {
  it("sends a signed-out visitor to login with the page alone as the way back, in a Location any client reads", async () => {
    const long = "हिमालय ".repeat(600);
    const res = await w.request(`/superadmin-panel/requests?q=${encodeURIComponent(long)}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirect=%2Fsuperadmin-panel%2Frequests");
    const short = await w.request("/superadmin-panel/requests?q=goa");
    expect(short.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent("/superadmin-panel/requests?q=goa")}`);
  });
});

describe("security headers", () => {
  const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

  it("denies framing and sets a referrer policy on every answer", async () => {
    const answers = [
      await w.request("/"),
      await w.request("/login"),
      await w.request("/seller-dashboard"),
      await w.request("/seller-dashboard", { headers: cookie(seller) }),
      await w.request("/seller/wanderlust-journeys/website"),
      await w.request("/", { host: "wanderlust.localhost" }),
      await w.request("/api/health"),
      await w.request("/api/nope"),
      await w.request("/", { host: "nobody.localhost" }),
    ];
    for (const res of answers) {
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBeTruthy();
      await res.arrayBuffer();
    }
  });

  it("gives each page a script nonce that every script of the page carries, cached pages included", async () => {
    const pages = [
      await w.request("/login"),
      await w.request("/seller-dashboard", { headers: cookie(seller) }),
      await w.request("/seller/wanderlust-journeys/website/about"),
      await w.request("/seller/wanderlust-journeys/website/about"),
    ];
    expect(pages[3].headers.get("x-tb-cache")).toBe("hit");
    const nonces = new Set<string>();
    for (const res of pages) {
      const csp = res.headers.get("content-security-policy");
      const nonce = nonceOf(csp);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(csp).toContain("script-src 'self' 'nonce-");
      expect(csp).not.toContain("unsafe-inline' 'nonce");
      const html = await res.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(1);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.add(nonce as string);
    }
    // Fresh renders get fresh nonces; the hit repeats the nonce its stored HTML was rendered with.
    expect(nonces.size).toBe(3);
  });
});

describe("pages behind login", () => {
  it("check the role on the server: a wrong role gets a 403 page, the right one the page in one D1 round trip", async () => {
    const asCustomer = await w.request("/seller-dashboard/orders", { headers: cookie(customer) });
    expect(asCustomer.status).toBe(403);
    expect(await asCustomer.text()).toContain("You do not have permission to view this page");
    expect((await w.request("/superadmin-panel", { headers: cookie(seller) })).status).toBe(403);
    expect((await w.request("/superadmin-panel/users", { headers: cookie(customer) })).status).toBe(403);
    const own = await w.request("/seller-dashboard/orders", { headers: cookie(seller) });
    expect(own.status).toBe(200);
    expect(own.headers.get("x-tb-d1-calls")).toBe("1");
    expect((await w.request("/superadmin-panel", { headers: cookie(admin) })).status).toBe(200);
  });

  it("send a disabled account or a token from before a password change to login, and clear the cookie", async () => {
    const himalayan = await loginViaApi(w, "owner@himalayan.example");
    await w.d1.prepare("UPDATE users SET token_version = token_version + 1 WHERE id = 's_himalayan'").run();
    const stale = await w.request("/seller-dashboard", { headers: cookie(himalayan) });
    expect(stale.status).toBe(302);
    expect(stale.headers.get("location")).toBe("/login?redirect=%2Fseller-dashboard");
    expect(stale.headers.get("set-cookie")).toMatch(/^tb_session=;.*Max-Age=0/);

    const fresh = await loginViaApi(w, "owner@himalayan.example");
    await w.d1.prepare("UPDATE users SET status = 'disabled' WHERE id = 's_himalayan'").run();
    try {
      const disabled = await w.request("/seller-dashboard/packages", { headers: cookie(fresh) });
      expect(disabled.status).toBe(302);
      expect(disabled.headers.get("location")).toBe("/login?redirect=%2Fseller-dashboard%2Fpackages");
    } finally {
      await w.d1.prepare("UPDATE users SET status = 'active' WHERE id = 's_himalayan'").run();
    }
  });
});

describe("form posts to pages", () => {
  const post = (path: string, headers: Record<string, string>, host?: string) =>
    w.request(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: "a=1", host });

  it("refuse another site's Origin, a null one or junk with a 403, never the 500 Remix would throw", async () => {
    for (const origin of ["https://evil.example", "null", "!", "http://localhost.evil.example"]) {
      for (const [path, host] of [
        ["/login", undefined],
        ["/package/all", "wanderlust.localhost"],
      ] as const) {
        const res = await post(path, { origin }, host);
        expect(res.status, `${origin} → ${path}`).toBe(403);
        expect(await res.text()).not.toMatch(NO_STACK);
      }
    }
  });

  it("ignore X-Forwarded-Host and let a same-site post through to the page (405: these pages take no form)", async () => {
    allowConsoleErrors(...REMIX_REFUSALS);
    // Sign-in pages take forms now (issue 22), so these are pages that still take none.
    const sameSite = await post(
      "/package/all",
      { origin: "http://wanderlust.localhost", "x-forwarded-host": "evil.example" },
      "wanderlust.localhost",
    );
    expect(sameSite.status).toBe(405);
    expect((await post("/about", { "x-forwarded-host": "evil.example" })).status).toBe(405);
    // A page that takes a form answers it itself: an unknown one is its own 400, not a crash.
    expect((await post("/login", { "x-forwarded-host": "evil.example" })).status).toBe(400);
  });

  it("answer a data request for a dashboard layout with data, not a crash", async () => {
    allowConsoleErrors(...REMIX_REFUSALS);
    const res = await w.request("/seller-dashboard/orders?_data=seller-dashboard", { headers: cookie(seller) });
    expect(res.status).toBeLessThan(500);
  });
});

describe("the seller's profile", () => {
  it("changes only the fields sent and refuses a body with none of them", async () => {
    const empty = await w.api("PUT", "/api/seller-admin/profile", {}, bearer(seller));
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ success: false, message: "Nothing to save: send at least one profile field" });
    expect((await w.api("PUT", "/api/seller-admin/profile", { hello: 1 }, bearer(seller))).status).toBe(422);
    const before = await w.api("GET", "/api/seller-admin/site", undefined, bearer(seller));
    const saved = await w.api("PUT", "/api/seller-admin/profile", { address: "FC Road, Pune" }, bearer(seller));
    expect(saved.status).toBe(200);
    expect(saved.body.seller).toMatchObject({ address: "FC Road, Pune", bio: before.body.seller.bio, phone: before.body.seller.phone });
  });
});

describe("custom domains a seller can claim", () => {
  it("keeps at most 3 pending per seller, however many requests race", async () => {
    const himalayan = await loginViaApi(w, "owner@himalayan.example");
    const tries = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        w.api("POST", "/api/seller-admin/domains", { hostname: `trails-${i}.example.org` }, bearer(himalayan)),
      ),
    );
    expect(tries.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = tries.filter((r) => r.status === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0].body.message).toMatch(/at most 3 domains waiting for activation/);
    const { n } = (await w.d1
      .prepare("SELECT count(*) AS n FROM custom_domains WHERE seller_id = 's_himalayan' AND status = 'pending'")
      .first<{ n: number }>()) ?? { n: -1 };
    expect(n).toBe(3);
    // Someone else's hostname that is already registered stays taken, with its own message.
    const taken = await w.api("POST", "/api/seller-admin/domains", { hostname: "wanderlust.localhost" }, bearer(seller));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("This hostname is already registered");
  });
});
