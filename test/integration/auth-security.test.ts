import { SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../worker/db/seed-data";
import { DEAD_CODE } from "../../worker/domain/auth/otp";
import { TEST_ENV } from "../support/env";
import { bearer, latestCode, loginViaApi, waitForEmail } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

let w: TestWorker;
beforeAll(async () => {
  w = await startWorker();
});
afterAll(() => w?.dispose());

let ipCounter = 0;
const ip = () => ({ "cf-connecting-ip": `192.0.2.${++ipCounter % 250}` });
const unique = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const key = (s: string) => new TextEncoder().encode(s);

async function newAccount() {
  const email = unique("sec");
  const res = await w.api("POST", "/api/auth/signup", { name: "Ravi Kumar", email, password: "Sunrise#2026" }, ip());
  return { email, userId: res.body.userId as string, code: await latestCode(w, email) };
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("one-time codes under attack", () => {
  it("evaluates at most 5 of 100 parallel wrong guesses, then rejects the right code", async () => {
    const { userId, code } = await newAccount();
    const wrong = wrongOf(code);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        w.api("POST", "/api/auth/verify-otp", { userId, otp: wrong }, { "cf-connecting-ip": `10.9.${i}.1` }),
      ),
    );
    // The account's limit lets 40 tries through (each from its own address); of those the code's counter
    // evaluates 5 and refuses the other 35 unevaluated.
    const answers = results.map((r) => `${r.status} ${r.body.message}`);
    const count = (answer: string) => answers.filter((a) => a === answer).length;
    expect(count("429 Too many attempts. Please wait a few minutes and try again.")).toBe(60);
    expect(count("400 Invalid verification code")).toBe(5);
    expect(count(`400 ${DEAD_CODE}`)).toBe(35);
    const row = await w.d1.prepare("SELECT attempts FROM otp_codes WHERE user_id = ?").bind(userId).first<{ attempts: number }>();
    expect(row?.attempts).toBe(5);
    // Take the rate limits out of the picture: the code itself is dead.
    await w.d1.prepare("DELETE FROM rate_limits").run();
    const right = await w.api("POST", "/api/auth/verify-otp", { userId, otp: code }, ip());
    expect(right.status).toBe(400);
    expect(right.body.message).toMatch(/tried too many times/);
    expect(right.body.token).toBeUndefined();
  });

  it("locks an account's codes for 24 hours after 20 consecutive misses", async () => {
    const { userId, email } = await newAccount();
    for (let round = 0; round < 4; round++) {
      const code = await latestCode(w, email);
      for (let i = 0; i < 5; i++) await w.api("POST", "/api/auth/verify-otp", { userId, otp: wrongOf(code) }, ip());
      await w.d1
        .prepare(
          "UPDATE otp_codes SET last_sent_at = '2000-01-01T00:00:00.000Z', window_started_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?",
        )
        .bind(userId)
        .run();
      const resend = await w.api("POST", "/api/auth/resend-otp", { userId }, ip());
      expect(resend.status).toBe(round < 3 ? 200 : 429);
    }
    const lock = await w.d1
      .prepare("SELECT misses, locked_until FROM otp_locks WHERE user_id = ?")
      .bind(userId)
      .first<{ misses: number; locked_until: string }>();
    expect(lock?.misses).toBe(20);
    const hours = (Date.parse(lock?.locked_until ?? "") - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    const blocked = await w.api("POST", "/api/auth/verify-otp", { userId, otp: "123456" }, ip());
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/24 hours/);
    // A reset link still goes out: the lock cannot keep the owner out of the account.
    await w.api("POST", "/api/auth/forgot-password", { email }, ip());
    expect((await waitForEmail(w, email, (m) => /Reset your/.test(m.subject))).subject).toMatch(/Reset your/);
  });

  it("binds a code to its purpose: an email-verification code cannot change a password", async () => {
    const { userId, code } = await newAccount();
    await w.api("POST", "/api/auth/verify-otp", { userId, otp: code }, ip());
    await w.d1.prepare("UPDATE otp_codes SET consumed_at = NULL, attempts = 0 WHERE user_id = ?").bind(userId).run();
    const { email } = (await w.d1.prepare("SELECT email FROM users WHERE id = ?").bind(userId).first<{ email: string }>()) ?? { email: "" };
    const session = await loginViaApi(w, email, "Sunrise#2026");
    const res = await w.api("PUT", "/api/auth/password", { new: "Monsoon#2027", confirm: "Monsoon#2027", otp: code }, bearer(session));
    expect(res.status).toBe(400);
  });

  it("stores codes hashed, never in clear", async () => {
    const { userId, code } = await newAccount();
    const row = await w.d1.prepare("SELECT code_hash FROM otp_codes WHERE user_id = ?").bind(userId).first<{ code_hash: string }>();
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toContain(code);
  });
});

