import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Session, bearer, latestCode, latestEmail, loginViaApi } from "../support/session";
import { type ActionAnswer, sendPageAction } from "../support/page-action";
import { type TestWorker, startWorker } from "../support/worker";

// Issue 13: the superadmin panel's screens render their data on the server in one D1 round trip (the
// session check included), their writes go through the pages' actions over the API's services and schemas,
// and every role boundary is answered by the server.

const PAGES = [
  "/superadmin-panel",
  "/superadmin-panel/users",
  "/superadmin-panel/domains",
  "/superadmin-panel/messages",
  "/superadmin-panel/refunds",
  "/superadmin-panel/ledger",
  "/superadmin-panel/requests",
  "/superadmin-panel/requests/approved",
  "/superadmin-panel/requests/rejected",
];

let w: TestWorker;
let admin: Session;
let seller: Session;
let customer: Session;
beforeAll(async () => {
  w = await startWorker();
  [admin, seller, customer] = await Promise.all([
    loginViaApi(w, "admin@tripbazaar.example"),
    loginViaApi(w, "owner@wanderlust.example"),
    loginViaApi(w, "asha@example.com"),
  ]);
});
afterAll(() => w?.dispose());

const cookie = (s: Session) => `tb_session=${s.token}`;
const ORIGIN = "http://localhost";

/** A page as a signed-in browser asks for it. */
const page = (path: string, s: Session) => w.request(path, { headers: { cookie: cookie(s) } });

/** A form post to a page's action, as a fetcher sends it (test/support/page-action.ts). */
async function post(path: string, s: Session | null, fields: Record<string, string>) {
  const { status, text, answer } = await sendPageAction(w, path, fields, { cookie: s ? cookie(s) : undefined });
  return { status, text, result: answer as ActionAnswer };
}

let n = 0;
/** A new verified customer who has applied to sell as `businessName`. */
async function applicant(businessName: string) {
  const email = `panel${++n}-${Date.now()}@example.com`;
  const headers = { "cf-connecting-ip": `203.0.113.${n}` };
  const signup = await w.api(
    "POST",
    "/api/auth/signup",
    { name: `Applicant ${n}`, phone: "+91 90000 55555", email, password: "Sunrise#2026" },
    headers,
  );
  expect(signup.status).toBe(201);
  const verified = await w.api("POST", "/api/auth/verify-otp", { userId: signup.body.userId, otp: await latestCode(w, email) }, headers);
  expect(verified.status).toBe(200);
  const session: Session = { token: verified.body.token, user: verified.body.user };
  const applied = await w.api(
    "POST",
    "/api/seller-requests",
    { businessName, phone: "+91 98000 11111", city: "Madurai", about: "Temple towns and hill stations of Tamil Nadu, since 2012." },
    bearer(session),
  );
  expect(applied.status).toBe(201);
  return { session, email, requestId: applied.body.request.id as string };
}

const count = async (sql: string) => ((await w.d1.prepare(sql).first<{ n: number }>()) ?? { n: 0 }).n;

