import { type SQL, and, eq, sql } from "drizzle-orm";
import { bookings, packages } from "@db/schema";

/** A trip may be reviewed for this many days after it ends (issue 28). */
export const REVIEW_WINDOW_DAYS = 90;

/**
 * A trip ends on its start date plus the package's length in days (a 5-day trip starting on the 1st ends on the 6th,
 * the day after its last day): that is the day it may first be reviewed and the day its invitation is sent. The
 * package's row must be joined.
 */
export const tripEnd = sql<string>`date(${bookings.startDate}, '+' || ${packages.durationDays} || ' days')`;

/**
 * SECURITY: the one rule for who may review what, used by the write and by every list of reviewable trips: the
 * booking is confirmed and paid, its trip has ended by `today` (India) and ended at most 90 days ago.
 */
export function reviewableTrip(today: string): SQL {
  return and(
    eq(bookings.status, "confirmed"),
    eq(bookings.paymentStatus, "completed"),
    sql`${tripEnd} <= ${today}`,
    sql`date(${tripEnd}, '+${sql.raw(String(REVIEW_WINDOW_DAYS))} days') >= ${today}`,
  ) as SQL;
}

/** The last day a trip that ends on `end` (YYYY-MM-DD) may be reviewed. */
export function lastReviewDay(end: string) {
  const d = new Date(`${end}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + REVIEW_WINDOW_DAYS);
  return d.toISOString().slice(0, 10);
}
