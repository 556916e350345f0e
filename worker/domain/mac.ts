/**
 * Keyed MACs for what the platform signs or hashes with a secret (voucher links, travel offer ids, one-time codes,
 * the pepper mixed into a password before stretching, Razorpay's hex signatures): HMAC-SHA-256 through WebCrypto,
 * each secret's key imported once per isolate, and a comparison whose time depends only on the lengths.
 */
const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyOf(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    // A handful of secrets per deployment (the pepper, the voucher and offer keys); a bound all the same.
    if (keys.size >= 16) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

/** HMAC-SHA-256 of `message` (UTF-8) under `secret`. */
export async function hmacSha256(secret: string, message: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await keyOf(secret), encoder.encode(message)));
}

const URL_SAFE: Record<string, string> = { "+": "-", "/": "_", "=": "" };

/** A string of byte-sized characters (each one byte, as `btoa` takes them) as unpadded base64url. */
export const latin1ToBase64url = (text: string) => btoa(text).replace(/[+/=]/g, (c) => URL_SAFE[c]);

/** Bytes as unpadded base64url. */
export function base64url(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return latin1ToBase64url(text);
}

/** Bytes as lower-case hex. */
export const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** The first 128 bits of the HMAC, in base64url: short enough for an address, forgeable by nobody. */
export async function shortMac(secret: string, message: string): Promise<string> {
  return base64url((await hmacSha256(secret, message)).slice(0, 16));
}

/** Equality of two strings (MACs, hashes) in time that depends only on their length. */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
