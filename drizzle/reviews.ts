import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bookings } from "./bookings";
import { packages } from "./packages";
import { sellers } from "./sellers";
import { users } from "./users";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const REVIEW_STATUSES = ["pending", "published", "removed"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * A traveller's review of one trip (issue 28, ADR 0052): one per booking (`booking_id` is unique, so of any number of
 * racing submissions exactly one is written). `pending` waits for the superadmin (it tripped a content check, named
 * in `held_for`); `published` shows; `removed` is hidden, with the operator's reason from a fixed list. The text is
 * never edited after it is written. The seller may reply once and report it once.
 */
export const reviews = sqliteTable(
  "reviews",
  {
    id: text("id").primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    packageId: text("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** How the author is shown: their first name, as it was when they wrote. */
    authorName: text("author_name").notNull(),
    /** The trip's start date (YYYY-MM-DD): "travelled in March 2026". */
    travelledOn: text("travelled_on").notNull(),
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    photos: text("photos", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    status: text("status", { enum: REVIEW_STATUSES }).notNull(),
    /** Which content checks held it for the superadmin (links, contact details, banned words). */
    heldFor: text("held_for"),
    removalReason: text("removal_reason"),
    removedAt: text("removed_at"),
    sellerReply: text("seller_reply"),
    sellerRepliedAt: text("seller_replied_at"),
    reportReason: text("report_reason"),
    reportedAt: text("reported_at"),
    createdAt: text("created_at").notNull().default(now),
    publishedAt: text("published_at"),
  },
  (t) => [
    uniqueIndex("reviews_booking_unique").on(t.bookingId),
    index("reviews_package_idx").on(t.packageId, t.status, t.createdAt),
    index("reviews_status_idx").on(t.status, t.createdAt),
    index("reviews_seller_idx").on(t.sellerId, t.createdAt),
    check("reviews_rating", sql`rating between 1 and 5`),
  ],
);

/**
 * The invitation to review a trip, sent once per booking by the scheduled run the day after the trip ends. The
 * booking id is the key, so a second run (or two at once) invites nobody twice, even after the outbox row is gone.
 */
export const reviewInvitations = sqliteTable("review_invitations", {
  bookingId: text("booking_id")
    .primaryKey()
    .references(() => bookings.id, { onDelete: "cascade" }),
  createdAt: text("created_at").notNull().default(now),
});

/**
 * A review photo uploaded and not yet named by a review (ADR 0062's addendum): written with the upload, deleted by the
 * review that names it. One still here a day after its upload belongs to a review that was never written, and the
 * daily clean-up deletes the photo and its copies from R2 with it: a traveller's photo they did not post is not kept.
 */
export const reviewPhotoUploads = sqliteTable(
  "review_photo_uploads",
  {
    /** The upload's R2 key (`reviews/<userId>/<uuid>.<ext>`). */
    key: text("key").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("review_photo_uploads_created_idx").on(t.createdAt)],
);
