import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { bookings, packages, reviews, users } from "@db/schema";
import type { EdgeConfig } from "../../cache/purge";
import { breaksUnique } from "../../db/constraints";
import type { Db } from "../../db/client";
import { type AuditActor, auditInsertWhen } from "../audit/entry";
import { isBookingRef } from "../bookings/shapes";
import { todayInIndia } from "../bookings/transitions";
import { conflict, notFound, unprocessable } from "../errors";
import { announceVersion, bumpQuery } from "../seller-website/service";
import { formatDate } from "../../shared/format";
import { REMOVAL_REASONS, REPORT_REASONS, REVIEW_CHECKS, type RemovalReason, type ReportReason, reviewChecks } from "./checks";
import type { ReviewInput } from "./schemas";
import { markPhotosUsed } from "./photos";
import { lastReviewDay, reviewableTrip, tripEnd } from "./trip";

export const REVIEW_NOT_FOUND = "Review not found";
export const ALREADY_REVIEWED = "You have already reviewed this trip";

/**
 * A package's rating and review count, recounted from its published reviews: one statement of the batch that changes
 * a review, so the figures and the reviews never disagree (issue 28).
 */
export const recountPackage = (db: Db, packageId: string) =>
  db
    .update(packages)
    .set({
      rating: sql`coalesce((select round(avg(r.rating), 1) from reviews r where r.package_id = ${packageId} and r.status = 'published'), 0)`,
      reviews: sql`(select count(*) from reviews r where r.package_id = ${packageId} and r.status = 'published')`,
    })
    .where(eq(packages.id, packageId));

const firstName = (name: string) => name.trim().split(/\s+/)[0]?.slice(0, 40) || "Traveller";

/**
 * A traveller reviews one of their trips (issue 28): only their own booking (else 404), confirmed and paid, whose
 * trip has ended, within 90 days (else 422), once (409; the unique booking id decides between racing submissions).
 * Published at once unless a content check holds it for the superadmin; a published review recounts the package
 * and refreshes the seller's cached pages in the same batch.
 */
export async function submitReview(db: Db, edge: EdgeConfig, userId: string, input: ReviewInput, now: Date) {
  const today = todayInIndia(now);
  const byKey = isBookingRef(input.booking) ? eq(bookings.bookingRef, input.booking) : eq(bookings.id, input.booking);
  const [trip] = await db
    .select({
      id: bookings.id,
      sellerId: bookings.sellerId,
      packageId: bookings.packageId,
      startDate: bookings.startDate,
      status: bookings.status,
      paymentStatus: bookings.paymentStatus,
      end: tripEnd,
      eligible: sql<number>`case when ${reviewableTrip(today)} then 1 else 0 end`,
      reviewed: sql<number>`exists (select 1 from reviews r where r.booking_id = ${bookings.id})`,
      author: users.name,
    })
    .from(bookings)
    .innerJoin(packages, eq(packages.id, bookings.packageId))
    .innerJoin(users, eq(users.id, bookings.userId))
    // SECURITY: only the traveller's own bookings; another's is "not found", never a hint that it exists.
    .where(and(byKey, eq(bookings.userId, userId)))
    .limit(1);
  if (!trip) throw notFound("Booking not found");
  if (Number(trip.reviewed)) throw conflict(ALREADY_REVIEWED);
  if (!Number(trip.eligible)) {
    if (trip.status !== "confirmed" || trip.paymentStatus !== "completed") {
      throw unprocessable("Only a confirmed, paid trip can be reviewed");
    }
    if (trip.end > today) throw unprocessable(`You can review this trip once it has ended, from ${formatDate(trip.end)}`);
    throw unprocessable(
      `Reviews can be written up to 90 days after a trip; this one could be reviewed until ${formatDate(lastReviewDay(trip.end))}`,
    );
  }
  // SECURITY: photos only from the author's own uploads.
  const ownPrefix = `/media/reviews/${userId}/`;
  if (input.photos.some((p) => !p.startsWith(ownPrefix))) {
    throw unprocessable("Photos must be your own uploads", [{ path: "photos", message: "Photos must be your own uploads" }]);
  }
  const held = reviewChecks(input.text);
  const status: "pending" | "published" = held.length ? "pending" : "published";
  const at = now.toISOString();
  const id = `rv_${crypto.randomUUID()}`;
  try {
    const [, , bumped] = await db.batch([
      db.insert(reviews).values({
        id,
        bookingId: trip.id,
        packageId: trip.packageId,
        sellerId: trip.sellerId,
        userId,
        authorName: firstName(trip.author),
        travelledOn: trip.startDate,
        rating: input.rating,
        body: input.text,
        photos: input.photos,
        status,
        heldFor: held.length ? held.join(",") : null,
        createdAt: at,
        publishedAt: status === "published" ? at : null,
      }),
      recountPackage(db, trip.packageId),
      bumpQuery(db, trip.sellerId, status === "published" ? undefined : sql`0`),
      // The photos it names are no longer unused uploads (photos.ts).
      markPhotosUsed(db, userId, input.photos),
    ]);
    if (bumped[0]) await announceVersion(edge, trip.sellerId, bumped[0].version);
  } catch (error) {
    if (breaksUnique(error, "reviews.booking_id")) throw conflict(ALREADY_REVIEWED);
    throw error;
  }
  return {
    id,
    status,
    heldFor: held.map((h) => REVIEW_CHECKS[h]),
    message:
      status === "published"
        ? "Thank you! Your review is published"
        : `Thank you! Your review mentions ${held.map((h) => REVIEW_CHECKS[h]).join(" and ")}, so our team will check it before it is published`,
  };
}

