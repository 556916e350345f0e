import { describe, expect, it } from "vitest";
import { SESSION_TTL_SECONDS, signSession, verifySession } from "../../worker/auth/jwt";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../worker/auth/password";
import { sessionCookie } from "../../worker/auth/session";
import { generateCode, hashSecret } from "../../worker/domain/auth/otp";
import { changePasswordSchema, signupSchema } from "../../worker/domain/auth/schemas";

describe("one-time codes", () => {
  it("are six digits, zero-padded", () => {
    for (let i = 0; i < 200; i++) expect(generateCode()).toMatch(/^\d{6}$/);
    expect(
      generateCode((a) => {
        a[0] = 42;
        return a;
      }),
    ).toBe("000042");
  });

  it("redraw values above the largest multiple of 10^6, so no code is more likely (no modulo bias)", () => {
    const ceiling = Math.floor(2 ** 32 / 1e6) * 1e6;
    const draws = [2 ** 32 - 1, ceiling, ceiling - 1];
    let calls = 0;
    const code = generateCode((a) => {
      a[0] = draws[calls++];
      return a;
    });
    expect(calls).toBe(3);
    expect(code).toBe(String((ceiling - 1) % 1e6).padStart(6, "0"));
  });

  it("hash differently per user and per purpose", async () => {
    const a = await hashSecret("pepper", "u_1", "verify-email", "123456");
    expect(await hashSecret("pepper", "u_2", "verify-email", "123456")).not.toBe(a);
    expect(await hashSecret("pepper", "u_1", "change-password", "123456")).not.toBe(a);
    expect(await hashSecret("other", "u_1", "verify-email", "123456")).not.toBe(a);
  });
});

describe("input rules", () => {
  it("bound passwords to 8..128 characters and ignore a role in the signup body", () => {
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([8, 128]);
    const base = { name: "A B", email: "a@b.example" };
    expect(signupSchema.safeParse({ ...base, password: "1234567" }).success).toBe(false);
    expect(signupSchema.safeParse({ ...base, password: "x".repeat(129) }).success).toBe(false);
    const ok = signupSchema.parse({ ...base, password: "12345678", role: "superadmin" });
    expect(ok).not.toHaveProperty("role");
  });
  it("require a matching confirmation and a 6-digit code for a password change", () => {
    expect(changePasswordSchema.safeParse({ new: "Monsoon#2027", confirm: "Monsoon#2028", otp: "123456" }).error?.issues[0].message).toBe(
      "Passwords do not match",
    );
    expect(changePasswordSchema.safeParse({ new: "Monsoon#2027", confirm: "Monsoon#2027", otp: "12345" }).success).toBe(false);
  });
});

describe("sessions", () => {
  const settings = { secret: "unit-secret-unit-secret-unit-secret-01", issuer: "https://tripbazaar.example", audience: "tripbazaar" };
  it("last seven days and expire", async () => {
    expect(SESSION_TTL_SECONDS).toBe(7 * 24 * 3600);
    const old = await signSession(settings, { sub: "u_1", role: "user", ver: 3 }, Date.now() - (SESSION_TTL_SECONDS + 5) * 1000);
    expect(await verifySession(settings, old)).toBeNull();
    const fresh = await signSession(settings, { sub: "u_1", role: "user", ver: 3 });
    expect(await verifySession(settings, fresh)).toMatchObject({ sub: "u_1", role: "user", ver: 3, sid: expect.any(String) });
  });
  it("reject junk, oversized and tampered tokens without throwing", async () => {
    const fresh = await signSession(settings, { sub: "u_1", role: "user", ver: 3 });
    const [head, body, sig] = fresh.split(".");
    for (const token of ["", "bench-uncached", `${head}.${body}`, `${fresh}.x`, `${head}.${body}.${sig}=`, `${fresh}${"a".repeat(4096)}`]) {
      expect(await verifySession(settings, token)).toBeNull();
    }
    const forged = `${head}.${Buffer.from(JSON.stringify({ sub: "u_admin", role: "superadmin", ver: 3 })).toString("base64url")}.${sig}`;
    expect(await verifySession(settings, forged)).toBeNull();
  });
  it("cookie is HttpOnly and SameSite=Lax, Secure except on http localhost", () => {
    const local = sessionCookie("t", new URL("http://wanderlust.localhost:8791/"), 60);
    expect(local).toContain("HttpOnly");
    expect(local).toContain("SameSite=Lax");
    expect(local).not.toContain("Secure");
    expect(sessionCookie("t", new URL("http://shop.example/"), 60)).toContain("Secure");
    expect(sessionCookie("t", new URL("https://localhost/"), 60)).toContain("Secure");
  });
});
