import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { paymentEvents, paymentItems, payments, refunds } from "@db/schema";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { paymentProviderOf } from "../../payments/config";
import { badRequest, notFound, unavailable } from "../errors";
import type { ProviderPayment } from "../../payments/provider";
import { UNBOOKED } from "./capture";
import { type BookingDraft, PAYMENTS_UNAVAILABLE } from "./checkout";
import { fromReceipt, settleRefund } from "./refunds";
import { markFailed, providerStateOf, settlePayment } from "./settle";

export const NOT_VERIFIED = "We could not verify this payment. No booking was made; if money was taken it will be refunded.";
export const PAYMENT_NOT_FOUND = "Payment not found";
export const SECOND_PAYMENT = "This order was already paid, so this second payment is being refunded in full.";
export const PAYMENT_CONFIRMING =
  "Your bank approved the payment and we are confirming it with the payment provider. Nothing is booked or charged twice; you do not need to pay again.";
export const PAYMENT_FAILED = "Your payment did not go through. No booking was made and no money was taken.";

/** What Razorpay Checkout's handler hands the page on success, as the page posts it back. */
export const confirmBody = z.object({
  razorpay_order_id: z.string().trim().min(1).max(100),
  razorpay_payment_id: z.string().trim().min(1).max(100),
  razorpay_signature: z.string().trim().min(1).max(200),
});

export const failureBody = z.object({
  reason: z.string().trim().max(300).optional(),
});

async function ownPayment(db: Db, userId: string, paymentId: string) {
  const payment = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)))
    .get();
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  return payment;
}

/**
 * The Checkout callback (ADR 0029): the signature must be the provider's HMAC of OUR stored order id and the
 * payment id, else nothing happens. Then the provider is asked what the payment is (ADR 0043): only a captured
 * payment books; an authorized one is captured or awaited, and the answer says it is being confirmed. Capturing is
 * idempotent, so the callback and the webhooks, in any order or at once, write the bookings once.
 */
export async function confirmPayment(
  db: Db,
  config: AppConfig,
  userId: string,
  paymentId: string,
  body: z.infer<typeof confirmBody>,
  now: Date,
) {
  const payment = await ownPayment(db, userId, paymentId);
  const configured = paymentProviderOf(config);
  if (!configured || configured.kind !== payment.provider) throw unavailable(PAYMENTS_UNAVAILABLE);
  const valid =
    body.razorpay_order_id === payment.providerOrderId &&
    (await configured.provider.verifyPayment({
      orderId: payment.providerOrderId,
      paymentId: body.razorpay_payment_id,
      signature: body.razorpay_signature,
    }));
  if (!valid) {
    console.warn(`payment ${payment.id}: a Checkout callback with a signature that does not verify was refused`);
    await db.insert(paymentEvents).values({
      id: `callback:${crypto.randomUUID()}`,
      provider: payment.provider,
      type: "checkout.callback",
      paymentId: payment.id,
      outcome: "refused",
      detail: "signature does not verify",
    });
    throw badRequest(NOT_VERIFIED);
  }
  const already = payment.status === "captured" && payment.providerPaymentId === body.razorpay_payment_id;
  if (already) return { paymentId: payment.id, status: "captured" as const, captured: false, ...(await outcomeOf(db, payment.id)) };
  // SECURITY: a verified signature says the bank authorized a payment, not that we hold the money (ADR 0043).
  const state = await providerStateOf(configured, body.razorpay_payment_id, { orderId: payment.providerOrderId, amount: payment.amount });
  if (state && (state.orderId !== payment.providerOrderId || state.amount !== payment.amount)) {
    console.warn(`payment ${payment.id}: the provider's payment ${state.id} is for ${state.orderId}, ${state.amount}`);
    throw badRequest(NOT_VERIFIED);
  }
  const settled = state
    ? await settlePayment(db, config, configured, payment, state, now)
    : ({ kind: "confirming", detail: "the provider did not answer" } as const);
  if (settled.kind === "failed") throw badRequest(PAYMENT_FAILED);
  if (settled.kind === "confirming" && payment.status !== "captured") {
    return { paymentId: payment.id, status: "confirming" as const, captured: false, booked: 0, refunded: [], message: PAYMENT_CONFIRMING };
  }
  return {
    paymentId: payment.id,
    status: "captured" as const,
    captured: settled.kind === "captured" && settled.result.outcome === "captured",
    ...(await outcomeOf(db, payment.id)),
    ...(settled.kind === "duplicate" ? { message: SECOND_PAYMENT } : {}),
  };
}