async function sellerReview(db: Db, sellerId: string, id: string) {
  // SECURITY: scoped by the seller: another seller's review is "not found".
  const [row] = await db
    .select({ id: reviews.id, status: reviews.status, sellerReply: reviews.sellerReply, reportReason: reviews.reportReason })
    .from(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.sellerId, sellerId)))
    .limit(1);
  if (!row) throw notFound(REVIEW_NOT_FOUND);
  return row;
}

/** The seller answers a published review of one of their packages, once and publicly. */
export async function replyToReview(db: Db, edge: EdgeConfig, sellerId: string, id: string, reply: string, now: Date) {
  const found = await sellerReview(db, sellerId, id);
  if (found.status !== "published") throw conflict("Only a published review can be answered");
  if (found.sellerReply !== null) throw conflict("You have already replied to this review");
  const [answered, bumped] = await db.batch([
    db
      .update(reviews)
      .set({ sellerReply: reply, sellerRepliedAt: now.toISOString() })
      .where(and(eq(reviews.id, id), eq(reviews.sellerId, sellerId), eq(reviews.status, "published"), isNull(reviews.sellerReply)))
      .returning({ id: reviews.id }),
    bumpQuery(db, sellerId, sql`changes() > 0`),
  ]);
  if (answered.length === 0) throw conflict("You have already replied to this review");
  if (bumped[0]) await announceVersion(edge, sellerId, bumped[0].version);
  return "Reply published";
}

/** The seller reports a review to the superadmin, once, with a reason; it stays up until the superadmin decides. */
export async function reportReview(db: Db, sellerId: string, id: string, reason: ReportReason, note: string | undefined, now: Date) {
  const found = await sellerReview(db, sellerId, id);
  if (found.status === "removed") throw conflict("This review has already been removed");
  if (found.reportReason !== null) throw conflict("You have already reported this review");
  const text = `${REPORT_REASONS[reason]}${note ? `: ${note}` : ""}`;
  const reported = await db
    .update(reviews)
    .set({ reportReason: text, reportedAt: now.toISOString() })
    .where(and(eq(reviews.id, id), eq(reviews.sellerId, sellerId), isNull(reviews.reportReason)))
    .returning({ id: reviews.id });
  if (reported.length === 0) throw conflict("You have already reported this review");
  return "Review reported to Tripbazaar";
}

async function reviewForAdmin(db: Db, id: string) {
  const [row] = await db
    .select({ id: reviews.id, status: reviews.status, packageId: reviews.packageId, sellerId: reviews.sellerId })
    .from(reviews)
    .where(eq(reviews.id, id))
    .limit(1);
  if (!row) throw notFound(REVIEW_NOT_FOUND);
  return row;
}

/**
 * The superadmin publishes a held review: the review, the package's figures, the seller's page version and the audit
 * entry in one batch; the entry and the version only when this call made the change (a racing second call writes
 * nothing and answers 409).
 */
export async function publishReview(db: Db, edge: EdgeConfig, actor: AuditActor, id: string, now: Date) {
  const found = await reviewForAdmin(db, id);
  if (found.status !== "pending") throw conflict("Only a review waiting for a decision can be published");
  const [changed, bumped] = await db.batch([
    db
      .update(reviews)
      .set({ status: "published", publishedAt: now.toISOString() })
      .where(and(eq(reviews.id, id), eq(reviews.status, "pending")))
      .returning({ id: reviews.id }),
    bumpQuery(db, found.sellerId, sql`changes() > 0`),
    auditInsertWhen(
      db,
      actor,
      { action: "review.publish", targetType: "review", targetId: id, before: { status: "pending" }, after: { status: "published" } },
      sql`changes() > 0`,
      now,
    ),
    recountPackage(db, found.packageId),
  ]);
  if (changed.length === 0) throw conflict("Only a review waiting for a decision can be published");
  if (bumped[0]) await announceVersion(edge, found.sellerId, bumped[0].version);
  return "Review published";
}

/** The superadmin removes a review for one of the fixed reasons (never for being negative); the reason is kept. */
export async function removeReview(db: Db, edge: EdgeConfig, actor: AuditActor, id: string, reason: RemovalReason, now: Date) {
  const found = await reviewForAdmin(db, id);
  if (found.status === "removed") throw conflict("This review has already been removed");
  const [changed, bumped] = await db.batch([
    db
      .update(reviews)
      .set({ status: "removed", removalReason: reason, removedAt: now.toISOString() })
      .where(and(eq(reviews.id, id), inArray(reviews.status, ["pending", "published"])))
      .returning({ id: reviews.id }),
    bumpQuery(db, found.sellerId, sql`changes() > 0`),
    auditInsertWhen(
      db,
      actor,
      {
        action: "review.remove",
        targetType: "review",
        targetId: id,
        before: { status: found.status },
        after: { status: "removed", removalReason: reason },
        reason: REMOVAL_REASONS[reason],
      },
      sql`changes() > 0`,
      now,
    ),
    recountPackage(db, found.packageId),
  ]);
  if (changed.length === 0) throw conflict("This review has already been removed");
  if (bumped[0]) await announceVersion(edge, found.sellerId, bumped[0].version);
  return "Review removed";
}
