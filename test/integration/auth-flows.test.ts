import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testNow } from "../support/clock";
import { bearer, latestCode, latestEmail, loginViaApi, waitForEmail } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

let w: TestWorker;
beforeAll(async () => {
  // TEST_CLOCK: a request may say when it is made (x-tb-now), so lifetimes are checked at their edges without waiting.
  w = await startWorker({ bindings: { TEST_CLOCK: "1" } });
});
afterAll(() => w?.dispose());

let ipCounter = 0;
/** A fresh client address per call, so the per-IP limits stay out of the way of flow tests. */
const ip = () => ({ "cf-connecting-ip": `203.0.113.${++ipCounter}` });
const unique = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
/** A request made `ms` after `start` on the tests' clock. */
const at = (start: number, ms = 0) => ({ "x-tb-now": String(start + ms) });
const SECOND = 1_000;
const MINUTE = 60 * SECOND;

async function signup(email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return w.api(
    "POST",
    "/api/auth/signup",
    { name: "Meera Nair", phone: "+91 90000 11111", email, password: "Sunrise#2026", role: "user", ...extra },
    { ...ip(), ...headers },
  );
}

/** What the browser sends from a page of a seller site by path (app/lib/api.ts, ADR 0024). */
const fromSite = (sellerId: string) => ({ "x-tb-site": `/seller/${sellerId}/website` });

