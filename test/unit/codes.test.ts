import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LINK_SECRET_BYTES, generateCode, generateLinkSecret, hashSecret } from "../../worker/domain/auth/codes";
import { sameText } from "../../worker/domain/mac";

describe("a reset link's secret", () => {
  it("is 256 random bits as 64 lower-case hex digits, each byte two digits", () => {
    expect(LINK_SECRET_BYTES).toBe(32);
    const secret = generateLinkSecret((a) => {
      a.forEach((_, i) => {
        a[i] = [0, 1, 15, 16, 171, 255][i % 6];
      });
      return a;
    });
    expect(secret).toBe("00010f10abff".repeat(6).slice(0, 64));
    expect(generateLinkSecret()).toMatch(/^[0-9a-f]{64}$/);
    expect(generateLinkSecret()).not.toBe(generateLinkSecret());
  });
});

describe("a one-time code", () => {
  it("is six digits drawn from the platform's random source", () => {
    expect(generateCode()).toMatch(/^\d{6}$/);
    expect(
      generateCode((a) => {
        a[0] = 1_234_567;
        return a;
      }),
    ).toBe("234567");
  });
});

describe("the hash of a code or link secret", () => {
  it("is the hex HMAC-SHA256 under the pepper of purpose, user and secret, NUL-separated", async () => {
    const expected = createHmac("sha256", "pepper").update("reset-password\u0000u_1\u0000123456").digest("hex");
    expect(await hashSecret("pepper", "u_1", "reset-password", "123456")).toBe(expected);
  });

  it("keeps the leading zero of every byte (64 digits, whatever the bytes)", async () => {
    for (const secret of ["0", "1", "2", "3", "4", "5", "6", "7"]) {
      expect(await hashSecret("pepper", "u_1", "verify-email", secret)).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});

describe("comparing two hashes", () => {
  const hash = "3f".repeat(32);
  it("is true only for the same text", () => {
    expect(sameText(hash, `${hash}`)).toBe(true);
    expect(sameText("", "")).toBe(true);
    expect(sameText(hash, `${hash.slice(0, -1)}e`)).toBe(false);
    expect(sameText(hash, `e${hash.slice(1)}`)).toBe(false);
  });
  it("is false for a prefix or an extension, so a shorter guess never passes", () => {
    expect(sameText(hash, hash.slice(0, 32))).toBe(false);
    expect(sameText(hash.slice(0, 32), hash)).toBe(false);
    expect(sameText(hash, "")).toBe(false);
  });
});
