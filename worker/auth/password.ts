import { hmacSha256 } from "../domain/mac";

/**
 * Password hashing: PBKDF2-SHA256, 100,000 iterations (the Workers production
 * cap), a 16-byte random salt per password and a secret pepper. The pepper is
 * mixed in with HMAC before stretching, so a stolen database alone is not enough
 * to test guesses. Parameters are stored with the hash so they can change later.
 */
export const PBKDF2_ITERATIONS = 100_000;
export const SALT_BYTES = 16;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
const SCHEME = "pbkdf2-sha256";

function toBase64(bytes: Uint8Array) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromBase64(value: string) {
  return Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
}

async function derive(password: string, pepper: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  // The pepper mixed in first: HMAC-SHA-256 of the password under it.
  const material = await crypto.subtle.importKey("raw", await hmacSha256(pepper, password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, material, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(
  password: string,
  pepper: string,
  salt: Uint8Array<ArrayBuffer> = crypto.getRandomValues(new Uint8Array(SALT_BYTES)),
) {
  const hash = await derive(password, pepper, salt, PBKDF2_ITERATIONS);
  return `${SCHEME}$${PBKDF2_ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

function timingSafeEqual(a: Uint8Array, b: Uint8Array) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

export async function verifyPassword(password: string, stored: string, pepper: string) {
  const [scheme, iter, salt, hash] = stored.split("$");
  if (scheme !== SCHEME || !salt || !hash) return false;
  const iterations = Number(iter);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return false;
  const actual = await derive(password, pepper, fromBase64(salt), iterations);
  return timingSafeEqual(actual, fromBase64(hash));
}

/**
 * A real hash of a random password, computed once per isolate: checking a
 * login for an unknown email against it costs the same as a wrong password.
 */
let decoy: Promise<string> | null = null;
export function decoyHash(pepper: string) {
  decoy ??= hashPassword(crypto.randomUUID(), pepper);
  return decoy;
}