describe("signup and email verification", () => {
  it("creates an unverified customer, emails a code, and signs in on the right code", async () => {
    const email = unique("meera");
    const res = await signup(email, { role: "superadmin" });
    expect(res.status).toBe(201);
    expect(res.body.userId).toMatch(/^u_/);

    // Not yet verified: login gives no token.
    const early = await w.api("POST", "/api/auth/login", { email, password: "Sunrise#2026" }, ip());
    expect(early.status).toBe(403);
    expect(early.body.token).toBeUndefined();
    expect(early.body.message).toMatch(/verify your email/i);

    const code = await latestCode(w, email);
    const ok = await w.api("POST", "/api/auth/verify-otp", { userId: res.body.userId, otp: code }, ip());
    expect(ok.status).toBe(200);
    expect(typeof ok.body.token).toBe("string");
    // SECURITY: the role in the body was ignored.
    expect(ok.body.user).toEqual({ id: res.body.userId, name: "Meera Nair", email, role: "user", isVerified: true });
    expect(ok.headers.get("set-cookie")).toMatch(/tb_session=.+HttpOnly; SameSite=Lax/);

    const profile = await w.api("GET", "/api/auth/profile", undefined, bearer(ok.body));
    expect(profile.body).toEqual({ name: "Meera Nair", email, phone: "+91 90000 11111" });
  });

  it("answers 409 and no token for verify-otp on a verified account", async () => {
    const email = unique("twice");
    const { body } = await signup(email);
    const code = await latestCode(w, email);
    expect((await w.api("POST", "/api/auth/verify-otp", { userId: body.userId, otp: code }, ip())).status).toBe(200);
    const again = await w.api("POST", "/api/auth/verify-otp", { userId: body.userId, otp: code }, ip());
    expect(again.status).toBe(409);
    expect(again.body.token).toBeUndefined();
  });

  it("rejects a duplicate email and bad input with clear 4xx and writes nothing", async () => {
    const dup = await signup("ASHA@example.com");
    expect(dup.status).toBe(409);
    for (const bad of [{ email: "not-an-email" }, { password: "short" }, { password: "x".repeat(129) }, { name: "" }]) {
      const email = unique("bad");
      const res = await signup(email, bad);
      expect(res.status).toBe(422);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBeTruthy();
      const rows = await w.d1.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first<{ n: number }>();
      expect(rows?.n).toBe(0);
    }
    const malformed = await w.request("/api/auth/signup", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(malformed.status).toBe(400);
  });

  it("lets one of several signups racing for one address (in any case) make the account; the others get 409", async () => {
    const email = unique("race");
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signup(i % 2 ? email.toUpperCase() : email, {}, { "x-forwarded-for": `198.51.100.${i + 1}` })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    // The address check, or the unique index on the lower-cased address when requests pass it together (the clash
    // sign-in.ts names, issue 25), decides: never a 5xx, never two accounts.
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.message).toBe("An account with this email already exists. Please log in.");
    const rows = await w.d1.prepare("SELECT count(*) AS n FROM users WHERE lower(email) = lower(?)").bind(email).first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it("accepts a 128-character password and names the seller in codes sent from a seller site", async () => {
    const email = unique("long");
    const res = await signup(email, { password: "p".repeat(128) }, fromSite("s_wanderlust"));
    expect(res.status).toBe(201);
    const mail = await latestEmail(w, email);
    expect(mail.subject).toContain("Wanderlust Journeys");

    const onDomain = unique("domain");
    await w.request("/api/auth/signup", {
      host: "wanderlust.localhost",
      method: "POST",
      headers: { "content-type": "application/json", ...ip() },
      body: JSON.stringify({ name: "Dev Patel", email: onDomain, password: "Sunrise#2026" }),
    });
    expect((await latestEmail(w, onDomain)).subject).toContain("Wanderlust Journeys");
  });

  it("brands a code by the site the request resolved to, never by a seller id in the body", async () => {
    const byBody = unique("body");
    expect((await signup(byBody, { sellerId: "s_wanderlust" })).status).toBe(201);
    expect((await latestEmail(w, byBody)).subject).toMatch(/^Your Tripbazaar verification code/);
    // A site header naming no seller, or not exactly a site's base path, brands nothing either.
    for (const headers of [fromSite("s_nobody"), { "x-tb-site": "/seller/wanderlust-journeys/website/login" }]) {
      const email = unique("claim");
      expect((await signup(email, {}, headers)).status).toBe(201);
      expect((await latestEmail(w, email)).subject).toMatch(/^Your Tripbazaar verification code/);
    }
  });

  it("refuses a resend within 30 seconds with 429 and replaces the code on resend", async () => {
    const email = unique("resend");
    const { body } = await signup(email);
    const first = await latestCode(w, email);
    const soon = await w.api("POST", "/api/auth/resend-otp", { userId: body.userId }, ip());
    expect(soon.status).toBe(429);
    expect(soon.body.message).toMatch(/30 seconds/);

    // Thirty seconds pass.
    await w.d1.prepare("UPDATE otp_codes SET last_sent_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?").bind(body.userId).run();
    const later = await w.api("POST", "/api/auth/resend-otp", { userId: body.userId }, ip());
    expect(later.status).toBe(200);
    const second = await latestCode(w, email);
    // A fresh random code (the same six digits again is a one-in-a-million chance), and the old one is dead.
    expect(second).not.toBe(first);
    const old = await w.api("POST", "/api/auth/verify-otp", { userId: body.userId, otp: first }, ip());
    expect(old.status).toBe(400);
    const ok = await w.api("POST", "/api/auth/verify-otp", { userId: body.userId, otp: second }, ip());
    expect(ok.status).toBe(200);
  });

  it("allows at most 5 sends an hour", async () => {
    const email = unique("hourly");
    const { body } = await signup(email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      await w.d1.prepare("UPDATE otp_codes SET last_sent_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?").bind(body.userId).run();
      statuses.push((await w.api("POST", "/api/auth/resend-otp", { userId: body.userId }, ip())).status);
    }
    // The signup sent the first of five.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it("takes a code until 10 minutes after it was sent, and not a second later", async () => {
    const start = testNow();
    const verifyAt = async (ms: number) => {
      const email = unique("expire");
      const { body } = await signup(email, {}, at(start));
      const code = await latestCode(w, email);
      return w.api("POST", "/api/auth/verify-otp", { userId: body.userId, otp: code }, { ...ip(), ...at(start, ms) });
    };
    const justBefore = await verifyAt(10 * MINUTE - SECOND);
    expect(justBefore.status, JSON.stringify(justBefore.body)).toBe(200);
    const justAfter = await verifyAt(10 * MINUTE + SECOND);
    expect(justAfter.status).toBe(400);
    expect(justAfter.body.message).toMatch(/expired|invalid/i);
  });
});

describe("login, profile and logout", () => {
  it("gives the same status and message for an unknown email and a wrong password", async () => {
    const unknown = await w.api("POST", "/api/auth/login", { email: "nobody@example.com", password: "Travel#2026" }, ip());
    const wrong = await w.api("POST", "/api/auth/login", { email: "asha@example.com", password: "Wrong#2026" }, ip());
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(unknown.status);
    expect(wrong.body).toEqual(unknown.body);
  });

  it("logs in, updates the profile, and logout clears the cookie", async () => {
    const res = await w.api("POST", "/api/auth/login", { email: "Asha@Example.com", password: "Travel#2026" }, ip());
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ id: "u_asha", name: "Asha Verma", email: "asha@example.com", role: "user", isVerified: true });
    expect(res.headers.get("set-cookie")).toContain("HttpOnly");
    expect(res.headers.get("set-cookie")).not.toContain("Secure");

    const put = await w.api("PUT", "/api/auth/profile", { name: "Asha Verma Rao", phone: "+91 98111 00000" }, bearer(res.body));
    expect(put.status).toBe(200);
    const got = await w.api("GET", "/api/auth/profile", undefined, bearer(res.body));
    expect(got.body).toEqual({ name: "Asha Verma Rao", email: "asha@example.com", phone: "+91 98111 00000" });
    expect((await w.api("PUT", "/api/auth/profile", { name: "", phone: "" }, bearer(res.body))).status).toBe(422);

    const out = await w.api("POST", "/api/auth/logout");
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/tb_session=;.*Max-Age=0/);
  });

  it("authenticates by cookie and sets Secure on https hosts", async () => {
    const session = await loginViaApi(w, "admin@tripbazaar.example");
    const byCookie = await w.api("GET", "/api/auth/profile", undefined, { cookie: `tb_session=${session.token}` });
    expect(byCookie.status).toBe(200);
    const https = await w.mf.dispatchFetch("https://tripbazaar.example/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", ...ip() },
      body: JSON.stringify({ email: "admin@tripbazaar.example", password: "Travel#2026" }),
    });
    expect(https.headers.get("set-cookie")).toContain("Secure");
  });
});