describe("forged and stale tokens", () => {
  const base = { role: "superadmin", ver: 0 };
  const sign = (
    claims: Record<string, unknown>,
    opts: { secret?: string; iss?: string; aud?: string; typ?: string; exp?: number; sub?: string } = {},
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: opts.typ ?? "tripbazaar-session+jwt" })
      .setSubject(opts.sub ?? "u_admin")
      .setIssuer(opts.iss ?? TEST_ENV.JWT_ISSUER)
      .setAudience(opts.aud ?? TEST_ENV.JWT_AUDIENCE)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 10)
      .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 3600)
      .setJti(crypto.randomUUID())
      .sign(key(opts.secret ?? TEST_ENV.JWT_SECRET));

  it("accepts a correctly signed token (control)", async () => {
    const res = await w.api("GET", "/api/auth/profile", undefined, { authorization: `Bearer ${await sign(base)}` });
    expect(res.status).toBe(200);
  });

  it("answers 401 to every forgery", async () => {
    const forged = {
      "alg none": new UnsecuredJWT(base)
        .setSubject("u_admin")
        .setIssuer(TEST_ENV.JWT_ISSUER)
        .setAudience(TEST_ENV.JWT_AUDIENCE)
        .setExpirationTime("1h")
        .encode(),
      "wrong key": await sign(base, { secret: "another-secret-another-secret-0123456789" }),
      "sister key": await sign(base, { secret: TEST_ENV.HANDOVER_JWT_SECRET }),
      "wrong aud": await sign(base, { aud: "someone-else" }),
      "wrong iss": await sign(base, { iss: "https://evil.example" }),
      expired: await sign(base, { exp: Math.floor(Date.now() / 1000) - 60 }),
      "stale version": await sign({ ...base, ver: -1 }),
      "wrong typ": await sign(base, { typ: "JWT" }),
      "no version": await sign({ role: "superadmin" }),
      "unknown user": await sign(base, { sub: "u_ghost" }),
      garbage: "not.a.token",
    };
    for (const [name, token] of Object.entries(forged)) {
      const byBearer = await w.api("GET", "/api/auth/profile", undefined, { authorization: `Bearer ${token}` });
      expect(byBearer.status, name).toBe(401);
      const byCookie = await w.api("GET", "/api/auth/profile", undefined, { cookie: `tb_session=${token}` });
      expect(byCookie.status, name).toBe(401);
    }
  });
});

describe("transport", () => {
  it("refuses a cookie-authenticated write without a same-origin Origin, and allows it with one", async () => {
    const session = await loginViaApi(w, "asha@example.com");
    const body = { name: "Asha Verma", phone: "+91 98111 22334" };
    const cookie = { cookie: `tb_session=${session.token}` };
    expect((await w.api("PUT", "/api/auth/profile", body, cookie)).status).toBe(403);
    expect((await w.api("PUT", "/api/auth/profile", body, { ...cookie, origin: "https://evil.example" })).status).toBe(403);
    expect((await w.api("PUT", "/api/auth/profile", body, { ...cookie, origin: "http://localhost" })).status).toBe(200);
    expect((await w.api("PUT", "/api/auth/profile", body, bearer(session))).status).toBe(200);
  });
});

describe("a disabled account", () => {
  const form = (email: string, password: string) => new URLSearchParams({ intent: "login", email, password, remember: "true" }).toString();

  it("is told it is disabled and whom to write to, only once its password proved right", async () => {
    const { email, userId, code } = await newAccount();
    expect((await w.api("POST", "/api/auth/verify-otp", { userId, otp: code }, ip())).status).toBe(200);
    await w.d1.prepare("UPDATE users SET status = 'disabled' WHERE id = ?").bind(userId).run();

    const right = await w.api("POST", "/api/auth/login", { email, password: "Sunrise#2026" }, ip());
    expect(right.status).toBe(401);
    expect(right.body).toEqual({
      success: false,
      message: "This account has been disabled. To ask why or to have it restored, write to support@tripbazaar.example.",
    });
    expect(right.headers.get("set-cookie")).toBeNull();

    // SECURITY: a wrong password learns nothing about the account: the same answer as an unknown email.
    const wrong = await w.api("POST", "/api/auth/login", { email, password: "Sunrise#2027" }, ip());
    const unknown = await w.api("POST", "/api/auth/login", { email: unique("nobody"), password: "Sunrise#2026" }, ip());
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, message: "Invalid email or password" });
    expect(unknown.body).toEqual(wrong.body);

    // The login page (without scripts: a document post) says the same.
    const page = async (password: string) =>
      (
        await w.request("/login", {
          method: "POST",
          headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded", ...ip() },
          body: form(email, password),
        })
      ).text();
    const disabledPage = await page("Sunrise#2026");
    expect(disabledPage).toContain("This account has been disabled.");
    expect(disabledPage).toContain("support@tripbazaar.example");
    const wrongPage = await page("Sunrise#2027");
    expect(wrongPage).toContain("Invalid email or password");
    expect(wrongPage).not.toContain("has been disabled");
  });
});

