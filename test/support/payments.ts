import { expect } from "vitest";
import { TEST_ENV } from "./env";
import { bookingRequest } from "./bookings";
import type { TestWorker } from "./worker";

/** HMAC-SHA256 in hex, as Razorpay signs (written here again so the tests do not trust the code under test). */
export async function hmacHex(secret: string, message: string) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export const signPayment = (orderId: string, paymentId: string, secret: string = TEST_ENV.TEST_PAYMENTS_KEY_SECRET) =>
  hmacHex(secret, `${orderId}|${paymentId}`);

/** A webhook body as Razorpay sends it. */
export function webhookBody(event: string, entity: Record<string, unknown>) {
  const key = event.startsWith("refund.") ? "refund" : "payment";
  return JSON.stringify({ entity: "event", event, payload: { [key]: { entity } }, created_at: Math.floor(Date.now() / 1000) });
}

export async function sendWebhook(w: TestWorker, body: string, opts: { eventId?: string; secret?: string; signature?: string } = {}) {
  const signature = opts.signature ?? (await hmacHex(opts.secret ?? (TEST_ENV.TEST_PAYMENTS_WEBHOOK_SECRET as string), body));
  const res = await w.request("/api/webhooks/payments", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-razorpay-signature": signature,
      ...(opts.eventId ? { "x-razorpay-event-id": opts.eventId } : {}),
    },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Adds trips to the cart: package ids with their request overrides. */
export async function fillCart(w: TestWorker, auth: Record<string, string>, packageIds: string[]) {
  for (const packageId of packageIds) {
    const res = await w.api("POST", "/api/cart", bookingRequest({ packageId }), auth);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
}

export async function startCheckout(w: TestWorker, auth: Record<string, string>, body: unknown = { source: "cart" }) {
  const res = await w.api("POST", "/api/payments/checkout", body, auth);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { paymentId: string; orderId: string; amount: number; provider: string; key: string };
}

/** Pays through the test provider's checkout and confirms as the page does; returns the provider's answer. */
export async function payAndConfirm(w: TestWorker, auth: Record<string, string>, paymentId: string) {
  const paid = await w.api("POST", `/api/payments/${paymentId}/test-pay`, { outcome: "success" }, auth);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const confirmed = await w.api("POST", `/api/payments/${paymentId}/confirm`, paid.body.data, auth);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return paid.body.data as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}
