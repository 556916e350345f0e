import { describe, expect, it } from "vitest";
import { PBKDF2_ITERATIONS, hashPassword, verifyPassword } from "../../worker/auth/password";

describe("password hashing", () => {
  it("uses PBKDF2-SHA256 at exactly 100,000 iterations (the Workers production cap)", async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    const hash = await hashPassword("Travel#2026", "pepper");
    const [scheme, iterations, salt] = hash.split("$");
    expect(scheme).toBe("pbkdf2-sha256");
    expect(Number(iterations)).toBe(100_000);
    expect(atob(salt)).toHaveLength(16);
  });
  it("salts every hash and verifies only the right password and pepper", async () => {
    const a = await hashPassword("Travel#2026", "pepper");
    const b = await hashPassword("Travel#2026", "pepper");
    expect(a).not.toBe(b);
    expect(await verifyPassword("Travel#2026", a, "pepper")).toBe(true);
    expect(await verifyPassword("Travel#2027", a, "pepper")).toBe(false);
    expect(await verifyPassword("Travel#2026", a, "other-pepper")).toBe(false);
  });
  it("refuses stored hashes that ask for more iterations than Workers allow", async () => {
    const a = await hashPassword("x".repeat(8), "p");
    const tampered = a.replace("$100000$", "$999999$");
    expect(await verifyPassword("x".repeat(8), tampered, "p")).toBe(false);
  });
});
