import { hex, hmacSha256 } from "../mac";

/**
 * The pure half of one-time codes and reset links: drawing them and hashing them. Storing, checking and
 * locking (D1) are otp.ts.
 */
export type CodePurpose = "verify-email" | "change-password" | "reset-password";

export const CODE_DIGITS = 6;
export const LINK_SECRET_BYTES = 32;

const defaultRandom = <T extends Uint8Array | Uint32Array>(a: T) => crypto.getRandomValues(a);

/** Six uniformly random digits: values at or above the largest multiple of 10^6 are redrawn (no modulo bias). */
export function generateCode(random: (a: Uint32Array) => Uint32Array = defaultRandom): string {
  const range = 10 ** CODE_DIGITS;
  const ceiling = Math.floor(2 ** 32 / range) * range;
  const buf = new Uint32Array(1);
  for (;;) {
    const value = random(buf)[0];
    if (value < ceiling) return String(value % range).padStart(CODE_DIGITS, "0");
  }
}

/** The secret of a reset link: 256 random bits as 64 hex digits. */
export function generateLinkSecret(random: (a: Uint8Array) => Uint8Array = defaultRandom): string {
  return hex(random(new Uint8Array(LINK_SECRET_BYTES)));
}

/** HMAC-SHA256 with the pepper, bound to the user and purpose, so a code for one never fits another. */
export async function hashSecret(pepper: string, userId: string, purpose: CodePurpose, secret: string) {
  return hex(await hmacSha256(pepper, `${purpose}\u0000${userId}\u0000${secret}`));
}
