import { and, eq, notExists, sql } from "drizzle-orm";
import { bookings, outbox, packages, reviewInvitations, reviews, users } from "@db/schema";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import type { Email } from "../email/send";
import { platformUrl } from "../email/links";
import { enqueueFollowUps } from "../follow-ups/outbox";
import type { OutboxRow } from "../follow-ups/outbox";
import { todayInIndia } from "../bookings/transitions";
import { formatDate } from "../../shared/format";
import { lastReviewDay, reviewableTrip, tripEnd } from "./trip";

/** One run invites at most this many travellers; the next run carries on. */
const INVITATIONS_PER_RUN = 100;

export const invitationIdOf = (bookingId: string) => `fu_review_${bookingId}`;

/**
 * The scheduled run's review invitations (issue 28): every trip that may now be reviewed (it ended, the day after its
 * last day, at most 90 days ago), is not reviewed and was never invited gets one follow-up on the queue. The outbox
 * row and the invitation's own row are one batch, both keyed by the booking, so a booking is invited once however
 * often the run fires (or two runs race), even after the week-old outbox row is cleaned up.
 */
export async function inviteReviews(db: Db, config: AppConfig, now: Date) {
  const today = todayInIndia(now);
  const due = and(
    reviewableTrip(today),
    notExists(db.select({ one: sql`1` }).from(reviewInvitations).where(eq(reviewInvitations.bookingId, bookings.id))),
    notExists(db.select({ one: sql`1` }).from(reviews).where(eq(reviews.bookingId, bookings.id))),
  );
  const candidates = db
    .select({ id: bookings.id, sellerId: bookings.sellerId })
    .from(bookings)
    .innerJoin(packages, eq(packages.id, bookings.packageId))
    .where(due)
    .orderBy(bookings.startDate)
    .limit(INVITATIONS_PER_RUN);
  const at = now.toISOString();
  const [written] = await db.batch([
    // insert … select names every column of the outbox, in its order (drizzle/users.ts).
    db
      .insert(outbox)
      .select(
        sql`select 'fu_review_' || c.id, c.seller_id, 'review-invitation', json_object('bookingId', c.id), '', '', '', 'pending', 0, null, null, null, ${at}
          from (${candidates}) c where true`,
      )
      .onConflictDoNothing()
      .returning({ id: outbox.id }),
    // `where true`, here and above: without it SQLite reads the ON of ON CONFLICT as a join's.
    db.insert(reviewInvitations).select(sql`select c.id, ${at} from (${candidates}) c where true`).onConflictDoNothing(),
  ]);
  const ids = written.map((r) => r.id);
  await enqueueFollowUps(config, ids);
  return { invited: ids.length };
}

/** The invitation's email, written by the queue's consumer when it first handles the row. */
export async function reviewInvitationEmail(db: Db, config: AppConfig, row: OutboxRow): Promise<Email> {
  const { bookingId } = row.payload as { bookingId: string };
  const [trip] = await db
    .select({
      ref: bookings.bookingRef,
      name: users.name,
      email: users.email,
      packageName: packages.name,
      city: packages.city,
      end: tripEnd,
    })
    .from(bookings)
    .innerJoin(packages, eq(packages.id, bookings.packageId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!trip) throw new Error(`Booking ${bookingId} of review invitation ${row.id} no longer exists`);
  const link = platformUrl(config, `/user-dashboard/completed-trips?review=${encodeURIComponent(trip.ref)}`);
  return {
    to: trip.email,
    sellerId: row.sellerId,
    subject: `How was ${trip.packageName}? Review your trip`,
    text: `Hello ${trip.name},\n\nWe hope you enjoyed ${trip.packageName} in ${trip.city} (booking ${trip.ref}). Other travellers would love to hear how it went: rate it from 1 to 5 stars and tell them about it, with photos if you like.\n\nWrite your review (until ${formatDate(lastReviewDay(trip.end))}):\n${link}\n\nOnly travellers who took the trip can review it, and reviews cannot be edited once published.`,
  };
}