describe("password change and reset", () => {
  it("changes the password with a code, ends other sessions and emails a notice", async () => {
    const email = unique("change");
    const { body } = await signup(email);
    const first = await w.api("POST", "/api/auth/verify-otp", { userId: body.userId, otp: await latestCode(w, email) }, ip());
    const other = await loginViaApi(w, email, "Sunrise#2026");

    const wrongCurrent = await w.api("POST", "/api/auth/request-password-otp", { current: "nope-nope" }, bearer(first.body));
    expect(wrongCurrent.status).toBe(400);
    const sent = await w.api("POST", "/api/auth/request-password-otp", { current: "Sunrise#2026" }, bearer(first.body));
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe("OTP sent to your email. Please check your inbox.");
    const code = await latestCode(w, email);

    const mismatch = await w.api(
      "PUT",
      "/api/auth/password",
      { new: "Monsoon#2027", confirm: "Monsoon#2028", otp: code },
      bearer(first.body),
    );
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.message).toBe("Passwords do not match");

    const changed = await w.api(
      "PUT",
      "/api/auth/password",
      { new: "Monsoon#2027", confirm: "Monsoon#2027", otp: code },
      bearer(first.body),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe("Password updated successfully!");
    expect((await latestEmail(w, email)).subject).toMatch(/password was changed/);

    // The other session and the old token are over; the caller continues with its fresh token.
    expect((await w.api("GET", "/api/auth/profile", undefined, bearer(other))).status).toBe(401);
    expect((await w.api("GET", "/api/auth/profile", undefined, bearer(first.body))).status).toBe(401);
    expect((await w.api("GET", "/api/auth/profile", undefined, bearer(changed.body))).status).toBe(200);
    // The code was single use.
    const reuse = await w.api(
      "PUT",
      "/api/auth/password",
      { new: "Monsoon#2029", confirm: "Monsoon#2029", otp: code },
      bearer(changed.body),
    );
    expect(reuse.status).toBe(400);
    expect((await w.api("POST", "/api/auth/login", { email, password: "Monsoon#2027" }, ip())).status).toBe(200);
  });

  it("emails a single-use reset link that works for 30 minutes; forgot-password always answers 200", async () => {
    const unknown = await w.api("POST", "/api/auth/forgot-password", { email: "ghost@example.com" }, ip());
    const known = await w.api("POST", "/api/auth/forgot-password", { email: "owner@himalayan.example" }, ip());
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);

    const mail = await waitForEmail(w, "owner@himalayan.example", (m) => m.text.includes("/reset-password/"));
    const token = /http:\/\/localhost\/reset-password\/(\S+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    const session = await loginViaApi(w, "owner@himalayan.example");

    const mismatch = await w.api("POST", "/api/auth/reset-password", { token, password: "Glacier#2026", confirm: "Glacier#2027" }, ip());
    expect(mismatch.status).toBe(422);
    const ok = await w.api("POST", "/api/auth/reset-password", { token, password: "Glacier#2026", confirm: "Glacier#2026" }, ip());
    expect(ok.status).toBe(200);
    const again = await w.api("POST", "/api/auth/reset-password", { token, password: "Glacier#2099", confirm: "Glacier#2099" }, ip());
    expect(again.status).toBe(400);
    expect((await w.api("GET", "/api/auth/profile", undefined, bearer(session))).status).toBe(401);
    expect((await w.api("POST", "/api/auth/login", { email: "owner@himalayan.example", password: "Glacier#2026" }, ip())).status).toBe(200);
  });

  it("takes a reset link until 30 minutes after it was sent, and not a second later", async () => {
    const start = testNow();
    const resetAt = async (ms: number) => {
      const email = unique("late-link");
      const { body } = await signup(email, {}, at(start));
      await w.api("POST", "/api/auth/verify-otp", { userId: body.userId, otp: await latestCode(w, email) }, { ...ip(), ...at(start) });
      await w.api("POST", "/api/auth/forgot-password", { email }, { ...ip(), ...at(start) });
      const link = await waitForEmail(w, email, (m) => m.text.includes("/reset-password/"));
      const token = /reset-password\/(\S+)/.exec(link.text)?.[1];
      expect(token).toBeTruthy();
      return w.api(
        "POST",
        "/api/auth/reset-password",
        { token, password: "Glacier#2030", confirm: "Glacier#2030" },
        { ...ip(), ...at(start, ms) },
      );
    };
    const justBefore = await resetAt(30 * MINUTE - SECOND);
    expect(justBefore.status, JSON.stringify(justBefore.body)).toBe(200);
    const justAfter = await resetAt(30 * MINUTE + SECOND);
    expect(justAfter.status).toBe(400);
  });

  it("points the reset link at the seller site the request came from", async () => {
    await w.api("POST", "/api/auth/forgot-password", { email: "asha@example.com" }, { ...ip(), ...fromSite("s_wanderlust") });
    const byPath = await waitForEmail(w, "asha@example.com", (m) => m.text.includes("/seller/wanderlust-journeys/website/reset-password/"));
    expect(byPath.text).toContain("http://localhost/seller/wanderlust-journeys/website/reset-password/");
    expect(byPath.subject).toContain("Wanderlust Journeys");
    await w.d1.prepare("UPDATE otp_codes SET last_sent_at = '2000-01-01T00:00:00.000Z' WHERE user_id = 'u_asha'").run();
    await w.request("/api/auth/forgot-password", {
      host: "wanderlust.localhost",
      method: "POST",
      headers: { "content-type": "application/json", ...ip() },
      body: JSON.stringify({ email: "asha@example.com" }),
    });
    const onDomain = await waitForEmail(w, "asha@example.com", (m) => m.text.includes("wanderlust.localhost"));
    expect(onDomain.text).toContain("http://wanderlust.localhost/reset-password/u_asha.");
  });
});
