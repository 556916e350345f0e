import { and, eq, lt, sql } from "drizzle-orm";
import { bookings, refunds } from "@db/schema";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { emailExpired } from "./emails";
import { REQUEST_EXPIRY_HOURS } from "./policy";
import { processRefund, queueRefund, refundIfQueued } from "./refunds";
import { releaseExpiredStatements, releaseSoldStatements } from "../departures/holds";

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
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, "pending"), eq(bookings.paymentStatus, "completed"), lt(bookings.createdAt, cutoff)))
    .limit(50);
  const at = now.toISOString();
  let expired = 0;
  for (const { id } of stale) {
    const [changed] = await db.batch([
      db
        .update(bookings)
        .set({ status: "cancelled", cancelledBy: "expiry", updatedAt: at })
        .where(and(eq(bookings.id, id), eq(bookings.status, "pending"), lt(bookings.createdAt, cutoff)))
        .returning({ id: bookings.id }),
      queueRefund(db, id, "expired", sql`${bookings.status} = 'cancelled' and ${bookings.cancelledBy} = 'expiry'`, now),
      ...releaseSoldStatements(db, id, now),
    ]);
    if (changed.length === 0) continue;
    expired++;
    const refund = await refundIfQueued(db, config, id, now);
    await emailExpired(db, config, id, refund ?? null);
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
