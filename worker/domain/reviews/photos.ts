import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { type Upload, storeImages } from "../seller-admin/media";

/**
 * Stores a traveller's review photos in R2 under their own prefix (`reviews/<userId>/`), each checked like every
 * upload (ADR 0011: at most 2 MB, JPEG, PNG or WebP by its bytes, never SVG), with pre-sized copies asked of the
 * follow-up queue as for a seller's images (ADR 0062): a phone's photo of several megabytes is shown 120 px wide. A
 * review may then name them.
 */
export const storeReviewPhotos = (
  context: { db: Db; config: AppConfig },
  bucket: R2Bucket,
  userId: string,
  uploads: readonly Upload[],
  now: Date,
) => storeImages(context, bucket, { folder: "reviews", id: userId, sellerId: null }, uploads, now);
