import { type Upload, checkUpload } from "../seller-admin/media";

/**
 * Stores a traveller's review photo in R2 under their own prefix (`reviews/<userId>/`), checked like every upload
 * (ADR 0011: at most 2 MB, JPEG, PNG or WebP by its bytes, never SVG). A review may then name it.
 */
export async function storeReviewPhoto(bucket: R2Bucket, userId: string, upload: Upload) {
  const image = checkUpload(upload);
  const key = `reviews/${userId}/${crypto.randomUUID()}.${image.ext}`;
  await bucket.put(key, upload.bytes, { httpMetadata: { contentType: image.contentType } });
  return { key, url: `/media/${key}`, contentType: image.contentType, size: upload.bytes.byteLength };
}
