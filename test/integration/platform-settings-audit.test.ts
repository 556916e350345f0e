import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookingRequest, createBookingAs, resetBookingLimits } from "../support/bookings";
import { allowConsoleErrors } from "../support/console-guard";
import { sendPageAction } from "../support/page-action";
import { type Session, bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

// Issue 28: the platform's settings drive pricing from the next request without touching bookings already made, and
// every admin action appends an audit entry in the same D1 batch as its change; the log refuses UPDATE and DELETE.
allowConsoleErrors(/injected fault \(x-tb-fault: /);

let w: TestWorker;
let admin: Session;
let asha: Session;
let seller: Session;
/** A fresh customer the tests disable, promote and demote (the seeded accounts keep their sessions). */
let target: string;
beforeAll(async () => {
  w = await startWorker({ bindings: { FAULTS: "1" } });
  [admin, asha, seller] = await Promise.all([
    loginViaApi(w, "admin@tripbazaar.example"),
    loginViaApi(w, "asha@example.com"),
    loginViaApi(w, "owner@wanderlust.example"),
  ]);
  const signup = await w.api(
    "POST",
    "/api/auth/signup",
    { name: "Audit Target", phone: "+91 90000 44444", email: `audit-${Date.now()}@example.com`, password: "Sunrise#2026" },
    { "cf-connecting-ip": "203.0.113.90" },
  );
  expect(signup.status).toBe(201);
  target = signup.body.userId;
});
beforeEach(() => resetBookingLimits(w));
afterAll(() => w?.dispose());

const SPEC = {
  discountPercent: 10,
  bookingFeePercent: 18,
  maxTravellers: 12,
  childrenDiscountPercent: 0,
  studentDiscountPercent: 5,
  packagesNeedApproval: false,
};
const IP = { "cf-connecting-ip": "198.51.100.23" };
const asAdmin = () => ({ ...bearer(admin), ...IP });
const putSettings = (body: unknown, headers: Record<string, string> = asAdmin()) => w.api("PUT", "/api/superadmin/settings", body, headers);

type Entry = {
  action: string;
  actor_id: string;
  actor_role: string;
  target_type: string;
  target_id: string;
  before: string;
  after: string;
  reason: string | null;
  ip: string | null;
};
const entries = async (action: string, targetId: string) =>
  (await w.d1.prepare("SELECT * FROM audit_log WHERE action = ? AND target_id = ? ORDER BY created_at").bind(action, targetId).all<Entry>())
    .results;
const auditCount = async () => (await w.d1.prepare("SELECT count(*) AS n FROM audit_log").first<{ n: number }>())?.n ?? 0;

describe("platform settings", () => {
  it("GET answers spec §9's defaults; a user and a seller are refused", async () => {
    const res = await w.api("GET", "/api/superadmin/settings", undefined, bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual(SPEC);
    for (const s of [asha, seller]) expect((await w.api("GET", "/api/superadmin/settings", undefined, bearer(s))).status).toBe(403);
    for (const s of [asha, seller]) expect((await putSettings({ ...SPEC, bookingFeePercent: 1 }, bearer(s))).status).toBe(403);
    expect((await w.api("GET", "/api/superadmin/settings", undefined, bearer(admin))).body.settings.bookingFeePercent).toBe(18);
  });

  it("refuses values out of range with the field's reason, writing nothing", async () => {
    const before = await auditCount();
    for (const [body, path, message] of [
      [{ ...SPEC, bookingFeePercent: 51 }, "bookingFeePercent", "The booking fee cannot be above 50%"],
      [{ ...SPEC, discountPercent: -1 }, "discountPercent", "The discount cannot be below 0%"],
      [{ ...SPEC, maxTravellers: 0 }, "maxTravellers", "At least 1 traveller must be bookable"],
      [{ ...SPEC, childrenDiscountPercent: 12.5 }, "childrenDiscountPercent", "The children's discount must be a whole number"],
      [{ ...SPEC, studentDiscountPercent: "lots" }, "studentDiscountPercent", "The student discount must be a number"],
    ] as const) {
      const res = await putSettings(body);
      expect(res.status, path).toBe(422);
      expect(res.body.success).toBe(false);
      expect(res.body.issues).toContainEqual({ path, message });
    }
    expect(await auditCount()).toBe(before);
  });

  it("a change prices the next booking; an older booking keeps its price; the entry holds before and after", async () => {
    const older = await createBookingAs(w, bearer(asha), bookingRequest());
    expect(older.status).toBe(201);
    const olderPricing = older.body.data.pricing;
    // Priced with spec §9's figures: the spec §3 breakdown, whose absent terms mean spec §9's.
    expect(olderPricing.priceTerms).toBeUndefined();
    expect(olderPricing.taxes).toBe(Math.round(((olderPricing.basePrice - olderPricing.discount) * 18) / 100));

    const changed = await putSettings({ ...SPEC, bookingFeePercent: 12, maxTravellers: 3 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.settings.bookingFeePercent).toBe(12);
    try {
      const [entry] = await entries("settings.update", "platform");
      expect(entry).toMatchObject({
        actor_id: admin.user.id,
        actor_role: "superadmin",
        target_type: "platform_settings",
        ip: "198.51.100.23",
      });
      expect(JSON.parse(entry.before)).toEqual({ bookingFeePercent: 18, maxTravellers: 12 });
      expect(JSON.parse(entry.after)).toEqual({ bookingFeePercent: 12, maxTravellers: 3 });

      const newer = await createBookingAs(w, bearer(asha), bookingRequest());
      expect(newer.status).toBe(201);
      const p = newer.body.data.pricing;
      expect(p.priceTerms.bookingFeePercent).toBe(12);
      expect(p.taxes).toBe(Math.round(((p.basePrice - p.discount) * 12) / 100));
      expect(p.basePrice).toBe(olderPricing.basePrice);

      // The older booking, read again: the same figures and terms.
      const again = await w.api("GET", `/api/bookings/${older.body.data._id}`, undefined, bearer(asha));
      expect(again.status).toBe(200);
      expect(again.body.data.pricing).toEqual(olderPricing);

      // The operator's traveller limit holds on the server: 2 adults and a child pass, 4 travellers do not.
      const tooMany = await createBookingAs(w, bearer(asha), bookingRequest({}, { adults: 4, children: 0 }));
      expect(tooMany.status).toBe(422);
      expect(tooMany.body.message).toBe("At most 3 travellers can be booked at once");
    } finally {
      expect((await putSettings(SPEC)).status).toBe(200);
    }
  });

  it("the settings page's form works without scripts and says what it refused", async () => {
    const cookie = `tb_session=${admin.token}`;
    const page = await w.request("/superadmin-panel/settings", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-tb-d1-calls")).toBe("1");
    const html = await page.text();
    expect(html).toContain('name="bookingFeePercent"');
    expect(html).toContain('value="18"');
    const fields = {
      discountPercent: "10",
      bookingFeePercent: "60",
      maxTravellers: "12",
      childrenDiscountPercent: "0",
      studentDiscountPercent: "5",
    };
    const refused = await sendPageAction(w, "/superadmin-panel/settings", fields, { cookie });
    expect(refused.status).toBe(422);
    expect(refused.answer?.issues).toContainEqual({ path: "bookingFeePercent", message: "The booking fee cannot be above 50%" });
    const saved = await sendPageAction(
      w,
      "/superadmin-panel/settings",
      { ...fields, bookingFeePercent: "15", packagesNeedApproval: "on" },
      { cookie },
    );
    expect(saved.answer).toMatchObject({ ok: true, message: "Settings saved (2 changes)" });
    const now = (await w.api("GET", "/api/superadmin/settings", undefined, bearer(admin))).body.settings;
    expect(now).toMatchObject({ bookingFeePercent: 15, packagesNeedApproval: true });
    // The main site's price notes say the figures now.
    const tours = await (await w.request("/tours/search")).text();
    expect(tours).toContain("10% off, then 15% booking fee incl. GST at checkout");
    expect((await putSettings(SPEC)).status).toBe(200);
  });
});

describe("the audit log", () => {
  it("an entry for each admin action, with the actor, target, before and after, reason and address", async () => {
    // Disable and enable an account.
    expect((await w.api("PUT", `/api/superadmin/users/${target}/status`, { status: "disabled" }, asAdmin())).status).toBe(200);
    expect((await w.api("PUT", `/api/superadmin/users/${target}/status`, { status: "active" }, asAdmin())).status).toBe(200);
    const [disabled] = await entries("user.disable", target);
    expect(disabled).toMatchObject({ actor_id: admin.user.id, target_type: "user", ip: "198.51.100.23" });
    expect(JSON.parse(disabled.after)).toEqual({ status: "disabled" });
    expect(await entries("user.enable", target)).toHaveLength(1);
    // A repeat that changes nothing records nothing.
    const repeat = await w.api("PUT", `/api/superadmin/users/${target}/status`, { status: "active" }, asAdmin());
    expect(repeat.status).toBe(200);
    expect(await entries("user.enable", target)).toHaveLength(1);

    // A role change, both ways, on a customer.
    const id = target;
    const promoted = await w.api("PUT", `/api/superadmin/users/${id}/role`, { role: "superadmin" }, asAdmin());
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect(promoted.body.user.role).toBe("superadmin");
    const [role] = await entries("user.role", id);
    expect(JSON.parse(role.before)).toEqual({ role: "user" });
    expect(JSON.parse(role.after)).toEqual({ role: "superadmin" });
    expect((await w.api("PUT", `/api/superadmin/users/${id}/role`, { role: "user" }, asAdmin())).status).toBe(200);
    // A customer without a seller profile cannot be made a seller here.
    const noProfile = await w.api("PUT", `/api/superadmin/users/${id}/role`, { role: "seller" }, asAdmin());
    expect(noProfile.status).toBe(409);
    expect(await entries("user.role", id)).toHaveLength(2);

    // A seller application rejected with its reason.
    const requestId = "sr_audit_trail";
    await w.d1
      .prepare(
        "INSERT INTO seller_requests (id, user_id, business_name, phone, city, about) VALUES (?, ?, 'Audit Trail Tours', '+91 98000 11111', 'Madurai', 'Temple towns of Tamil Nadu, since 2012.')",
      )
      .bind(requestId, target)
      .run();
    const rejected = await w.api(
      "POST",
      `/api/superadmin/seller-requests/${requestId}/reject`,
      { note: "We need a registered address" },
      asAdmin(),
    );
    expect(rejected.status).toBe(200);
    const [reject] = await entries("seller_request.reject", requestId);
    expect(reject.reason).toBe("We need a registered address");
    // Reviewing it again is refused, and records nothing.
    expect((await w.api("POST", `/api/superadmin/seller-requests/${requestId}/approve`, undefined, asAdmin())).status).toBe(409);
    expect(await entries("seller_request.approve", requestId)).toHaveLength(0);

    // A custom domain switched off and on: Wanderlust's, which the seed's log shows switched on by hand once already.
    const domain = await w.d1.prepare("SELECT id FROM custom_domains WHERE status = 'active' LIMIT 1").first<string>("id");
    expect(domain).toBe("dom_wanderlust");
    expect(await entries("domain.activate", domain as string)).toHaveLength(1);
    expect((await w.api("POST", `/api/superadmin/domains/${domain}/deactivate`, undefined, asAdmin())).status).toBe(200);
    expect((await w.api("POST", `/api/superadmin/domains/${domain}/activate`, undefined, asAdmin())).status).toBe(200);
    expect(await entries("domain.deactivate", domain as string)).toHaveLength(1);
    expect(await entries("domain.activate", domain as string)).toHaveLength(2);

    // An undelivered message retried from the panel.
    await w.d1
      .prepare(
        `INSERT INTO outbox (id, "to", subject, text, status, created_at) VALUES ('mail-audit-dead', 'a@example.com', 's', 't', 'dead', ?)`,
      )
      .bind(new Date().toISOString())
      .run();
    const retried = await sendPageAction(
      w,
      "/superadmin-panel/messages",
      { id: "mail-audit-dead" },
      { cookie: `tb_session=${admin.token}` },
    );
    expect(retried.answer?.ok, JSON.stringify(retried.answer)).toBe(true);
    expect(await entries("message.retry", "mail-audit-dead")).toHaveLength(1);

    // The log's page lists them, filtered, in one round trip; the API answers the same.
    const page = await w.request("/superadmin-panel/audit?action=seller_request.reject", {
      headers: { cookie: `tb_session=${admin.token}` },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-tb-d1-calls")).toBe("1");
    const html = await page.text();
    expect(html).toContain(requestId);
    expect(html).toContain("We need a registered address");
    expect(html).not.toContain("<code>user.disable</code>");
    const api = await w.api("GET", `/api/superadmin/audit?target=${domain}`, undefined, bearer(admin));
    expect(api.status).toBe(200);
    // This test's two and the seed's activation.
    expect(api.body.entries.map((e: { action: string }) => e.action).sort()).toEqual([
      "domain.activate",
      "domain.activate",
      "domain.deactivate",
    ]);
    expect((await w.api("GET", "/api/superadmin/audit?from=2026-13-01", undefined, bearer(admin))).status).toBe(422);
    for (const s of [asha, seller]) expect((await w.api("GET", "/api/superadmin/audit", undefined, bearer(s))).status).toBe(403);
  });

  it("the last superadmin cannot be demoted", async () => {
    // Every other superadmin is demoted first (a test above may have made one).
    const others = (
      await w.d1.prepare("SELECT id FROM users WHERE role = 'superadmin' AND id != ?").bind(admin.user.id).all<{ id: string }>()
    ).results;
    for (const o of others) await w.d1.prepare("UPDATE users SET role = 'user' WHERE id = ?").bind(o.id).run();
    const res = await w.api("PUT", `/api/superadmin/users/${admin.user.id}/role`, { role: "user" }, asAdmin());
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("You are the last superadmin; make another account superadmin first");
    expect(await w.d1.prepare("SELECT role FROM users WHERE id = ?").bind(admin.user.id).first("role")).toBe("superadmin");
    expect(await entries("user.role", admin.user.id)).toHaveLength(0);
  });

  it("is atomic with the change: a D1 failure before the batch leaves neither the change nor the entry", async () => {
    const fault = { ...asAdmin(), "x-tb-fault": "before-write:1" };
    const before = await auditCount();
    const settings = await putSettings({ ...SPEC, bookingFeePercent: 30 }, fault);
    expect(settings.status).toBe(503);
    const disable = await w.api("PUT", `/api/superadmin/users/${target}/status`, { status: "disabled" }, fault);
    expect(disable.status).toBe(503);
    const role = await w.api("PUT", `/api/superadmin/users/${target}/role`, { role: "superadmin" }, fault);
    expect(role.status).toBe(503);
    expect(await auditCount()).toBe(before);
    expect((await w.api("GET", "/api/superadmin/settings", undefined, bearer(admin))).body.settings.bookingFeePercent).toBe(18);
    expect(await w.d1.prepare("SELECT status || ':' || role AS v FROM users WHERE id = ?").bind(target).first("v")).toBe("active:user");
    // A failure after D1 committed (a lost answer) leaves both.
    const lost = await w.api(
      "PUT",
      `/api/superadmin/users/${target}/status`,
      { status: "disabled" },
      { ...asAdmin(), "x-tb-fault": "after-write:1" },
    );
    expect(lost.status).toBe(503);
    expect(await w.d1.prepare("SELECT status FROM users WHERE id = ?").bind(target).first("status")).toBe("disabled");
    expect(await auditCount()).toBe(before + 1);
  });

  it("refuses UPDATE and DELETE of an entry", async () => {
    expect(await auditCount()).toBeGreaterThan(0);
    await expect(w.d1.prepare("UPDATE audit_log SET reason = 'edited'").run()).rejects.toThrow(/audit log entries cannot be changed/);
    await expect(w.d1.prepare("DELETE FROM audit_log").run()).rejects.toThrow(/audit log entries cannot be deleted/);
    expect(await w.d1.prepare("SELECT count(*) AS n FROM audit_log WHERE reason = 'edited'").first("n")).toBe(0);
  });
});
