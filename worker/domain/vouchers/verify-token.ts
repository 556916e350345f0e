/**
 * The verify link's token (ADR 0046): HMAC-SHA-256 of the booking number under VOUCHER_SECRET, cut to 128 bits.
 * SECURITY: booking numbers run in sequence, so without the token anyone could walk them and read every booking's
 * status; with it, only a holder of the voucher (or its QR code) can. Without VOUCHER_SECRET the key is derived from
 * JWT_SECRET under its own label, so tokens never equal anything the session signs.
 */
const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyOf(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, key);
  }
  return key;
}

export const voucherSecretOf = (config: { VOUCHER_SECRET?: string; JWT_SECRET: string }) =>
  config.VOUCHER_SECRET ?? `voucher-verify:${config.JWT_SECRET}`;

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

export async function voucherToken(secret: string, ref: string) {
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await keyOf(secret), encoder.encode(`voucher:${ref}`)));
  return base64url(mac.slice(0, 16));
}

/** Constant-time: the comparison takes as long for a near miss as for a far one. */
export async function isVoucherToken(secret: string, ref: string, token: string) {
  const expected = await voucherToken(secret, ref);
  if (token.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ token.charCodeAt(i);
  return diff === 0;
}

/** The verify page's address for a booking, on the platform's own origin (the QR code and the emails carry it). */
export async function verifyUrlOf(origin: string, secret: string, ref: string) {
  return `${origin}/verify/${encodeURIComponent(ref)}?t=${await voucherToken(secret, ref)}`;
}
