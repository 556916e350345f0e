import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { paymentItems, payments, refunds } from "@db/schema";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import type { ConfiguredProvider } from "../../payments/config";
import { PaymentProviderError, type ProviderPayment } from "../../payments/provider";
import { type CaptureResult, capturePayment } from "./capture";
import type { PaymentRow } from "./checkout";
import { enqueueFollowUps } from "../follow-ups/outbox";
import { processRefund } from "./refunds";
import { releasePaymentStatements } from "../departures/holds";

type Statement = Parameters<Db["batch"]>[0][number];

/**
 * What a payment came to once the provider was asked (ADR 0043):
 * - `captured`: the money is ours and this call or an earlier one wrote the bookings (`result` says which);
 * - `duplicate`: a second captured payment for an order already paid, refunded;
 * - `confirming`: authorized (or the provider could not say): nothing is booked yet and the traveller waits;
 * - `failed`: the provider says the payment failed.
 */
export type Settled =
  | { kind: "captured"; result: CaptureResult }
  | { kind: "duplicate" }
  | { kind: "confirming"; detail: string }
  | { kind: "failed"; reason: string };

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The provider's word on a payment, or null when it could not give one (down, or it answered with an error). */
export async function providerStateOf(
  configured: ConfiguredProvider,
  providerPaymentId: string,
  expected: { orderId: string; amount: number },
): Promise<ProviderPayment | null> {
  try {
    return await configured.provider.fetchPayment(providerPaymentId, expected);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.warn(`payment ${providerPaymentId}: the provider did not tell its state`, error);
    return null;
  }
}

/**
 * Captures an authorized payment through the provider's API. A refusal may mean someone captured it first (the
 * dashboard, Razorpay's own automatic capture, our other request): the provider is asked again what it holds.
 */
async function captureAtProvider(configured: ConfiguredProvider, state: ProviderPayment): Promise<ProviderPayment> {
  try {
    return await configured.provider.capture({ paymentId: state.id, amount: state.amount });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.warn(`payment ${state.id}: capture refused or unanswered (${reasonOf(error)})`);
    return (await providerStateOf(configured, state.id, state)) ?? state;
  }
}

/**
 * Acts on what the provider holds for a payment of this order, the one rule of ADR 0043: only captured money
 * books. Authorized money is captured through the API when PAYMENT_CAPTURE is `auto`, else left for
 * `payment.captured`; either way the payment reads `authorized` until then, never paid. `also` joins the capture's
 * batch (a webhook's event row); `paidAt` is when the provider took the payment.
 */
export async function settlePayment(
  db: Db,
  config: AppConfig,
  configured: ConfiguredProvider,
  payment: PaymentRow,
  state: ProviderPayment,
  now: Date,
  also: Statement[] = [],
  paidAt: Date = now,
): Promise<Settled> {
  let current = state;
  if (current.status === "authorized" && payment.status !== "captured" && config.PAYMENT_CAPTURE === "auto") {
    current = await captureAtProvider(configured, current);
  }
  if (current.status === "captured") {
    if (payment.status === "captured" && payment.providerPaymentId !== current.id) {
      await refundDuplicate(db, config, payment, current.id, current.amount, now);
      return { kind: "duplicate" };
    }
    const result = await capturePayment(db, payment, current.id, now, also, paidAt);
    if (result.outcome === "already-captured") {
      // Another request captured it a moment ago: with this payment, or (paid twice at once) with another one.
      const fresh = await db.select().from(payments).where(eq(payments.id, payment.id)).get();
      if (fresh?.status === "captured" && fresh.providerPaymentId !== current.id) {
        await refundDuplicate(db, config, fresh, current.id, current.amount, now);
        return { kind: "duplicate" };
      }
    }
    await followUp(config, result);
    return { kind: "captured", result };
  }
  if (payment.status === "captured") {
    // A second payment for a paid order that is only authorized: never captured, the provider releases it itself.
    return { kind: "confirming", detail: `a second payment ${current.id} for a paid order is left uncaptured` };
  }
  if (current.status === "failed" || current.status === "refunded") {
    const reason = current.status === "failed" ? "Payment failed" : "The payment was refunded by the provider";
    await markFailed(db, payment.id, reason, current.id);
    return { kind: "failed", reason };
  }
  if (current.status === "authorized") {
    await markAuthorized(db, payment.id, current.id, now);
    return { kind: "confirming", detail: "authorized; waiting for the capture" };
  }
  return { kind: "confirming", detail: `the provider says the payment is ${current.status}` };
}

/**
 * The bank authorized this payment but the money is not captured: the payment reads `authorized` (with the
 * provider's payment id) until it is captured or fails. A captured payment is never moved back.
 */
export async function markAuthorized(db: Db, paymentId: string, providerPaymentId: string, now: Date) {
  await db
    .update(payments)
    .set({ status: "authorized", providerPaymentId, failureReason: null, updatedAt: now.toISOString() })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ["created", "failed"])));
}

/**
 * Not paid: a created payment, or an authorized one whose own authorization failed (an earlier try's failure
 * arriving after a later try was authorized changes nothing).
 */
export async function markFailed(db: Db, paymentId: string, reason: string, providerPaymentId?: string) {
  const at = new Date();
  // The seats it held go back in the same batch (ADR 0044); a retry that pays later takes them again if still free.
  const [failed] = await db.batch([
    db
      .update(payments)
      .set({ status: "failed", failureReason: reason.slice(0, 300), updatedAt: at.toISOString() })
      .where(
        and(
          eq(payments.id, paymentId),
          or(
            eq(payments.status, "created"),
            providerPaymentId
              ? and(
                  eq(payments.status, "authorized"),
                  or(isNull(payments.providerPaymentId), eq(payments.providerPaymentId, providerPaymentId)),
                )
              : undefined,
          ),
        ),
      )
      .returning({ id: payments.id }),
    ...releasePaymentStatements(db, paymentId, at),
  ]);
  return failed;
}

/**
 * A second payment the provider took for an order we already captured (the traveller paid twice): recorded as a
 * `duplicate` refund of that payment, filed under one of the order's bookings, and refunded once. Its id comes
 * from the provider's payment id, so the callback and every delivery of the webhook find the same row.
 */
export async function refundDuplicate(
  db: Db,
  config: AppConfig,
  payment: PaymentRow,
  providerPaymentId: string,
  amount: number,
  now: Date,
) {
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

/**
 * After this call captured a payment: its follow-ups (receipt, sellers' requests, refunds of what was not booked),
 * written in the capture's batch, go on the queue. A lost enqueue is sent again by the scheduled run (ADR 0039).
 */
async function followUp(config: AppConfig, result: CaptureResult) {
  if (result.outcome === "captured") await enqueueFollowUps(config, result.followUps);
}