describe("rate limits", () => {
  it("answers a login flood from one address with 429 and never a 5xx", async () => {
    const flood = { "cf-connecting-ip": "198.18.0.1" };
    const results = await Promise.all(
      Array.from({ length: 130 }, (_, i) =>
        w.api("POST", "/api/auth/login", { email: `flood${i % 40}@example.com`, password: "Wrong#123" }, flood),
      ),
    );
    // 100 a quarter hour per address: the first 100 are checked (and refused: no such accounts), 30 are not.
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(results.find((r) => r.status === 429)?.body.message).toMatch(/Too many attempts/);
    // Another address is unaffected.
    expect((await w.api("POST", "/api/auth/login", { email: "admin@tripbazaar.example", password: "Travel#2026" }, ip())).status).toBe(200);
  });

  it("stops one address guessing at an account after 10 tries without locking the owner out", async () => {
    const attacker = { "cf-connecting-ip": "198.18.1.1" };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await w.api("POST", "/api/auth/login", { email: "owner@himalayan.example", password: "Wrong#123" }, attacker)).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Even the right password is refused from the guessing address...
    const fromAttacker = await w.api("POST", "/api/auth/login", { email: "owner@himalayan.example", password: DEMO_PASSWORD }, attacker);
    expect(fromAttacker.status).toBe(429);
    // ...while the owner, elsewhere, signs in as usual.
    expect((await w.api("POST", "/api/auth/login", { email: "owner@himalayan.example", password: DEMO_PASSWORD }, ip())).status).toBe(200);
  });

  it("limits login per account across addresses at 100 tries in 15 minutes", async () => {
    const email = "asha@example.com";
    await w.d1.prepare("DELETE FROM rate_limits WHERE key LIKE 'login-account%'").run();
    const statuses: number[] = [];
    for (let round = 0; round < 11; round++) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          w.api("POST", "/api/auth/login", { email, password: "Wrong#123" }, { "cf-connecting-ip": `198.18.2.${round * 10 + i + 1}` }),
        ),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    await w.d1.prepare("DELETE FROM rate_limits WHERE key LIKE 'login-account%'").run();
  });

  it("limits signups, code sends and code checks per address", async () => {
    const addr = { "cf-connecting-ip": "198.18.0.2" };
    const signups = await Promise.all(
      Array.from({ length: 25 }, () =>
        w.api("POST", "/api/auth/signup", { name: "Bulk", email: unique("bulk"), password: "Sunrise#2026" }, addr),
      ),
    );
    expect(signups.filter((r) => r.status === 201)).toHaveLength(20);
    expect(signups.filter((r) => r.status === 429)).toHaveLength(5);

    const sendAddr = { "cf-connecting-ip": "198.18.0.3" };
    const sends = await Promise.all(
      Array.from({ length: 35 }, () => w.api("POST", "/api/auth/forgot-password", { email: "asha@example.com" }, sendAddr)),
    );
    expect(sends.filter((r) => r.status === 429)).toHaveLength(5);

    const verifyAddr = { "cf-connecting-ip": "198.18.0.4" };
    // A different (unknown) account each time, so only the address's limit of 200 applies.
    const checks = await Promise.all(
      Array.from({ length: 210 }, (_, i) => w.api("POST", "/api/auth/verify-otp", { userId: `u_ghost_${i}`, otp: "000000" }, verifyAddr)),
    );
    expect(checks.filter((r) => r.status === 400)).toHaveLength(200);
    expect(checks.filter((r) => r.status === 429)).toHaveLength(10);
  });
  it("counts an IPv6 client by its /64: moving through its own addresses does not reset its limits", async () => {
    // 25 signups, each from another address of one /64 (ADR 0063's clientBucket): the address's 20 an hour still hold.
    const signups = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        w.api(
          "POST",
          "/api/auth/signup",
          { name: "Bulk", email: unique("bulk6"), password: "Sunrise#2026" },
          { "cf-connecting-ip": `2001:db8:6:6:${(i + 1).toString(16)}::1` },
        ),
      ),
    );
    expect(signups.filter((r) => r.status === 201)).toHaveLength(20);
    expect(signups.filter((r) => r.status === 429)).toHaveLength(5);
    // The next /64 is another client.
    const next = await w.api(
      "POST",
      "/api/auth/signup",
      { name: "Bulk", email: unique("bulk6"), password: "Sunrise#2026" },
      { "cf-connecting-ip": "2001:db8:6:7::1" },
    );
    expect(next.status).toBe(201);
  });
});

