import { type SQL, and, eq, sql } from "drizzle-orm";
import { bookings, paymentItems, payments, refunds } from "@db/schema";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { paymentProviderOf } from "../../payments/config";
import { PaymentProviderError } from "../../payments/provider";

type Reason = (typeof refunds.$inferSelect)["reason"];
export type RefundRow = typeof refunds.$inferSelect;

/**
 * The one refund a booking can have. It is also the refund's `receipt` at the provider, which takes at most 40
 * characters: a checkout booking id (`bk_` and a UUID, 39) loses its hyphens to fit (`rf_bk_` and 32 hex, 38).
 */
export const refundIdOf = (bookingId: string) => `rf_${bookingId.replace(/-/g, "")}`;

/**
 * The refund row of a paid booking, written in the same batch as the booking's change and only if that change
 * happened (`when`, a condition on the booking as the batch left it): the decision and the money cannot part.
 * `amount` null refunds what was paid for the booking. Nothing is written for a booking nobody paid for.
 */
export function queueRefund(db: Db, bookingId: string, reason: Reason, when: SQL, now: Date, amount: number | null = null) {
  // insert … select names every column of the table, in its order.
  return db
    .insert(refunds)
    .select(
      sql`select ${refundIdOf(bookingId)}, ${paymentItems.paymentId}, ${paymentItems.bookingId}, ${paymentItems.sellerId},
        ${amount === null ? sql`${paymentItems.amount}` : sql`min(${amount}, ${paymentItems.amount})`}, ${reason}, 'pending', null, null,
        ${now.toISOString()}, null
      from ${paymentItems}
        join ${payments} on ${payments.id} = ${paymentItems.paymentId}
        join ${bookings} on ${bookings.id} = ${paymentItems.bookingId}
      where ${paymentItems.bookingId} = ${bookingId} and ${payments.status} = 'captured'
        and ${bookings.paymentStatus} = 'completed' and ${when}`,
    )
    .onConflictDoNothing();
}

/** The provider's answer recorded: the refund row, and the booking reads refunded once its whole payment is back. */
export async function settleRefund(
  db: Db,
  refund: RefundRow,
  answer: { id: string; status: "pending" | "processed" | "failed" },
  now: Date,
) {
  const at = now.toISOString();
  const statements = [
    db
      .update(refunds)
      .set({
        providerRefundId: answer.id,
        status: answer.status,
        processedAt: answer.status === "processed" ? at : null,
        failureReason: answer.status === "failed" ? "The payment provider could not make this refund" : null,
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending"))),
  ];
  if (answer.status === "processed") {
    statements.push(
      db
        .update(bookings)
        .set({ paymentStatus: "refunded", updatedAt: at })
        .where(
          and(
            eq(bookings.id, refund.bookingId),
            eq(bookings.paymentStatus, "completed"),
            sql`${refund.amount} >= (select ${paymentItems.amount} from ${paymentItems} where ${paymentItems.bookingId} = ${refund.bookingId})`,
          ),
        ) as never,
    );
  }
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
}

/**
 * Asks the provider for a queued refund. A provider that does not answer leaves it pending, retried by the
 * scheduled run; the receipt is our refund id, so a webhook finds it even before this call returns.
 */
export async function processRefund(db: Db, config: AppConfig, refundId: string, now: Date) {
  const row = await db
    .select({ refund: refunds, providerPaymentId: payments.providerPaymentId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId))
    .get();
  if (!row || row.refund.status !== "pending" || row.refund.providerRefundId || !row.providerPaymentId) return row?.refund ?? null;
  const configured = paymentProviderOf(config);
  if (!configured) return row.refund;
  try {
    const answer = await configured.provider.refund({
      paymentId: row.providerPaymentId,
      amount: row.refund.amount,
      receipt: row.refund.id,
    });
    await settleRefund(db, row.refund, answer, now);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.warn(`refund ${refundId} not made yet (retried later): ${error.message}`);
  }
  return db.select().from(refunds).where(eq(refunds.id, refundId)).get() ?? null;
}

/** After a change that may have queued a refund: make it (never fails the change, which is written). */
export async function refundIfQueued(db: Db, config: AppConfig, bookingId: string, now: Date) {
  try {
    return await processRefund(db, config, refundIdOf(bookingId), now);
  } catch (error) {
    console.warn(`refund of ${bookingId} not made yet (retried later)`, error);
    return null;
  }
}
