import { Hono } from "hono";
import type { ApiEnv } from "../app-env";
import { ApiError, notFound } from "../errors";
import { type SignedInEnv, requireUserMiddleware } from "../guard";
import { describeRoute } from "../route-info";
import { done } from "../responses/common";
import {
  moderationAnswer,
  packageReviewsAnswer,
  recentReviewsAnswer,
  reviewPhoto,
  reviewableTripsAnswer,
  sellerReviewsAnswer,
  submittedReview,
} from "../responses/reviews";
import { readUpload } from "../upload";
import { validate } from "../validate";
import { clientIp } from "../../client-ip";
import { getCatalogPackage } from "../../domain/catalog/service";
import { todayInIndia } from "../../domain/bookings/transitions";
import { idParam } from "../../domain/seller-admin/schemas";
import { storeReviewPhotos } from "../../domain/reviews/photos";
import { moderationQueue, packageReviews, recentReviews, reviewableTrips, sellerReviews } from "../../domain/reviews/read";
import {
  moderationQuery,
  packageReviewsParam,
  pageQuery,
  removeBody,
  replyBody,
  reportBody,
  reviewBody,
  reviewListQuery,
} from "../../domain/reviews/schemas";
import { publishReview, removeReview, replyToReview, reportReview, submitReview } from "../../domain/reviews/write";

/**
 * /api/reviews — travellers' reviews of their trips (issue 28, ADR 0052): public reads of published reviews, and the
 * traveller's own writes (a review of an ended, paid trip; its photos).
 */
export const reviewRoutes = new Hono<ApiEnv>()
  .get(
    "/",
    describeRoute({
      summary: "Recent published reviews, filtered by stars and destination",
      description: "Newest first, 10 a page; `destinations` lists the cities that have reviews, for the filter.",
      responses: { 200: recentReviewsAnswer },
    }),
    validate("query", reviewListQuery),
    async (c) => {
      const found = await recentReviews(c.var, c.req.valid("query"));
      return c.json({ success: true as const, data: found.reviews, destinations: found.destinations, pagination: found.pagination });
    },
  )
  .get(
    "/packages/:id",
    describeRoute({
      summary: "A package's rating, its distribution and its newest published reviews",
      description: "5 reviews a page, newest first. The rating and count are kept from the published reviews.",
      responses: { 200: packageReviewsAnswer },
      errors: [404],
    }),
    validate("param", packageReviewsParam),
    validate("query", pageQuery),
    async (c) => {
      const { id } = c.req.valid("param");
      const [pkg, found] = await Promise.all([
        getCatalogPackage(c.var.db, id, c.var.load),
        packageReviews(c.var, id, c.req.valid("query").page),
      ]);
      if (!pkg) throw notFound("Package not found");
      return c.json({
        success: true as const,
        rating: pkg.rating,
        reviews: pkg.reviews,
        distribution: found.distribution,
        data: found.reviews,
        pagination: found.pagination,
      });
    },
  )
  .get(
    "/reviewable",
    requireUserMiddleware("user", "Only travellers write reviews"),
    describeRoute({
      summary: "The signed-in traveller's trips they may review now",
      description: "Confirmed, paid trips that ended at most 90 days ago and are not reviewed yet.",
      responses: { 200: reviewableTripsAnswer },
    }),
    async (c) => {
      return c.json({ success: true as const, data: await reviewableTrips(c.var, c.var.userId, todayInIndia(c.var.now)) });
    },
  )
  .post(
    "/",
    requireUserMiddleware("user", "Only travellers write reviews"),
    describeRoute({
      summary: "Review one of your trips",
      description:
        "Only your own booking (404 otherwise), confirmed and paid, whose trip has ended (start date plus the package's days), within 90 days (422 otherwise), once (409). Published at once unless the text has a link, contact details or banned words: then it waits for the superadmin. Cannot be edited.",
      responses: { 201: submittedReview },
      errors: [404, 409],
    }),
    validate("json", reviewBody),
    async (c) => {
      const { message, ...review } = await submitReview(c.var.db, c.var.config, c.var.userId, c.req.valid("json"), c.var.now);
      return c.json({ success: true as const, message, review }, 201);
    },
  )
  .post(
    "/photos",
    requireUserMiddleware("user", "Only travellers write reviews"),
    describeRoute({
      summary: "Upload a photo for a review",
      description: "JPEG, PNG or WebP, checked from the bytes; at most 2 MB. Name the answered `url` in the review's `photos` (at most 3).",
      body: {
        contentType: ["multipart/form-data", "image/jpeg", "image/png", "image/webp"],
        description: "The image as the `file` field of a form, or as the raw body with its type",
      },
      responses: { 201: reviewPhoto },
      errors: [400, 413, 415, 503],
    }),
    async (c) => {
      if (!c.env.MEDIA) throw new ApiError(503, "Uploads are not configured");
      const [stored] = await storeReviewPhotos(c.var, c.env.MEDIA, c.var.userId, [await readUpload(c.req.raw)], c.var.now);
      return c.json({ success: true as const, ...stored }, 201);
    },
  );

