import { z } from "zod";
import { count, day, instant, ok, pagination } from "./common";

/** A published review as public pages show it: the author's first name only. */
export const publicReview = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  photos: z.array(z.string().describe("`/media/reviews/…`")),
  authorName: z.string().describe("The author's first name"),
  travelledIn: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .describe("The trip's month, YYYY-MM"),
  createdAt: instant,
  sellerReply: z.string().nullable(),
  sellerRepliedAt: instant.nullable(),
});

export const ratingDistribution = z.array(z.object({ stars: z.number().int().min(1).max(5), count }));

export const packageReviewsAnswer = z.object({
  success: ok,
  rating: z.number().describe("The average of the published reviews, one decimal; 0 without any"),
  reviews: count.describe("How many reviews are published"),
  distribution: ratingDistribution,
  data: z.array(publicReview),
  pagination,
});

export const recentReviewsAnswer = z.object({
  success: ok,
  data: z.array(publicReview.extend({ package: z.object({ id: z.string(), name: z.string(), city: z.string() }) })),
  destinations: z.array(z.string()),
  pagination,
});

const reviewState = z.enum(["pending", "published", "removed"]);

export const sellerReviewsAnswer = z.object({
  success: ok,
  data: z.array(
    publicReview.extend({
      status: reviewState,
      reported: z.boolean(),
      removalReason: z.string().nullable(),
      package: z.object({ id: z.string(), name: z.string() }),
    }),
  ),
  pagination,
});

export const moderationAnswer = z.object({
  success: ok,
  data: z.array(
    publicReview.extend({
      status: reviewState,
      reportReason: z.string().nullable(),
      heldFor: z.array(z.string()),
      removalReason: z.string().nullable(),
      package: z.object({ id: z.string(), name: z.string() }),
      sellerId: z.string(),
      bookingRef: z.string(),
    }),
  ),
  waiting: z.object({ pending: count, reported: count }),
  pagination,
});

export const reviewableTripsAnswer = z.object({
  success: ok,
  data: z.array(
    z.object({
      id: z.string(),
      bookingRef: z.string(),
      startDate: day,
      packageId: z.string(),
      packageName: z.string(),
      city: z.string(),
      reviewUntil: day,
    }),
  ),
});

export const submittedReview = z.object({
  success: ok,
  message: z.string(),
  review: z.object({ id: z.string(), status: z.enum(["pending", "published"]), heldFor: z.array(z.string()) }),
});

export const reviewPhoto = z.object({
  success: ok,
  key: z.string(),
  url: z.string().describe("Name it in the review's `photos`"),
  contentType: z.enum(["image/jpeg", "image/png", "image/webp"]),
  size: count.describe("In bytes"),
});