/**
 * What the payment became, as the traveller is told it: how many trips were booked and, for each one refunded
 * instead, its name, amount and why; with the words the page shows.
 */
async function outcomeOf(db: Db, paymentId: string) {
  const items = await db
    .select({
      outcome: paymentItems.outcome,
      reason: paymentItems.unbookedReason,
      amount: paymentItems.amount,
      booking: paymentItems.booking,
    })
    .from(paymentItems)
    .where(eq(paymentItems.paymentId, paymentId));
  const refunded = items
    .filter((i) => i.outcome === "refunded")
    .map((i) => ({ packageName: (i.booking as BookingDraft).packageName, amount: i.amount, reason: i.reason ?? UNBOOKED.failed }));
  const booked = items.filter((i) => i.outcome === "booked").length;
  const message =
    refunded.length === 0
      ? "Payment received"
      : booked === 0
        ? `We could not book this, so your payment is being refunded in full: ${refunded[0].reason}. Your cart is kept; please check it and pay again.`
        : `Payment received. ${refunded.length} of your trips could not be booked and ${refunded.length === 1 ? "is" : "are"} being refunded in full: ${refunded.map((r) => `${r.packageName} (${r.reason})`).join("; ")}.`;
  return { booked, refunded, message };
}

/**
 * The page tells us the provider's checkout reported a failure. No money moved and no booking exists; the
 * payment reads failed (with the provider's reason) until a retry on the same order succeeds.
 */
export async function recordFailure(db: Db, userId: string, paymentId: string, reason: string | undefined) {
  const payment = await ownPayment(db, userId, paymentId);
  await markFailed(db, payment.id, reason ?? "Payment failed");
  return { paymentId: payment.id };
}

// Webhooks ---------------------------------------------------------------------------------------------

const paymentEntity = z.object({
  id: z.string().min(1).max(100),
  order_id: z.string().min(1).max(100),
  amount: z.number().int(),
  currency: z.string(),
  error_description: z.string().max(300).nullish(),
  created_at: z.number().int().positive().nullish(),
});
const refundEntity = z.object({
  id: z.string().min(1).max(100),
  payment_id: z.string().min(1).max(100),
  amount: z.number().int(),
  receipt: z.string().max(100).nullish(),
});
const orderEntity = z.object({ id: z.string().min(1).max(100) });
/** The events about a payment: each is checked against the order and amount we stored, then settled (ADR 0043). */
const PAYMENT_EVENTS = new Set(["payment.authorized", "payment.captured", "order.paid", "payment.failed"]);
const webhookShape = z.object({
  event: z.string().min(1).max(100),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntity }).optional(),
      refund: z.object({ entity: refundEntity }).optional(),
      order: z.object({ entity: orderEntity }).optional(),
    })
    .default({}),
});

export type WebhookOutcome = "applied" | "duplicate" | "ignored" | "refused";