describe("sign-in hand-over", () => {
  const encode = (user: unknown) => btoa(JSON.stringify(user));
  type SisterOptions = { secret?: string; iss?: string; email?: string; iat?: number | null; exp?: string | number; jti?: string | null };
  const sister = (sub: string, opts: SisterOptions = {}) => {
    const jwt = new SignJWT({ email: opts.email ?? "asha@example.com" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(sub)
      .setIssuer(opts.iss ?? TEST_ENV.HANDOVER_JWT_ISSUER)
      .setAudience(TEST_ENV.JWT_AUDIENCE)
      .setExpirationTime(opts.exp ?? "5m");
    if (opts.iat !== null) jwt.setIssuedAt(opts.iat);
    if (opts.jti !== null) jwt.setJti(opts.jti ?? crypto.randomUUID());
    return jwt.sign(key(opts.secret ?? TEST_ENV.HANDOVER_JWT_SECRET));
  };
  const handover = async (token: string, id: string) => w.api("POST", "/api/auth/handover", { token, user: encode({ id }) }, ip());

  it("exchanges a sister-platform token for our session when the user matches its subject", async () => {
    const res = await w.api(
      "POST",
      "/api/auth/handover",
      { token: await sister("u_asha"), user: encode({ id: "u_asha", name: "Asha" }) },
      ip(),
    );
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe("u_asha");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect((await w.api("GET", "/api/auth/profile", undefined, bearer(res.body))).status).toBe(200);
  });

  it("refuses our own session tokens, and forged or mismatched hand-overs", async () => {
    const ours = await loginViaApi(w, "asha@example.com");
    // SECURITY: a link carrying someone's session must not sign its reader into that account (ADR 0036).
    expect((await w.api("POST", "/api/auth/handover", { token: ours.token, user: encode(ours.user) }, ip())).status).toBe(401);
    const refused = [
      { token: await sister("u_asha", { secret: "not-the-sister-secret-0123456789abcdef" }), user: encode({ id: "u_asha" }) },
      { token: await sister("u_asha", { iss: "https://evil.example" }), user: encode({ id: "u_asha" }) },
      { token: await sister("u_asha"), user: encode({ id: "u_admin" }) },
      { token: ours.token, user: encode({ ...ours.user, id: "u_admin" }) },
    ];
    for (const body of refused) expect((await w.api("POST", "/api/auth/handover", body, ip())).status).toBe(401);
    expect((await w.api("POST", "/api/auth/handover", { token: await sister("u_asha"), user: "%%%" }, ip())).status).toBe(400);
  });

  it("never signs in a superadmin or a seller with the sister key, by subject or by email", async () => {
    const admin = await w.d1
      .prepare("SELECT id, email FROM users WHERE role = 'superadmin' LIMIT 1")
      .first<{ id: string; email: string }>();
    const seller = await w.d1.prepare("SELECT id, email FROM users WHERE role = 'seller' LIMIT 1").first<{ id: string; email: string }>();
    for (const target of [admin, seller]) {
      if (!target) throw new Error("seed has no such account");
      const bySub = await handover(await sister(target.id, { email: target.email }), target.id);
      expect(bySub.status).toBe(401);
      expect(bySub.body.token).toBeUndefined();
      // An unknown subject falls back to the email claim: that road is closed to these roles too.
      const byEmail = await handover(await sister("u_unknown", { email: target.email }), "u_unknown");
      expect(byEmail.status).toBe(401);
    }
  });

  it("requires a short-lived token with iat and jti, and accepts each token once", async () => {
    const now = Math.floor(Date.now() / 1000);
    const refused = {
      "no iat": await sister("u_asha", { iat: null }),
      "no jti": await sister("u_asha", { jti: null }),
      "valid for ten years": await sister("u_asha", { exp: "3650d" }),
      "issued an hour ago": await sister("u_asha", { iat: now - 3600, exp: now + 60 }),
      "issued in the future": await sister("u_asha", { iat: now + 3600, exp: now + 3700 }),
      expired: await sister("u_asha", { iat: now - 400, exp: now - 100 }),
    };
    for (const [label, token] of Object.entries(refused)) {
      expect({ label, status: (await handover(token, "u_asha")).status }).toEqual({ label, status: 401 });
    }
    const once = await sister("u_asha");
    const replays = await Promise.all(Array.from({ length: 10 }, () => handover(once, "u_asha")));
    expect(replays.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replays.filter((r) => r.status === 401)).toHaveLength(9);
    expect((await handover(once, "u_asha")).status).toBe(401);
  });
});
