import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAULT_HEADER } from "../../worker/db/fault-d1";
import { allowConsoleErrors } from "../support/console-guard";
import { newCustomer, newDomain, newPackage } from "../support/security-fixtures";
import { readFileSync } from "node:fs";
import { defineAppRoutes } from "../../app/routes";
import { apiRoutes } from "../support/security-routes";
import { type Session, bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";
import { REMIX_REFUSALS } from "../support/console-guard";

// Issue 28: every admin action appends its audit entry atomically with the change. For each one (every superadmin
// write of the API, and the panel's page-only actions) a D1 failure is injected at the 1st, 2nd, ... write of the
// request (test/integration/faults.test.ts's `x-tb-fault`, ADR 0020) until the action goes through. After every
// attempt the change and its entry are both there or both absent: no fault anywhere splits them.
allowConsoleErrors(/injected fault \(x-tb-fault: /, ...REMIX_REFUSALS);

let w: TestWorker;
let admin: Session;
let seller: Session;
beforeAll(async () => {
  w = await startWorker({ bindings: { FAULTS: "1" } });
  [admin, seller] = await Promise.all([loginViaApi(w, "admin@tripbazaar.example"), loginViaApi(w, "owner@wanderlust.example")]);
});
afterAll(() => w?.dispose());

const IP = "198.51.100.77";
const value = async (sql: string, ...args: unknown[]) =>
  Object.values(
    (await w.d1
      .prepare(sql)
      .bind(...args)
      .first<Record<string, unknown>>()) ?? { v: null },
  )[0];
const entries = async (action: string, target: string) =>
  Number(await value("SELECT count(*) AS n FROM audit_log WHERE action = ? AND target_id = ?", action, target));

/** One admin action: what it logs, on which target, how it is sent, and whether its change is in D1. */
type Case = {
  action: string;
  target: string;
  send: (headers: Record<string, string>) => Promise<{ status: number }>;
  changed: () => Promise<boolean>;
};

const api = (method: string, path: string, body?: unknown) => (headers: Record<string, string>) =>
  w.api(method, path, body, { ...bearer(admin), "cf-connecting-ip": IP, ...headers });
const page = (path: string, fields: Record<string, string>) => async (headers: Record<string, string>) => {
  // A page action carries the fault header the same way; whether it went through is read from D1.
  const res = await w.request(`${path}.data`, {
    method: "POST",
    headers: {
      origin: "http://localhost",
      "content-type": "application/x-www-form-urlencoded",
      cookie: `tb_session=${admin.token}`,
      "cf-connecting-ip": IP,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
  await res.arrayBuffer();
  return { status: res.status };
};
const is = (sql: string, id: string, expected: unknown) => async () => (await value(sql, id)) === expected;
const tag = () => crypto.randomUUID().slice(0, 8);

/** A user asking to sell, as the "become a seller" form stores it. */
async function sellerRequest() {
  const user = await newCustomer(w, "audit-request");
  const id = `sr_audit_${tag()}`;
  await w.d1
    .prepare(
      "INSERT INTO seller_requests (id, user_id, business_name, phone, city, about) VALUES (?, ?, 'Audit Atoll Tours', '+91 98000 22222', 'Kochi', 'Island hopping in Lakshadweep since 2015.')",
    )
    .bind(id, user.user.id)
    .run();
  return id;
}

/** The actions, by route (API) or by page; each makes its own target. */
const CASES: Record<string, () => Promise<Case>> = {
  "POST /api/superadmin/domains/:id/activate": async () => {
    const id = await newDomain(w, seller, `audit-${tag()}.example.com`);
    const q = "SELECT status FROM custom_domains WHERE id = ?";
    return {
      action: "domain.activate",
      target: id,
      send: api("POST", `/api/superadmin/domains/${id}/activate`),
      changed: is(q, id, "active"),
    };
  },
  "POST /api/superadmin/domains/:id/deactivate": async () => {
    const id = await newDomain(w, seller, `audit-${tag()}.example.com`);
    await w.d1.prepare("UPDATE custom_domains SET status = 'active' WHERE id = ?").bind(id).run();
    const q = "SELECT status <> 'active' AS v FROM custom_domains WHERE id = ?";
    return {
      action: "domain.deactivate",
      target: id,
      send: api("POST", `/api/superadmin/domains/${id}/deactivate`),
      changed: is(q, id, 1),
    };
  },
  "POST /api/superadmin/seller-requests/:id/approve": async () => {
    const id = await sellerRequest();
    const q = "SELECT status FROM seller_requests WHERE id = ?";
    return {
      action: "seller_request.approve",
      target: id,
      send: api("POST", `/api/superadmin/seller-requests/${id}/approve`),
      changed: is(q, id, "approved"),
    };
  },
  "POST /api/superadmin/seller-requests/:id/reject": async () => {
    const id = await sellerRequest();
    const q = "SELECT status FROM seller_requests WHERE id = ?";
    return {
      action: "seller_request.reject",
      target: id,
      send: api("POST", `/api/superadmin/seller-requests/${id}/reject`, { note: "We need a registered address" }),
      changed: is(q, id, "rejected"),
    };
  },
  "PUT /api/superadmin/users/:id/status": async () => {
    const { user } = await newCustomer(w, "audit-status");
    const q = "SELECT status FROM users WHERE id = ?";
    return {
      action: "user.disable",
      target: user.id,
      send: api("PUT", `/api/superadmin/users/${user.id}/status`, { status: "disabled" }),
      changed: is(q, user.id, "disabled"),
    };
  },
  "PUT /api/superadmin/users/:id/role": async () => {
    const { user } = await newCustomer(w, "audit-role");
    const q = "SELECT role FROM users WHERE id = ?";
    return {
      action: "user.role",
      target: user.id,
      send: api("PUT", `/api/superadmin/users/${user.id}/role`, { role: "superadmin" }),
      changed: is(q, user.id, "superadmin"),
    };
  },
  "PUT /api/superadmin/packages/:id/decision": async () => {
    const id = await newPackage(w, seller);
    await w.d1.prepare("UPDATE packages SET moderation = 'pending' WHERE id = ?").bind(id).run();
    const q = "SELECT moderation FROM packages WHERE id = ?";
    return {
      action: "package.reject",
      target: id,
      send: api("PUT", `/api/superadmin/packages/${id}/decision`, { decision: "reject", reason: "The photos are missing" }),
      changed: is(q, id, "rejected"),
    };
  },
  // The seed's change to Sikkim, waiting for review.
  "PUT /api/superadmin/edits/:id/decision": async () => ({
    action: "package_edit.approve",
    target: "pe_seed_sikkim",
    send: api("PUT", "/api/superadmin/edits/pe_seed_sikkim/decision", { decision: "approve" }),
    changed: is("SELECT status FROM package_edits WHERE id = ?", "pe_seed_sikkim", "approved"),
  }),
  // The seed's waiting student ID (Rahul's).
  "POST /api/superadmin/student-verifications/:id/approve": async () => ({
    action: "student.approve",
    target: "sv_seed_rahul",
    send: api("POST", "/api/superadmin/student-verifications/sv_seed_rahul/approve", {}),
    changed: is("SELECT status FROM student_verifications WHERE id = ?", "sv_seed_rahul", "verified"),
  }),
  "POST /api/superadmin/student-verifications/:id/reject": async () => {
    const { user } = await newCustomer(w, "audit-student");
    const id = `sv_audit_${tag()}`;
    await w.d1
      .prepare(
        "INSERT INTO student_verifications (id, user_id, status, institution, course_end_date) VALUES (?, ?, 'pending', 'Audit Institute', '2099-06-30')",
      )
      .bind(id, user.id)
      .run();
    return {
      action: "student.reject",
      target: id,
      send: api("POST", `/api/superadmin/student-verifications/${id}/reject`, { reason: "Not a student card" }),
      changed: is("SELECT status FROM student_verifications WHERE id = ?", id, "rejected"),
    };
  },
  // Meera's review of her seeded Jaipur trip (bk_m2), held for the superadmin.
  "POST /api/superadmin/reviews/:id/publish": async () => {
    const id = "rv_audit_held";
    await w.d1
      .prepare(
        "INSERT INTO reviews (id, booking_id, package_id, seller_id, user_id, author_name, travelled_on, rating, body, status, held_for) SELECT ?, id, package_id, seller_id, user_id, 'Meera', start_date, 4, 'Lovely havelis; ring our guide on his number for the best food walk.', 'pending', '[\"phone\"]' FROM bookings WHERE id = 'bk_m2'",
      )
      .bind(id)
      .run();
    return {
      action: "review.publish",
      target: id,
      send: api("POST", `/api/superadmin/reviews/${id}/publish`),
      changed: is("SELECT status FROM reviews WHERE id = ?", id, "published"),
    };
  },
  "POST /api/superadmin/reviews/:id/remove": async () => ({
    action: "review.remove",
    target: "rv_seed_r2",
    send: api("POST", "/api/superadmin/reviews/rv_seed_r2/remove", { reason: "duplicate" }),
    changed: is("SELECT status FROM reviews WHERE id = ?", "rv_seed_r2", "removed"),
  }),
  "PUT /api/superadmin/settings": async () => ({
    action: "settings.update",
    target: "platform",
    send: api("PUT", "/api/superadmin/settings", {
      discountPercent: 10,
      bookingFeePercent: 20,
      maxTravellers: 12,
      childrenDiscountPercent: 0,
      studentDiscountPercent: 5,
      packagesNeedApproval: false,
    }),
    changed: async () => Number(await value("SELECT booking_fee_percent AS v FROM platform_settings")) === 20,
  }),
  // The panel's own actions that have no API route: an undelivered email sent again.
  "page /superadmin-panel/messages": async () => {
    const id = `mail-audit-${tag()}`;
    await w.d1
      .prepare(`INSERT INTO outbox (id, "to", subject, text, status, created_at) VALUES (?, 'a@example.com', 's', 't', 'dead', ?)`)
      .bind(id, new Date().toISOString())
      .run();
    return {
      action: "message.retry",
      target: id,
      send: page("/superadmin-panel/messages", { id }),
      changed: async () => (await value(`SELECT status FROM outbox WHERE id = ?`, id)) !== "dead",
    };
  },
  // A refund the provider kept refusing, tried again by the operator (then made at once, after the logged change).
  "page /superadmin-panel/refunds": async () => {
    const id = `rf_audit_${tag()}`;
    await w.d1
      .prepare(
        "INSERT INTO refunds (id, payment_id, booking_id, seller_id, amount, reason, status, failure_reason) VALUES (?, 'py_seed_bk_w4', 'bk_w4', 's_wanderlust', 100000, 'cancelled', 'attention', 'Refused by the provider')",
      )
      .bind(id)
      .run();
    return {
      action: "refund.retry",
      target: id,
      send: page("/superadmin-panel/refunds", { id }),
      changed: async () => (await value("SELECT status FROM refunds WHERE id = ?", id)) !== "attention",
    };
  },
};

describe("the audit log and the admin actions it records", () => {
  it("has a case for every superadmin write of the API, so a new one cannot skip its entry", () => {
    const writes = apiRoutes()
      .filter((r) => r.path.startsWith("/api/superadmin/") && r.method !== "GET")
      .map((r) => r.key)
      .sort();
    expect(writes.length).toBeGreaterThan(10);
    expect(
      Object.keys(CASES)
        .filter((k) => !k.startsWith("page "))
        .sort(),
    ).toEqual(writes);
  });

  for (const [name, prepare] of Object.entries(CASES)) {
    it(`${name}: a fault at any write leaves the change and its entry both or neither; then one entry`, async () => {
      const c = await prepare();
      expect(await c.changed(), "the target starts unchanged").toBe(false);
      const before = await entries(c.action, c.target);
      const seen: string[] = [];
      let done = false;
      for (let n = 1; n <= 8 && !done; n++) {
        const res = await c.send({ [FAULT_HEADER]: `before-write:${n}` });
        const changed = await c.changed();
        const logged = (await entries(c.action, c.target)) - before;
        seen.push(`write ${n}: ${res.status}, changed ${changed}, entries ${logged}`);
        expect(logged, seen.join("; ")).toBe(changed ? 1 : 0);
        // The first write is the change's own batch: failing it fails the action.
        if (n === 1) expect(changed, seen.join("; ")).toBe(false);
        done = changed;
      }
      expect(done, `the action never went through: ${seen.join("; ")}`).toBe(true);
      const entry = await w.d1
        .prepare("SELECT actor_id, actor_role, ip FROM audit_log WHERE action = ? AND target_id = ? ORDER BY created_at DESC")
        .bind(c.action, c.target)
        .first();
      expect(entry).toEqual({ actor_id: admin.user.id, actor_role: "superadmin", ip: IP });
    });
  }
});

/**
 * Every action of the panel's pages, with a form that would change a real row were it the superadmin's: the same
 * decisions as the API's, sent by a traveller and by a seller.
 */
const PAGE_ACTIONS: Record<string, Record<string, string>> = {
  "/superadmin-panel/users": { id: "u_asha", status: "disabled" },
  "/superadmin-panel/domains": { id: "dom_wanderlust" },
  "/superadmin-panel/messages": { id: "fu_nothing" },
  "/superadmin-panel/refunds": { id: "rf_nothing" },
  "/superadmin-panel/requests": { intent: "approve", id: "sr_nothing" },
  "/superadmin-panel/settings": {
    discountPercent: "10",
    bookingFeePercent: "30",
    maxTravellers: "12",
    childrenDiscountPercent: "0",
    studentDiscountPercent: "5",
    packagesNeedApproval: "on",
  },
  "/superadmin-panel/students": { intent: "reject", id: "sv_seed_meera", reason: "Not a student card" },
  "/superadmin-panel/reviews": { intent: "remove", id: "rv_seed_w4", reason: "duplicate" },
  "/superadmin-panel/edits": { intent: "edit", id: "pe_seed_sikkim", decision: "reject", reason: "Not enough detail" },
  "/superadmin-panel/seller-packages": { intent: "package", id: "p_goa", decision: "reject", reason: "Not enough detail" },
};

/** The panel's pages (app/routes.ts) with their full paths and route files. */
function collectPanelFiles() {
  const found: { path: string; file: string }[] = [];
  const parents: string[] = [];
  const route = (path: string | undefined, file: string, options?: unknown, children?: () => void) => {
    const kids = typeof options === "function" ? (options as () => void) : children;
    const full = `/${[...parents, path].filter(Boolean).join("/")}`;
    if (full.startsWith("/superadmin-panel")) found.push({ path: full, file });
    if (kids) {
      parents.push(path ?? "");
      kids();
      parents.pop();
    }
  };
  defineAppRoutes(route as never);
  return found;
}

describe("the panel's page actions", () => {
  it("are all listed here, and each refuses a traveller and a seller (403), writing nothing and logging nothing", async () => {
    const withActions = collectPanelFiles()
      .filter(({ path }) => !path.includes(":"))
      .filter(({ file }) =>
        /export (async function|const) action\b/.test(readFileSync(new URL(`../../app/${file}`, import.meta.url), "utf8")),
      )
      .map(({ path }) => path)
      .sort();
    expect(withActions.length).toBeGreaterThan(8);
    expect(Object.keys(PAGE_ACTIONS).sort()).toEqual(withActions);

    const [traveller, other] = await Promise.all([loginViaApi(w, "meera@example.com"), loginViaApi(w, "owner@himalayan.example")]);
    const snapshot = () =>
      Promise.all(
        [
          "SELECT * FROM audit_log ORDER BY id",
          "SELECT * FROM platform_settings",
          "SELECT id, status FROM users ORDER BY id",
          "SELECT id, status FROM custom_domains ORDER BY id",
          "SELECT id, status, decided_by FROM student_verifications ORDER BY id",
          "SELECT id, status, removal_reason FROM reviews ORDER BY id",
          "SELECT id, status FROM package_edits ORDER BY id",
          "SELECT id, moderation FROM packages ORDER BY id",
        ].map(async (sql) => (await w.d1.prepare(sql).all()).results),
      );
    const before = await snapshot();
    const failures: string[] = [];
    for (const [path, fields] of Object.entries(PAGE_ACTIONS)) {
      for (const s of [traveller, other]) {
        const res = await w.request(path, {
          method: "POST",
          headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded", cookie: `tb_session=${s.token}` },
          body: new URLSearchParams(fields).toString(),
        });
        const text = await res.text();
        if (res.status !== 403 || !text.includes("You do not have permission to view this page"))
          failures.push(`${s.user.role} posting to ${path} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
