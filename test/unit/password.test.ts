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
    // A hash really derived at 999,999 iterations, with the product's scheme (HMAC pepper, then PBKDF2-SHA256):
    // it is correct for this password, so only the iteration cap can refuse it.
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const derive = async (iterations: number) => {
      const enc = new TextEncoder();
      const pepperKey = await crypto.subtle.importKey("raw", enc.encode("p"), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
      const peppered = await crypto.subtle.sign("HMAC", pepperKey, enc.encode("x".repeat(8)));
      const material = await crypto.subtle.importKey("raw", peppered, "PBKDF2", false, ["deriveBits"]);
      const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, material, 256);
      return `pbkdf2-sha256$${iterations}$${toBase64(salt)}$${toBase64(new Uint8Array(bits))}`;
    };
    // The helper matches the product's scheme: at 100,000 iterations it gives hashPassword's hash, which verifies.
    const allowed = await derive(PBKDF2_ITERATIONS);
    expect(allowed).toBe(await hashPassword("x".repeat(8), "p", salt));
    expect(await verifyPassword("x".repeat(8), allowed, "p")).toBe(true);
    const tooMany = await derive(999_999);
    expect(tooMany.split("$")[1]).toBe("999999");
    expect(await verifyPassword("x".repeat(8), tooMany, "p")).toBe(false);
  }, 30_000);
});

function toBase64(bytes: Uint8Array) {
  return btoa(String.fromCharCode(...bytes));
}
