import { createHmac, pbkdf2Sync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PBKDF2_ITERATIONS, decoyHash, hashPassword, verifyPassword } from "../../worker/auth/password";

/**
 * The stored format, computed here with node:crypto rather than WebCrypto: the pepper keys an HMAC of the
 * password, which PBKDF2-SHA256 stretches with the salt. `iterations` is what the record says.
 */
function stored(password: string, pepper: string, salt: Uint8Array, iterations: number, { scheme = "pbkdf2-sha256", extra = 0 } = {}) {
  const input = createHmac("sha256", pepper).update(password).digest();
  const hash = Buffer.concat([pbkdf2Sync(input, salt, Math.trunc(iterations), 32, "sha256"), Buffer.alloc(extra, 7)]);
  return `${scheme}$${iterations}$${Buffer.from(salt).toString("base64")}$${hash.toString("base64")}`;
}

const salt = Uint8Array.from({ length: 16 }, (_, i) => i * 17);

describe("a stored password hash", () => {
  it("is HMAC-then-PBKDF2 with the salt it names, in standard base64", async () => {
    expect(await hashPassword("Travel#2026", "pepper", new Uint8Array(salt))).toBe(
      stored("Travel#2026", "pepper", salt, PBKDF2_ITERATIONS),
    );
  });

  it("verifies when it was made with fewer iterations (an older setting), down to one", async () => {
    expect(await verifyPassword("Travel#2026", stored("Travel#2026", "pepper", salt, 1), "pepper")).toBe(true);
    expect(await verifyPassword("Travel#2026", stored("Travel#2026", "pepper", salt, 2_000), "pepper")).toBe(true);
    expect(await verifyPassword("Travel#2027", stored("Travel#2026", "pepper", salt, 1), "pepper")).toBe(false);
  });

  it("is refused, not checked, when it asks for more iterations than Workers allow, even if it matches", async () => {
    expect(await verifyPassword("pw", stored("pw", "pepper", salt, PBKDF2_ITERATIONS + 1), "pepper")).toBe(false);
  });

  it("is refused with an iteration count that is not a positive whole number", async () => {
    for (const iterations of ["0", "-1", "1.5", "abc", ""]) {
      const record = stored("pw", "pepper", salt, 1).replace("$1$", `$${iterations}$`);
      expect(await verifyPassword("pw", record, "pepper"), iterations).toBe(false);
    }
  });

  it("is refused under another scheme's name or without a salt, even when its hash matches", async () => {
    expect(await verifyPassword("pw", stored("pw", "pepper", salt, 1, { scheme: "pbkdf2-sha1" }), "pepper")).toBe(false);
    expect(await verifyPassword("pw", stored("pw", "pepper", new Uint8Array(0), 1), "pepper")).toBe(false);
    expect(await verifyPassword("pw", "pbkdf2-sha256$1", "pepper")).toBe(false);
    expect(await verifyPassword("pw", "", "pepper")).toBe(false);
  });

  it("must match in full: a hash with the right 32 bytes and more after them is refused", async () => {
    expect(await verifyPassword("pw", stored("pw", "pepper", salt, 1, { extra: 1 }), "pepper")).toBe(false);
    const truncated = stored("pw", "pepper", salt, 1).replace(/[A-Za-z0-9+/]{4}=$/, "=");
    expect(await verifyPassword("pw", truncated, "pepper")).toBe(false);
  });
});

describe("the decoy hash for unknown emails", () => {
  it("is a real hash at full cost, computed once per isolate", async () => {
    const first = decoyHash("pepper");
    expect(decoyHash("pepper")).toBe(first);
    expect(await first).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword("Travel#2026", await first, "pepper")).toBe(false);
  });
});
