import { and, eq, lt, sql } from "drizzle-orm";
import { bookings, refunds } from "@db/schema";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { enqueueFollowUps, followUpOf } from "../follow-ups/outbox";
import { REQUEST_EXPIRY_HOURS } from "./policy";
import { processRefund, queueRefund, refundIfQueued } from "./refunds";
import { releaseExpiredStatements, releaseSoldStatements } from "../departures/holds";

/** The id of an expiry's email to the traveller: one per booking, so a second run writes none. */
export const expiredFollowUpId = (bookingId: string) => `fu_expired_${bookingId}`;

/**
 * The scheduled run (Cron Trigger): seats held by lapsed checkouts go back to their departures; paid requests the seller has not answered within 48 hours are cancelled
 * and refunded in full, each in one batch; refunds the provider did not take yet, or refused and whose backoff is
 * over (ADR 0029), are asked again.
 * `now` is passed in, so tests move the clock instead of waiting two days.
 */
export async function expireUnanswered(db: Db, config: AppConfig, now: Date) {
  // Seats held by checkouts whose 15 minutes are over go back to their departures (ADR 0044).
  await db.batch(releaseExpiredStatements(db, now) as [ReturnType<typeof releaseExpiredStatements>[number]]);
  const cutoff = new Date(now.getTime() - REQUEST_EXPIRY_HOURS * 3_600_000).toISOString();
  const stale = await db
    .select({ id: bookings.id, sellerId: bookings.sellerId })
    .from(bookings)
    .where(and(eq(bookings.status, "pending"), eq(bookings.paymentStatus, "completed"), lt(bookings.createdAt, cutoff)))
    .limit(50);
  const at = now.toISOString();
  let expired = 0;
  for (const { id, sellerId } of stale) {
    const expiredByUs = sql`exists (select 1 from ${bookings} where ${bookings.id} = ${id} and ${bookings.status} = 'cancelled' and ${bookings.cancelledBy} = 'expiry')`;
    const followUp = expiredFollowUpId(id);
    const [changed] = await db.batch([
      db
        .update(bookings)
        .set({ status: "cancelled", cancelledBy: "expiry", updatedAt: at })
        .where(and(eq(bookings.id, id), eq(bookings.status, "pending"), lt(bookings.createdAt, cutoff)))
        .returning({ id: bookings.id }),
      queueRefund(db, id, "expired", sql`${bookings.status} = 'cancelled' and ${bookings.cancelledBy} = 'expiry'`, now),
      ...releaseSoldStatements(db, id, now),
      // The traveller's email is written with the change or not at all (ADR 0039); the consumer writes and sends it.
      followUpOf(db, { id: followUp, kind: "booking-cancellation", sellerId, payload: { bookingId: id, to: "expired" } }, expiredByUs, now),
    ]);
    if (changed.length === 0) continue;
    expired++;
    // The scheduled run is no one's request: the refund is asked for here, and the email's consumer finds it made.
    await refundIfQueued(db, config, id, now);
    await enqueueFollowUps(config, [followUp]);
  }
  const waiting = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, "pending"),
        sql`${refunds.providerRefundId} is null`,
        sql`(${refunds.nextAttemptAt} is null or ${refunds.nextAttemptAt} <= ${at})`,
      ),
    )
    .limit(50);
  for (const r of waiting) await processRefund(db, config, r.id, now).catch((error) => console.warn(`refund ${r.id} retry failed`, error));
  return { expired, refundsRetried: waiting.length };
}
