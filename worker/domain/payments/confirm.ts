import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { paymentEvents, paymentItems, payments, refunds } from "@db/schema";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { paymentProviderOf } from "../../payments/config";
import { badRequest, notFound, unavailable } from "../errors";
import { type CaptureResult, UNBOOKED, capturePayment } from "./capture";
import { type BookingDraft, PAYMENTS_UNAVAILABLE, type PaymentRow } from "./checkout";
import { afterCapture, afterUnbooked } from "./emails";
import { releasePaymentStatements } from "../departures/holds";
import { fromReceipt, processRefund, settleRefund } from "./refunds";

export const NOT_VERIFIED = "We could not verify this payment. No booking was made; if money was taken it will be refunded.";
export const PAYMENT_NOT_FOUND = "Payment not found";
export const SECOND_PAYMENT = "This order was already paid, so this second payment is being refunded in full.";

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
 * payment id, else nothing happens. Capturing is idempotent, so the callback and the webhook, in any order or
 * at once, write the bookings once.
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
  const paidTwice = payment.status === "captured" && payment.providerPaymentId !== body.razorpay_payment_id;
  if (paidTwice) await refundDuplicate(db, config, payment, body.razorpay_payment_id, payment.amount, now);
  const result = await capturePayment(db, payment, body.razorpay_payment_id, now);
  await followUp(db, config, payment.id, result, now);
  return {
    paymentId: payment.id,
    status: "captured" as const,
    captured: result.outcome === "captured",
    ...(await outcomeOf(db, payment.id)),
    ...(paidTwice ? { message: SECOND_PAYMENT } : {}),
  };
}

/**
 * A second payment the provider took for an order we already captured (the traveller paid twice): recorded as a
 * `duplicate` refund of that payment, filed under one of the order's bookings, and refunded once. Its id comes
 * from the provider's payment id, so the callback and every delivery of the webhook find the same row.
 */
async function refundDuplicate(db: Db, config: AppConfig, payment: PaymentRow, providerPaymentId: string, amount: number, now: Date) {
  console.warn(`payment ${payment.id}: a second payment ${providerPaymentId} for a paid order is refunded`);
  const id = `rf_${providerPaymentId}`.slice(0, 38);
  const item = await db
    .select({ bookingId: paymentItems.bookingId, sellerId: paymentItems.sellerId })
    .from(paymentItems)
    .where(eq(paymentItems.paymentId, payment.id))
    .orderBy(paymentItems.bookingId)
    .get();
  if (!item) return;
  await db
    .insert(refunds)
    .values({
      id,
      paymentId: payment.id,
      bookingId: item.bookingId,
      sellerId: item.sellerId,
      amount,
      reason: "duplicate",
      status: "pending",
      providerPaymentId,
      createdAt: now.toISOString(),
    })
    .onConflictDoNothing();
  try {
    await processRefund(db, config, id, now);
  } catch (error) {
    console.warn(`refund ${id} not made yet (retried later)`, error);
  }
}

/** After this call captured a payment: the receipt and the sellers' notices, and the refunds of what was not booked. */
async function followUp(db: Db, config: AppConfig, paymentId: string, result: CaptureResult, now: Date) {
  if (result.outcome !== "captured") return;
  await afterUnbooked(db, config, paymentId, result.unbooked, now);
  if (result.booked.length > 0) await afterCapture(db, config, paymentId);
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

export async function markFailed(db: Db, paymentId: string, reason: string) {
  const at = new Date();
  // The seats it held go back in the same batch (ADR 0044); a retry that pays later takes them again if still free.
  const [failed] = await db.batch([
    db
      .update(payments)
      .set({ status: "failed", failureReason: reason.slice(0, 300), updatedAt: at.toISOString() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "created")))
      .returning({ id: payments.id }),
    ...releasePaymentStatements(db, paymentId, at),
  ]);
  return failed;
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
const webhookShape = z.object({
  event: z.string().min(1).max(100),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntity }).optional(),
      refund: z.object({ entity: refundEntity }).optional(),
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
 * A provider webhook (`payment.captured`, `payment.failed`, `refund.processed`). Its signature is checked over
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

  if (event.event === "payment.captured" || event.event === "payment.failed") {
    const entity = event.payload.payment?.entity;
    if (!entity) return finish("refused", null, "no payment in the event");
    const payment = await db.select().from(payments).where(eq(payments.providerOrderId, entity.order_id)).get();
    if (!payment) return finish("refused", null, `unknown order ${entity.order_id}`);
    if (entity.amount !== payment.amount || entity.currency !== payment.currency)
      return finish(
        "refused",
        payment.id,
        `amount ${entity.amount} ${entity.currency} does not match ${payment.amount} ${payment.currency}`,
      );
    if (event.event === "payment.failed") {
      const changed = await markFailed(db, payment.id, entity.error_description ?? "Payment failed");
      return finish(
        changed.length > 0 ? "applied" : "ignored",
        payment.id,
        changed.length > 0 ? "payment failed" : `payment is ${payment.status}`,
      );
    }
    // When the provider took the payment (its `created_at`), which decides whether the checkout was still open.
    const paidAt = entity.created_at ? new Date(entity.created_at * 1000) : now;
    const result = await capturePayment(
      db,
      payment,
      entity.id,
      now,
      [
        db
          .insert(paymentEvents)
          .values({ id, provider: configured.kind, type: event.event, paymentId: payment.id, outcome: "applied", detail: "captured" }),
      ],
      paidAt,
    );
    if (result.outcome === "captured") {
      await followUp(db, config, payment.id, result, now);
      return { outcome: "applied", message: result.unbooked.length > 0 ? "captured; refunded what could not be booked" : "captured" };
    }
    if (payment.providerPaymentId !== null && payment.providerPaymentId !== entity.id) {
      await refundDuplicate(db, config, payment, entity.id, entity.amount, now);
      return finish("applied", payment.id, "a second payment for a paid order; refunded");
    }
    return finish("duplicate", payment.id, "payment already captured");
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