async function eventId(rawBody: string, header: string | null) {
  if (header && /^[\w.-]{1,100}$/.test(header)) return header;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(rawBody));
  return `sha256:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * A provider webhook (`payment.authorized`, `payment.captured`, `order.paid`, `payment.failed`, `refund.processed`,
 * `refund.failed`). Its signature is checked over
 * the raw body first. Each event id is stored once: a duplicate, late or out-of-order event changes nothing
 * twice, and an event whose order or amount does not match what we stored is refused and logged.
 */
export async function receiveWebhook(
  db: Db,
  config: AppConfig,
  rawBody: string,
  signature: string | null,
  eventHeader: string | null,
  now: Date,
): Promise<{ outcome: WebhookOutcome; message: string }> {
  const configured = paymentProviderOf(config);
  if (!configured) throw unavailable(PAYMENTS_UNAVAILABLE);
  if (!(await configured.provider.verifyWebhook(rawBody, signature))) {
    console.warn("webhook refused: its signature does not verify");
    throw badRequest("Invalid webhook signature");
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw badRequest("Malformed webhook body");
  }
  const parsed = webhookShape.safeParse(json);
  if (!parsed.success) throw badRequest("Malformed webhook body");
  const event = parsed.data;
  const id = await eventId(rawBody, eventHeader);
  const seen = await db.select({ outcome: paymentEvents.outcome }).from(paymentEvents).where(eq(paymentEvents.id, id)).get();
  if (seen) return { outcome: "duplicate", message: "Event already received" };

  const record = (outcome: WebhookOutcome, paymentId: string | null, detail: string) =>
    db.insert(paymentEvents).values({ id, provider: configured.kind, type: event.event, paymentId, outcome, detail }).onConflictDoNothing();
  const finish = async (outcome: WebhookOutcome, paymentId: string | null, detail: string) => {
    if (outcome === "refused") console.warn(`webhook ${id} (${event.event}) refused: ${detail}`);
    await record(outcome, paymentId, detail);
    return { outcome, message: detail };
  };

  if (PAYMENT_EVENTS.has(event.event)) {
    const entity = event.payload.payment?.entity;
    if (!entity) return finish("refused", null, "no payment in the event");
    const order = event.payload.order?.entity;
    if (order && order.id !== entity.order_id) return finish("refused", null, `order ${order.id} does not match ${entity.order_id}`);
    const payment = await db.select().from(payments).where(eq(payments.providerOrderId, entity.order_id)).get();
    if (!payment) return finish("refused", null, `unknown order ${entity.order_id}`);
    if (entity.amount !== payment.amount || entity.currency !== payment.currency)
      return finish(
        "refused",
        payment.id,
        `amount ${entity.amount} ${entity.currency} does not match ${payment.amount} ${payment.currency}`,
      );
    if (event.event === "payment.failed") {
      const changed = await markFailed(db, payment.id, entity.error_description ?? "Payment failed", entity.id);
      return finish(
        changed.length > 0 ? "applied" : "ignored",
        payment.id,
        changed.length > 0 ? "payment failed" : `payment is ${payment.status}`,
      );
    }
    if (payment.status === "captured" && payment.providerPaymentId === entity.id) {
      return finish("duplicate", payment.id, "payment already captured");
    }
    // Signed by the provider: `payment.authorized` says authorized; `payment.captured` and `order.paid` say captured.
    const state: ProviderPayment = {
      id: entity.id,
      orderId: entity.order_id,
      amount: entity.amount,
      status: event.event === "payment.authorized" ? "authorized" : "captured",
    };
    // When the provider took the payment (its `created_at`), which decides whether the checkout was still open.
    const paidAt = entity.created_at ? new Date(entity.created_at * 1000) : now;
    const applied = db
      .insert(paymentEvents)
      .values({ id, provider: configured.kind, type: event.event, paymentId: payment.id, outcome: "applied", detail: "captured" });
    const settled = await settlePayment(db, config, configured, payment, state, now, [applied], paidAt);
    if (settled.kind === "captured") {
      if (settled.result.outcome === "captured") {
        return {
          outcome: "applied",
          message: settled.result.unbooked.length > 0 ? "captured; refunded what could not be booked" : "captured",
        };
      }
      return finish("duplicate", payment.id, "payment already captured");
    }
    if (settled.kind === "duplicate") return finish("applied", payment.id, "a second payment for a paid order; refunded");
    if (settled.kind === "failed") return finish("applied", payment.id, settled.reason);
    return finish("applied", payment.id, settled.detail);
  }

  if (event.event === "refund.processed" || event.event === "refund.failed") {
    const entity = event.payload.refund?.entity;
    if (!entity) return finish("refused", null, "no refund in the event");
    const refund = await db
      .select()
      .from(refunds)
      .where(entity.receipt ? eq(refunds.id, fromReceipt(entity.receipt).id) : eq(refunds.providerRefundId, entity.id))
      .get();
    if (!refund) return finish("refused", null, `unknown refund ${entity.id}`);
    // Each try after a refusal is a new refund at the provider: an event of an earlier try changes nothing now.
    const tried = entity.receipt ? fromReceipt(entity.receipt).attempt : refund.attempts + 1;
    if (entity.amount !== refund.amount)
      return finish("refused", refund.paymentId, `refund amount ${entity.amount} does not match ${refund.amount}`);
    if (refund.status !== "pending") return finish("duplicate", refund.paymentId, `refund already ${refund.status}`);
    if (tried !== refund.attempts + 1)
      return finish("ignored", refund.paymentId, `an event of try ${tried}, now at try ${refund.attempts + 1}`);
    await settleRefund(db, refund, { id: entity.id, status: event.event === "refund.processed" ? "processed" : "failed" }, now);
    return finish("applied", refund.paymentId, event.event);
  }
  return finish("ignored", null, `event ${event.event} is not used`);
}