/**
 * /api/seller-admin/reviews — the seller's reviews, their one public reply and their report.
 * SECURITY: mounted only inside sellerAdminRoutes, whose guard lets only a seller through; every call is scoped by
 * the signed-in seller, so another seller's review is "not found".
 */
export const sellerReviewRoutes = new Hono<SignedInEnv>()
  .get(
    "/",
    describeRoute({ summary: "Reviews of the seller's packages, newest first", responses: { 200: sellerReviewsAnswer } }),
    validate("query", pageQuery),
    async (c) => {
      const found = await sellerReviews(c.var, c.var.userId, c.req.valid("query").page);
      return c.json({ success: true as const, data: found.reviews, pagination: found.pagination });
    },
  )
  .post(
    "/:id/reply",
    describeRoute({
      summary: "Reply to a review, once and publicly",
      responses: { 200: done },
      errors: [404, 409],
    }),
    validate("param", idParam),
    validate("json", replyBody),
    async (c) => {
      const message = await replyToReview(
        c.var.db,
        c.var.config,
        c.var.userId,
        c.req.valid("param").id,
        c.req.valid("json").reply,
        c.var.now,
      );
      return c.json({ success: true as const, message });
    },
  )
  .post(
    "/:id/report",
    describeRoute({
      summary: "Report a review to Tripbazaar, with a reason",
      description: "Once per review; it stays published until the superadmin decides.",
      responses: { 200: done },
      errors: [404, 409],
    }),
    validate("param", idParam),
    validate("json", reportBody),
    async (c) => {
      const { reason, note } = c.req.valid("json");
      const message = await reportReview(c.var.db, c.var.userId, c.req.valid("param").id, reason, note, c.var.now);
      return c.json({ success: true as const, message });
    },
  );

/**
 * /api/superadmin/reviews — the moderation queue: publish a held review, remove one for a reason from the fixed list.
 * SECURITY: mounted only inside superadminRoutes, whose guard lets only a superadmin through. Each action appends its
 * audit entry in the same D1 batch as the change.
 */
export const superadminReviewRoutes = new Hono<SignedInEnv>()
  .get(
    "/",
    describeRoute({
      summary: "Reviews waiting for a decision, reported, published or removed",
      description: "`status=pending` (the default) lists held reviews oldest first; `waiting` counts held and reported ones.",
      responses: { 200: moderationAnswer },
    }),
    validate("query", moderationQuery),
    async (c) => {
      const found = await moderationQueue(c.var, c.req.valid("query"));
      return c.json({ success: true as const, data: found.reviews, waiting: found.waiting, pagination: found.pagination });
    },
  )
  .post(
    "/:id/publish",
    describeRoute({ summary: "Publish a held review", responses: { 200: done }, errors: [404, 409] }),
    validate("param", idParam),
    async (c) => {
      const actor = { id: c.var.userId, role: "superadmin", ip: clientIp(c.req.raw) };
      const message = await publishReview(c.var.db, c.var.config, actor, c.req.valid("param").id, c.var.now);
      return c.json({ success: true as const, message });
    },
  )
  .post(
    "/:id/remove",
    describeRoute({
      summary: "Remove a review for a reason from the fixed list",
      description:
        "Never for being negative: the reasons are not-about-the-trip, personal-information, abusive-or-discriminatory, advertising-or-spam, conflict-of-interest and duplicate. The reason is kept.",
      responses: { 200: done },
      errors: [404, 409],
    }),
    validate("param", idParam),
    validate("json", removeBody),
    async (c) => {
      const actor = { id: c.var.userId, role: "superadmin", ip: clientIp(c.req.raw) };
      const message = await removeReview(c.var.db, c.var.config, actor, c.req.valid("param").id, c.req.valid("json").reason, c.var.now);
      return c.json({ success: true as const, message });
    },
  );
