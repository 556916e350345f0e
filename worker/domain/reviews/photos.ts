import { and, eq, inArray, lt } from "drizzle-orm";
import { reviewPhotoUploads } from "@db/schema";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { VARIANT_WIDTHS, variantKeyOf } from "../../shared/image-variants";
import { type Upload, storeImages } from "../seller-admin/media";

/**
 * Stores a traveller's review photos in R2 under their own prefix (`reviews/<userId>/`), each checked like every
 * upload (ADR 0011: at most 2 MB, JPEG, PNG or WebP by its bytes, never SVG), with pre-sized copies asked of the
 * follow-up queue as for a seller's images (ADR 0062): a phone's photo of several megabytes is shown 120 px wide. A
 * review may then name them; until one does, each is recorded as unused (sweepUnusedReviewPhotos).
 */
export const storeReviewPhotos = (
  context: { db: Db; config: AppConfig },
  bucket: R2Bucket,
  userId: string,
  uploads: readonly Upload[],
  now: Date,
) =>
  storeImages(context, bucket, { folder: "reviews", id: userId, sellerId: null }, uploads, now, (keys) => [
    context.db.insert(reviewPhotoUploads).values(keys.map((key) => ({ key, userId, createdAt: now.toISOString() }))),
  ]);

/** The R2 key of a review photo named by its address (`/media/reviews/…`). */
const keyOfPhoto = (url: string) => url.replace(/^\/media\//, "");

/** The statement that marks `photos` (their addresses) as named by a review of `userId`: one of the review's batch. */
export const markPhotosUsed = (db: Db, userId: string, photos: readonly string[]) =>
  db.delete(reviewPhotoUploads).where(and(eq(reviewPhotoUploads.userId, userId), inArray(reviewPhotoUploads.key, photos.map(keyOfPhoto))));

/** How long an upload may wait for its review: a review is written minutes after its photos, not days. */
export const UNUSED_PHOTO_GRACE_MS = 24 * 60 * 60 * 1000;
/** Photos swept per run: each is four R2 keys (the upload and its copies), and one R2 delete takes at most 1,000. */
const SWEEP_BATCH = 250;

/**
 * Deletes the review photos no review named within a day of their upload, with their copies (the daily clean-up): the
 * photos of a review that was given up or refused. The rows are claimed first (deleted, returning them), so a photo
 * is deleted once however many runs overlap; a review written after its photo was claimed fails to show it, as one
 * written after a day would. When R2 refuses the delete, the claimed rows are put back for the next day's run.
 */
export async function sweepUnusedReviewPhotos(db: Db, bucket: R2Bucket, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_PHOTO_GRACE_MS).toISOString();
  const due = db
    .select({ key: reviewPhotoUploads.key })
    .from(reviewPhotoUploads)
    .where(lt(reviewPhotoUploads.createdAt, cutoff))
    .orderBy(reviewPhotoUploads.createdAt)
    .limit(SWEEP_BATCH);
  const claimed = await db.delete(reviewPhotoUploads).where(inArray(reviewPhotoUploads.key, due)).returning();
  if (claimed.length === 0) return 0;
  try {
    await bucket.delete(claimed.flatMap(({ key }) => [key, ...VARIANT_WIDTHS.map((width) => variantKeyOf(key, width))]));
  } catch (error) {
    await db.insert(reviewPhotoUploads).values(claimed).onConflictDoNothing();
    throw error;
  }
  return claimed.length;
}
