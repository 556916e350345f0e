import { sameText, shortMac } from "../mac";

/**
 * The verify link's token (ADR 0046): HMAC-SHA-256 of the booking number under VOUCHER_SECRET, cut to 128 bits.
 * SECURITY: booking numbers run in sequence, so without the token anyone could walk them and read every booking's
 * status; with it, only a holder of the voucher (or its QR code) can. Without VOUCHER_SECRET the key is derived from
 * JWT_SECRET under its own label, so tokens never equal anything the session signs.
 */
export const voucherSecretOf = (config: { VOUCHER_SECRET?: string; JWT_SECRET: string }) =>
  config.VOUCHER_SECRET ?? `voucher-verify:${config.JWT_SECRET}`;

export const voucherToken = (secret: string, ref: string) => shortMac(secret, `voucher:${ref}`);

/** Constant-time: the comparison takes as long for a near miss as for a far one. */
export async function isVoucherToken(secret: string, ref: string, token: string) {
  return sameText(await voucherToken(secret, ref), token);
}

/** The verify page's address for a booking, on the platform's own origin (the QR code and the emails carry it). */
export async function verifyUrlOf(origin: string, secret: string, ref: string) {
  return `${origin}/verify/${encodeURIComponent(ref)}?t=${await voucherToken(secret, ref)}`;
}
