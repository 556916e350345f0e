import { type SQL, and, desc, eq, sql } from "drizzle-orm";
import { bookings, paymentItems, payments, refunds, sellers } from "@db/schema";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { paymentProviderOf } from "../../payments/config";
import { PaymentProviderError } from "../../payments/provider";
import type { Reader } from "../../db/batcher";
import { notFound } from "../errors";
import { type AuditActor, auditInsertWhen } from "../audit/entry";

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
        ${now.toISOString()}, null, 0, null, null
      from ${paymentItems}
        join ${payments} on ${payments.id} = ${paymentItems.paymentId}
        join ${bookings} on ${bookings.id} = ${paymentItems.bookingId}
      where ${paymentItems.bookingId} = ${bookingId} and ${payments.status} = 'captured'
        and ${bookings.paymentStatus} = 'completed' and ${when}`,
    )
    .onConflictDoNothing();
}

/** How many times the provider is asked before a refused refund needs the operator (ADR 0029). */
export const REFUND_TRIES = 3;
/** The wait after the 1st and 2nd refusal before the scheduled run (every 15 minutes) asks again. */
export const REFUND_BACKOFF_MINUTES = [15, 60] as const;
/** What a refund reads when the provider refused it without saying why (a `refund.failed` event). */
export const REFUND_REFUSED = "The payment provider could not make this refund";

/**
 * The receipt, and Razorpay's idempotency key, of a refund's current try: its id, then `-2`, `-3`… once refused, so
 * a try after a refusal is a new refund at the provider while a try whose answer was lost asks the same one again.
 */
export const receiptOf = (refund: Pick<RefundRow, "id" | "attempts">) =>
  refund.attempts === 0 ? refund.id : `${refund.id}-${(refund.attempts + 1).toString(36)}`;

/** A receipt back to its refund id and the try it was (1 for the first). */
export function fromReceipt(receipt: string) {
  const tried = /^(.+)-([0-9a-z])$/.exec(receipt);
  return tried ? { id: tried[1], attempt: Number.parseInt(tried[2], 36) } : { id: receipt, attempt: 1 };
}

/**
 * The provider refused the refund's current try: it waits for the next scheduled try (15, then 60 minutes) or,
 * after the last one, needs the operator's attention with the provider's reason. Applies once per try.
 */
export function refundRefused(db: Db, refund: RefundRow, reason: string, now: Date) {
  const attempts = refund.attempts + 1;
  const wait = REFUND_BACKOFF_MINUTES[attempts - 1];
  const last = attempts >= REFUND_TRIES || wait === undefined;
  return db
    .update(refunds)
    .set({
      attempts,
      status: last ? "attention" : "pending",
      providerRefundId: null,
      failureReason: reason.slice(0, 300),
      nextAttemptAt: last ? null : new Date(now.getTime() + wait * 60_000).toISOString(),
    })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending"), eq(refunds.attempts, refund.attempts)));
}

/** The provider's answer recorded: the refund row, and the booking reads refunded once its whole payment is back. */
export async function settleRefund(
  db: Db,
  refund: RefundRow,
  answer: { id: string; status: "pending" | "processed" | "failed" },
  now: Date,
) {
  if (answer.status === "failed") {
    await refundRefused(db, refund, REFUND_REFUSED, now);
    return;
  }
  const at = now.toISOString();
  const statements = [
    db
      .update(refunds)
      .set({
        providerRefundId: answer.id,
        status: answer.status,
        processedAt: answer.status === "processed" ? at : null,
        nextAttemptAt: null,
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending"), eq(refunds.attempts, refund.attempts))),
  ];
  // A duplicate payment's refund gives back money that never paid for the booking it is filed under.
  if (answer.status === "processed" && refund.reason !== "duplicate") {
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
 * Asks the provider for a queued refund whose try is due. A provider that does not answer leaves it pending, asked
 * again under the same receipt by the scheduled run; one that refuses it counts a try (refundRefused). The receipt
 * names our refund, so a webhook finds it even before this call returns.
 */
export async function processRefund(db: Db, config: AppConfig, refundId: string, now: Date) {
  const row = await db
    .select({ refund: refunds, providerPaymentId: payments.providerPaymentId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId))
    .get();
  if (!row) return null;
  const { refund } = row;
  const paymentId = refund.providerPaymentId ?? row.providerPaymentId;
  const due = refund.nextAttemptAt === null || refund.nextAttemptAt <= now.toISOString();
  if (refund.status !== "pending" || refund.providerRefundId || !paymentId || !due) return refund;
  const configured = paymentProviderOf(config);
  if (!configured) return refund;
  try {
    const answer = await configured.provider.refund({ paymentId, amount: refund.amount, receipt: receiptOf(refund) });
    await settleRefund(db, refund, answer, now);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.status === 400) {
      // The provider answered and said no (a definite refusal, with its reason): this try is over.
      console.warn(`refund ${refundId} refused by the provider (try ${refund.attempts + 1}): ${error.message}`);
      await refundRefused(db, refund, error.message, now);
    } else console.warn(`refund ${refundId} not made yet (retried later): ${error.message}`);
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

export const NOT_ATTENTION = "This refund is not waiting for a retry";

/** The operator's retry of a refund that needs attention: pending again and sent once more at once. 404 otherwise. */
export async function retryRefund(db: Db, config: AppConfig, admin: AuditActor, refundId: string, now: Date) {
  const waiting = and(eq(refunds.id, refundId), eq(refunds.status, "attention"));
  // The entry first, while the refund still waits: written only if this retry is the one that revives it.
  const [, revived] = await db.batch([
    auditInsertWhen(
      db,
      admin,
      { action: "refund.retry", targetType: "refund", targetId: refundId, before: { status: "attention" }, after: { status: "pending" } },
      sql`exists (select 1 from ${refunds} where ${waiting})`,
      now,
    ),
    db.update(refunds).set({ status: "pending", nextAttemptAt: null }).where(waiting).returning({ id: refunds.id }),
  ]);
  if (revived.length === 0) throw notFound(NOT_ATTENTION);
  return processRefund(db, config, refundId, now);
}

/** Refunds the provider refused on every try, newest first, with its last reason: the superadmin panel's list. */
export function refundsNeedingAttention({ db, load }: Reader) {
  return load(
    db
      .select({
        id: refunds.id,
        bookingId: refunds.bookingId,
        amount: refunds.amount,
        reason: refunds.reason,
        failureReason: refunds.failureReason,
        attempts: refunds.attempts,
        createdAt: refunds.createdAt,
        sellerName: sellers.name,
      })
      .from(refunds)
      .innerJoin(sellers, eq(sellers.id, refunds.sellerId))
      .where(eq(refunds.status, "attention"))
      .orderBy(desc(refunds.createdAt))
      .limit(50),
  );
}
