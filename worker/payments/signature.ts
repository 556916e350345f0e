/**
 * Razorpay's signing scheme (ADR 0029), used by the Razorpay adapter and by the built-in test provider alike, so the
 * verification code that production runs is the code the tests run:
 * - a Checkout payment: hex HMAC-SHA256 of `order_id|payment_id` under the key secret;
 * - a webhook: hex HMAC-SHA256 of the raw request body under the webhook secret (`X-Razorpay-Signature`).
 * Verification goes through WebCrypto's `verify`, which compares in constant time; a signature that is not 64 hex
 * characters is refused before any comparison.
 */
import { hex, hmacSha256 } from "../domain/mac";

const encoder = new TextEncoder();
const HEX_SHA256 = /^[0-9a-f]{64}$/i;

function fromHex(text: string) {
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** The hex HMAC-SHA256 of `message` under `secret`. */
export async function sign(secret: string, message: string): Promise<string> {
  return hex(await hmacSha256(secret, message));
}

/** True when `signature` is the hex HMAC-SHA256 of `message` under `secret` (constant-time comparison). */
export async function verify(secret: string, message: string, signature: string | null | undefined): Promise<boolean> {
  if (!secret || typeof signature !== "string" || !HEX_SHA256.test(signature)) return false;
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  return crypto.subtle.verify("HMAC", key, fromHex(signature), encoder.encode(message));
}

/** The message a Checkout payment's signature covers: the order we created, then the payment. */
export const paymentMessage = (orderId: string, paymentId: string) => `${orderId}|${paymentId}`;

/** Checks a Checkout payment against the order id WE stored (never one taken from the callback). */
export const verifyPaymentSignature = (keySecret: string, p: { orderId: string; paymentId: string; signature: string }) =>
  verify(keySecret, paymentMessage(p.orderId, p.paymentId), p.signature);

/** Checks a webhook against its raw body as received (never re-serialised JSON). */
export const verifyWebhookSignature = (webhookSecret: string, rawBody: string, signature: string | null) =>
  verify(webhookSecret, rawBody, signature);
