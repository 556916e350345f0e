import { z } from "zod";
import { REMOVAL_REASON_KEYS, REPORT_REASON_KEYS } from "./checks";

/** Where a review's photos live once uploaded (POST /api/reviews/photos): the author's own R2 prefix. */
export const REVIEW_PHOTO_PATH = /^\/media\/reviews\/[A-Za-z0-9_-]{1,80}\/[0-9a-f-]{36}\.(?:png|jpg|webp)$/;
export const MAX_REVIEW_PHOTOS = 3;

const page = z.coerce.number().int().min(1).max(10_000).default(1);

/** A traveller's review of one of their trips: the booking by id or number (TB-2026-000123). */
export const reviewBody = z.object({
  booking: z.string().trim().min(1, "Choose the trip you are reviewing").max(64),
  rating: z.coerce
    .number({ message: "Choose a rating from 1 to 5 stars" })
    .int("Choose a rating from 1 to 5 stars")
    .min(1, "Choose a rating from 1 to 5 stars")
    .max(5, "Choose a rating from 1 to 5 stars"),
  text: z
    .string()
    .trim()
    .min(20, "Tell other travellers a little more (at least 20 characters)")
    .max(2000, "Reviews are at most 2,000 characters"),
  photos: z
    .array(z.string().regex(REVIEW_PHOTO_PATH, "Photos must be uploaded first (POST /api/reviews/photos)"))
    .max(MAX_REVIEW_PHOTOS, `At most ${MAX_REVIEW_PHOTOS} photos`)
    .default([]),
});
export type ReviewInput = z.infer<typeof reviewBody>;

export const reviewListQuery = z.object({
  rating: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
  destination: z.string().trim().max(80).optional(),
  page,
});
export type ReviewListQuery = z.infer<typeof reviewListQuery>;

export const pageQuery = z.object({ page });

export const packageReviewsParam = z.object({ id: z.string().min(1).max(64) });

export const replyBody = z.object({
  reply: z.string().trim().min(2, "Write your reply").max(1000, "Replies are at most 1,000 characters"),
});

export const reportBody = z.object({
  reason: z.enum(REPORT_REASON_KEYS, { message: "Choose why you report this review" }),
  note: z.string().trim().max(500, "At most 500 characters").optional(),
});

export const removeBody = z.object({
  reason: z.enum(REMOVAL_REASON_KEYS, { message: "Choose a reason from the list" }),
});

export const moderationQuery = z.object({
  status: z.enum(["pending", "reported", "published", "removed"]).default("pending"),
  page,
});
export type ModerationQuery = z.infer<typeof moderationQuery>;

/** A package page's reviews page, from its address (`?page=`); anything else is the first. */
export const reviewsPageOf = (url: URL) => pageQuery.catch({ page: 1 }).parse({ page: url.searchParams.get("page") ?? undefined }).page;