describe("superadmin panel pages", () => {
  it("index: the real number of applications waiting for review, in one D1 round trip", async () => {
    await applicant("Index Count Tours");
    const pending = await count("SELECT count(*) AS n FROM seller_requests WHERE status = 'pending'");
    expect(pending).toBeGreaterThan(0);
    const res = await page("/superadmin-panel", admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-tb-d1-calls")).toBe("1");
    const html = await res.text();
    expect(html).toContain(`${pending} waiting for review`);
    expect(html).not.toMatch(/role="status"[^>]*>\s*Loading\.\.\./);
  });

  it("users: the accounts on the server, searchable, in one D1 round trip", async () => {
    const res = await page("/superadmin-panel/users", admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-tb-d1-calls")).toBe("1");
    const html = await res.text();
    for (const email of ["asha@example.com", "owner@wanderlust.example", "admin@tripbazaar.example"]) expect(html).toContain(email);
    expect(html).toContain("Disable Asha Verma");

    const found = await page("/superadmin-panel/users?q=himalayan&role=seller", admin);
    expect(found.headers.get("x-tb-d1-calls")).toBe("1");
    const foundHtml = await found.text();
    expect(foundHtml).toContain("owner@himalayan.example");
    expect(foundHtml).not.toContain("asha@example.com");

    expect((await page("/superadmin-panel/users?role=nobody", admin)).status).toBe(400);
  });

  it("users: pages by links that keep the filters, so paging works before or without scripts", async () => {
    await w.d1.batch(
      Array.from({ length: 30 }, (_, i) =>
        w.d1
          .prepare("INSERT INTO users (id, name, email, password_hash, role) VALUES (?, ?, ?, 'x', 'user')")
          .bind(`u_pager_${i}`, `Pager Traveller ${i}`, `pager${i}@example.com`),
      ),
    );
    const first = await (await page("/superadmin-panel/users?role=user", admin)).text();
    expect(first).toMatch(/<a[^>]*href="\/superadmin-panel\/users\?role=user&amp;page=2"[^>]*>Next<\/a>/);
    expect(first).toMatch(/<span[^>]*aria-disabled="true"[^>]*>Previous<\/span>/);
    const second = await (await page("/superadmin-panel/users?role=user&page=2", admin)).text();
    expect(second).toMatch(/<a[^>]*href="\/superadmin-panel\/users\?role=user"[^>]*>Previous<\/a>/);
    expect(second.replace(/<!-- -->/g, "")).toContain("Page 2 of 2");
  });

  it("users: disabling and enabling an account goes through the page's action with the API's answers", async () => {
    const disabled = await post("/superadmin-panel/users", admin, { id: "s_himalayan", status: "disabled" });
    expect(disabled.status).toBe(200);
    expect(disabled.result).toEqual({ ok: true, message: "Account disabled" });
    expect(await w.d1.prepare("SELECT status FROM users WHERE id = 's_himalayan'").first("status")).toBe("disabled");
    expect((await w.request("/seller/himalayan-trails/website")).status).toBe(404);
    const html = await (await page("/superadmin-panel/users?q=himalayan", admin)).text();
    expect(html).toContain("Enable Himalayan Trails");

    const enabled = await post("/superadmin-panel/users", admin, { id: "s_himalayan", status: "active" });
    expect(enabled.result).toEqual({ ok: true, message: "Account enabled" });
    expect(await w.d1.prepare("SELECT status FROM users WHERE id = 's_himalayan'").first("status")).toBe("active");

    const self = await post("/superadmin-panel/users", admin, { id: admin.user.id, status: "disabled" });
    expect(self.status).toBe(409);
    expect(self.result).toMatchObject({ ok: false, message: "You cannot disable your own account" });
    const missing = await post("/superadmin-panel/users", admin, { id: "u_nobody", status: "disabled" });
    expect(missing.status).toBe(404);
    expect(missing.result).toMatchObject({ ok: false, message: "User not found" });
    const invalid = await post("/superadmin-panel/users", admin, { id: "u_asha", status: "gone" });
    expect(invalid.status).toBe(422);
    expect(invalid.result.ok).toBe(false);
    expect(invalid.result.issues?.[0]?.path).toBe("status");
  });

  it("domains: every domain with its status on the server, and the manual override through the action", async () => {
    const added = await w.api(
      "POST",
      "/api/seller-admin/domains",
      { hostname: "trips.himalayan.test" },
      bearer(await loginViaApi(w, "owner@himalayan.example")),
    );
    expect(added.status).toBe(201);
    const res = await page("/superadmin-panel/domains", admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-tb-d1-calls")).toBe("1");
    const html = await res.text();
    expect(html).toContain("trips.himalayan.test");
    // The records Cloudflare for SaaS (offline here) asks for, and where the domain stands.
    expect(html).toContain("_cf-custom-hostname.trips.himalayan.test");
    expect(html).toMatch(/<td data-label="Status" data-testid="domain-status">Pending<\/td>/);
    expect(html).toContain("Activate trips.himalayan.test");
    // The seller by name, not by id (issue 24).
    expect(html).toMatch(/<a href="\/seller\/himalayan-trails\/website">Himalayan Trails<\/a>/);
    expect(html).toContain("Deactivate wanderlust.localhost"); // already active

    const activated = await post("/superadmin-panel/domains", admin, { id: added.body.domain.id });
    expect(activated.status).toBe(200);
    expect(activated.result).toEqual({ ok: true, message: "trips.himalayan.test is active" });
    expect(await w.d1.prepare("SELECT status FROM custom_domains WHERE hostname = 'trips.himalayan.test'").first("status")).toBe("active");
    expect(await (await page("/superadmin-panel/domains", admin)).text()).toContain("Deactivate trips.himalayan.test");

    const again = await post("/superadmin-panel/domains", admin, { id: added.body.domain.id });
    expect(again.status).toBe(409);
    expect(again.result).toMatchObject({ ok: false, message: "This domain is already active" });
    const missing = await post("/superadmin-panel/domains", admin, { id: "dom_nobody" });
    expect(missing.status).toBe(404);
    expect(missing.result).toMatchObject({ ok: false, message: "Domain not found" });
  });

  it("requests: applications by status on the server, approved and rejected through the action", async () => {
    const approving = await applicant("Temple Town Travels");
    const rejecting = await applicant("Hill Station Holidays");

    const pending = await page("/superadmin-panel/requests", admin);
    expect(pending.status).toBe(200);
    expect(pending.headers.get("x-tb-d1-calls")).toBe("1");
    const html = await pending.text();
    for (const name of ["Temple Town Travels", "Hill Station Holidays"]) expect(html).toContain(name);
    expect(html).toContain(approving.email);

    const approved = await post("/superadmin-panel/requests", admin, { intent: "approve", id: approving.requestId });
    expect(approved.status).toBe(200);
    expect(approved.result).toEqual({ ok: true, message: "Temple Town Travels is now a seller" });
    expect(await w.d1.prepare(`SELECT role FROM users WHERE id = '${approving.session.user.id}'`).first("role")).toBe("seller");
    expect((await latestEmail(w, approving.email)).subject).toBe("Your Tripbazaar seller account is ready");

    const noReason = await post("/superadmin-panel/requests", admin, { intent: "reject", id: rejecting.requestId, note: " no " });
    expect(noReason.status).toBe(422);
    expect(noReason.result).toMatchObject({
      ok: false,
      issues: [{ path: "note", message: "Give the applicant a reason (at least 5 characters)" }],
    });
    const rejected = await post("/superadmin-panel/requests", admin, {
      intent: "reject",
      id: rejecting.requestId,
      note: "We need a registered business address first.",
    });
    expect(rejected.result).toEqual({ ok: true, message: "Request rejected" });
    expect((await latestEmail(w, rejecting.email)).text).toContain("We need a registered business address first.");

    const twice = await post("/superadmin-panel/requests", admin, { intent: "approve", id: approving.requestId });
    expect(twice.status).toBe(409);
    expect(twice.result).toMatchObject({ ok: false, message: "This request has already been reviewed" });
    const missing = await post("/superadmin-panel/requests", admin, { intent: "approve", id: "sr_nobody" });
    expect(missing.status).toBe(404);
    expect(missing.result).toMatchObject({ ok: false, message: "Request not found" });

    const after = await (await page("/superadmin-panel/requests", admin)).text();
    expect(after).not.toContain("Temple Town Travels");
    expect(after).not.toContain("Hill Station Holidays");

    const approvedPage = await page("/superadmin-panel/requests/approved", admin);
    expect(approvedPage.headers.get("x-tb-d1-calls")).toBe("1");
    const approvedHtml = await approvedPage.text();
    expect(approvedHtml).toContain("Temple Town Travels");
    // Their site by its readable address (ADR 0040), not by the account's id.
    expect(approvedHtml).toMatch(/href="\/seller\/temple-town-travels(-\d+)?\/website"/);
    expect(approvedHtml).not.toContain(`/seller/${approving.session.user.id}/website`);
    expect(approvedHtml).not.toContain("Hill Station Holidays");

    const rejectedPage = await page("/superadmin-panel/requests/rejected", admin);
    expect(rejectedPage.headers.get("x-tb-d1-calls")).toBe("1");
    const rejectedHtml = await rejectedPage.text();
    expect(rejectedHtml).toContain("Hill Station Holidays");
    expect(rejectedHtml).toMatch(/Reason given: (<!-- -->)?We need a registered business address first\./);
    expect(rejectedHtml).not.toContain("Temple Town Travels");
  });
});

describe("superadmin panel role boundaries", () => {
  it("a seller and a customer get a 403 page from the server on every superadmin page", async () => {
    for (const path of PAGES) {
      for (const s of [seller, customer]) {
        const res = await page(path, s);
        expect(res.status, `${s.user.role} on ${path}`).toBe(403);
        expect(res.headers.get("x-tb-d1-calls")).toBe("1");
        const html = await res.text();
        expect(html).toContain("You do not have permission to view this page");
        expect(html).not.toContain("asha@example.com");
      }
    }
  });

  it("a signed-out visitor goes to /login with the way back", async () => {
    for (const path of PAGES) {
      const res = await w.request(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    }
  });

  it("a disabled account goes to /login and its cookie is cleared", async () => {
    const { session } = await applicant("Disabled Account Tours");
    await w.d1.prepare(`UPDATE users SET status = 'disabled' WHERE id = '${session.user.id}'`).run();
    for (const path of PAGES) {
      const res = await page(path, session);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent(path)}`);
      expect(res.headers.get("set-cookie")).toMatch(/tb_session=;.*Max-Age=0/i);
    }
  });

  it("the actions refuse every role but superadmin and write nothing", async () => {
    const { requestId } = await applicant("Boundary Tours");
    const writes: [string, Record<string, string>][] = [
      ["/superadmin-panel/users", { id: "u_asha", status: "disabled" }],
      ["/superadmin-panel/domains", { id: "dom_wanderlust" }],
      ["/superadmin-panel/messages", { id: "fu_nothing" }],
      ["/superadmin-panel/refunds", { id: "rf_nothing" }],
      ["/superadmin-panel/requests", { intent: "approve", id: requestId }],
    ];
    for (const [path, fields] of writes) {
      for (const s of [seller, customer]) {
        const res = await post(path, s, fields);
        expect(res.status, `${s.user.role} posting to ${path}`).toBe(403);
        expect(res.text).toContain("You do not have permission to view this page");
      }
      const signedOut = await w.request(path, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });
      expect(signedOut.status, `signed out posting to ${path}`).toBe(302);
      expect(signedOut.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    }
    expect(await w.d1.prepare("SELECT status FROM users WHERE id = 'u_asha'").first("status")).toBe("active");
    expect(await w.d1.prepare(`SELECT status FROM seller_requests WHERE id = '${requestId}'`).first("status")).toBe("pending");
  });

  it("a page post from another site is refused before it reaches the action", async () => {
    const res = await w.request("/superadmin-panel/users", {
      method: "POST",
      headers: { origin: "https://evil.example", cookie: cookie(admin), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: "u_asha", status: "disabled" }).toString(),
    });
    expect(res.status).toBe(403);
    expect(await w.d1.prepare("SELECT status FROM users WHERE id = 'u_asha'").first("status")).toBe("active");
  });
});
