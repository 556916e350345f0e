import { type SQL, and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { bookings, packages, reviews } from "@db/schema";
import { type Reader, preparedRead } from "../../db/batcher";
import type { Db } from "../../db/client";
import { pagination } from "../bookings/shapes";
import { onSale } from "../on-sale";
import { REMOVAL_REASONS, REVIEW_CHECKS, type RemovalReason, type ReviewCheck } from "./checks";
import type { ModerationQuery, ReviewListQuery } from "./schemas";
import { lastReviewDay, reviewableTrip, tripEnd } from "./trip";

export const PACKAGE_REVIEWS_PAGE = 5;
export const REVIEWS_PAGE = 10;

const publicColumns = {
  id: reviews.id,
  rating: reviews.rating,
  text: reviews.body,
  photos: reviews.photos,
  authorName: reviews.authorName,
  travelledOn: reviews.travelledOn,
  createdAt: reviews.createdAt,
  sellerReply: reviews.sellerReply,
  sellerRepliedAt: reviews.sellerRepliedAt,
};

/** The joined package's columns, aliased: inside a D1 batch rows come back keyed by column name, and `id` is the review's. */
const packageColumns = {
  packageId: sql<string>`${packages.id}`.as("package_id_"),
  packageName: sql<string>`${packages.name}`.as("package_name"),
};

/** A published review as every public page and the API show it: the author's first name, never their account. */
export type PublicReview = {
  id: string;
  rating: number;
  text: string;
  photos: string[];
  authorName: string;
  /** YYYY-MM: "travelled in March 2026". */
  travelledIn: string;
  createdAt: string;
  sellerReply: string | null;
  sellerRepliedAt: string | null;
};

function toPublic(r: {
  id: string;
  rating: number;
  text: string;
  photos: string[];
  authorName: string;
  travelledOn: string;
  createdAt: string;
  sellerReply: string | null;
  sellerRepliedAt: string | null;
}): PublicReview {
  const { travelledOn, ...rest } = r;
  return { ...rest, photos: r.photos ?? [], travelledIn: travelledOn.slice(0, 7) };
}

/** How many published reviews gave each number of stars, 5 first. */
export type RatingDistribution = { stars: number; count: number }[];

function distributionOf(rows: { stars: number; count: number }[]): RatingDistribution {
  return [5, 4, 3, 2, 1].map((stars) => ({ stars, count: Number(rows.find((r) => Number(r.stars) === stars)?.count ?? 0) }));
}

/** A package's published reviews: the SQL of a package page's two review reads is built once per isolate. */
const publishedOfPackage = () => and(eq(reviews.packageId, sql.placeholder("packageId")), eq(reviews.status, "published"));
const packageReviewRows = preparedRead((db: Db) =>
  db
    .select(publicColumns)
    .from(reviews)
    .where(publishedOfPackage())
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(PACKAGE_REVIEWS_PAGE)
    .offset(sql.placeholder("offset")),
);
const packageReviewStars = preparedRead((db: Db) =>
  db.select({ stars: reviews.rating, count: count() }).from(reviews).where(publishedOfPackage()).groupBy(reviews.rating),
);

/**
 * A package page's reviews (both sites): the distribution and the newest published reviews, `PACKAGE_REVIEWS_PAGE` a
 * page, read beside the page's other reads (one batch). The package's rating and count are its own columns.
 */
export async function packageReviews({ db, load }: Reader, packageId: string, page = 1) {
  const [rows, stars] = await Promise.all([
    load(packageReviewRows(db, { packageId, offset: (page - 1) * PACKAGE_REVIEWS_PAGE })),
    load(packageReviewStars(db, { packageId })),
  ]);
  const distribution = distributionOf(stars);
  const total = distribution.reduce((n, d) => n + d.count, 0);
  return { reviews: rows.map(toPublic), distribution, pagination: pagination(page, PACKAGE_REVIEWS_PAGE, total) };
}
export type PackageReviews = Awaited<ReturnType<typeof packageReviews>>;

/**
 * The main site's reviews page: recent published reviews of packages on sale, filtered by stars and destination
 * (the package's city), newest first, with the destinations that have reviews for the filter. One batch.
 */
export async function recentReviews({ db, load }: Reader, q: ReviewListQuery) {
  const filters: SQL[] = [eq(reviews.status, "published"), onSale() as SQL];
  if (q.rating) filters.push(eq(reviews.rating, q.rating));
  if (q.destination) filters.push(sql`lower(${packages.city}) = lower(${q.destination})`);
  const where = and(...filters);
  const [rows, [{ total }], cities] = await Promise.all([
    load(
      db
        .select({ ...publicColumns, ...packageColumns, city: sql<string>`${packages.city}`.as("package_city") })
        .from(reviews)
        .innerJoin(packages, eq(packages.id, reviews.packageId))
        .where(where)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(REVIEWS_PAGE)
        .offset((q.page - 1) * REVIEWS_PAGE),
    ),
    load(db.select({ total: count() }).from(reviews).innerJoin(packages, eq(packages.id, reviews.packageId)).where(where)),
    load(
      db
        .selectDistinct({ city: packages.city })
        .from(reviews)
        .innerJoin(packages, eq(packages.id, reviews.packageId))
        .where(and(eq(reviews.status, "published"), onSale()))
        .orderBy(packages.city),
    ),
  ]);
  return {
    reviews: rows.map(({ packageId, packageName, city, ...r }) => ({
      ...toPublic(r),
      package: { id: packageId, name: packageName, city },
    })),
    destinations: cities.map((c) => c.city),
    pagination: pagination(q.page, REVIEWS_PAGE, Number(total)),
  };
}

const ownerColumns = {
  ...publicColumns,
  ...packageColumns,
  status: reviews.status,
  reportReason: reviews.reportReason,
};

/** The seller's reviews of their packages (every state but removed ones' text stays theirs to see), newest first. */
export async function sellerReviews({ db, load }: Reader, sellerId: string, page: number) {
  // SECURITY: scoped by the signed-in seller.
  const mine = eq(reviews.sellerId, sellerId);
  const [rows, [{ total }]] = await Promise.all([
    load(
      db
        .select({ ...ownerColumns, removalReason: reviews.removalReason })
        .from(reviews)
        .innerJoin(packages, eq(packages.id, reviews.packageId))
        .where(mine)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(REVIEWS_PAGE)
        .offset((page - 1) * REVIEWS_PAGE),
    ),
    load(db.select({ total: count() }).from(reviews).where(mine)),
  ]);
  return {
    reviews: rows.map(({ status, reportReason, packageId, packageName, removalReason, ...r }) => ({
      ...toPublic(r),
      status,
      reported: reportReason !== null,
      removalReason: removalReason ? (REMOVAL_REASONS[removalReason as RemovalReason] ?? removalReason) : null,
      package: { id: packageId, name: packageName },
    })),
    pagination: pagination(page, REVIEWS_PAGE, Number(total)),
  };
}

/** The superadmin's queue: held reviews, reported ones, or all published or removed ones; with the count waiting. */
export async function moderationQueue({ db, load }: Reader, q: ModerationQuery) {
  const where =
    q.status === "reported"
      ? and(isNotNull(reviews.reportReason), eq(reviews.status, "published"))
      : q.status === "pending"
        ? eq(reviews.status, "pending")
        : eq(reviews.status, q.status);
  const [rows, [{ total }], [waiting]] = await Promise.all([
    load(
      db
        .select({
          ...ownerColumns,
          heldFor: reviews.heldFor,
          removalReason: reviews.removalReason,
          sellerId: reviews.sellerId,
          bookingRef: sql<string>`${bookings.bookingRef}`.as("booking_ref_"),
        })
        .from(reviews)
        .innerJoin(packages, eq(packages.id, reviews.packageId))
        .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
        .where(where)
        .orderBy(q.status === "pending" ? reviews.createdAt : desc(reviews.createdAt), desc(reviews.id))
        .limit(REVIEWS_PAGE)
        .offset((q.page - 1) * REVIEWS_PAGE),
    ),
    load(db.select({ total: count() }).from(reviews).where(where)),
    load(
      db
        .select({
          pending: sql<number>`coalesce(sum(case when ${reviews.status} = 'pending' then 1 else 0 end), 0)`,
          reported: sql<number>`coalesce(sum(case when ${reviews.status} = 'published' and ${reviews.reportReason} is not null then 1 else 0 end), 0)`,
        })
        .from(reviews),
    ),
  ]);
  return {
    reviews: rows.map(({ status, reportReason, packageId, packageName, heldFor, removalReason, sellerId, bookingRef, ...r }) => ({
      ...toPublic(r),
      status,
      reportReason,
      heldFor: heldFor ? heldFor.split(",").map((h) => REVIEW_CHECKS[h as ReviewCheck] ?? h) : [],
      removalReason: removalReason ? (REMOVAL_REASONS[removalReason as RemovalReason] ?? removalReason) : null,
      package: { id: packageId, name: packageName },
      sellerId,
      bookingRef,
    })),
    waiting: { pending: Number(waiting?.pending ?? 0), reported: Number(waiting?.reported ?? 0) },
    pagination: pagination(q.page, REVIEWS_PAGE, Number(total)),
  };
}

/** The traveller's trips they may review now (ended, within 90 days, not yet reviewed), with the last day to do so. */
export async function reviewableTrips({ db, load }: Reader, userId: string, today: string) {
  const rows = await load(
    db
      .select({
        id: bookings.id,
        bookingRef: bookings.bookingRef,
        startDate: bookings.startDate,
        end: sql<string>`${tripEnd}`.as("trip_end"),
        ...packageColumns,
        city: sql<string>`${packages.city}`.as("package_city"),
      })
      .from(bookings)
      .innerJoin(packages, eq(packages.id, bookings.packageId))
      .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
      .where(and(eq(bookings.userId, userId), reviewableTrip(today), isNull(reviews.id)))
      .orderBy(desc(bookings.startDate))
      .limit(20),
  );
  return rows.map(({ end, ...r }) => ({ ...r, reviewUntil: lastReviewDay(end) }));
}
export type ReviewableTrip = Awaited<ReturnType<typeof reviewableTrips>>[number];

/** The traveller's own reviews with their state, newest first (a held one says it waits for a check). */
export async function myReviews({ db, load }: Reader, userId: string) {
  const rows = await load(
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        status: reviews.status,
        createdAt: reviews.createdAt,
        packageName: packageColumns.packageName,
      })
      .from(reviews)
      .innerJoin(packages, eq(packages.id, reviews.packageId))
      .where(eq(reviews.userId, userId))
      .orderBy(desc(reviews.createdAt))
      .limit(20),
  );
  return rows;
}
