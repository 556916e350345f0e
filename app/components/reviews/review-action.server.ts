import type { AppLoadContext } from "@remix-run/cloudflare";
import { readUploadForm, uploadOf } from "@worker/api/upload";
import { DomainError, unavailable } from "@worker/domain/errors";
import { storeReviewPhotos } from "@worker/domain/reviews/photos";
import { MAX_REVIEW_PHOTOS, reviewBody } from "@worker/domain/reviews/schemas";
import { type Upload, checkUpload } from "@worker/domain/seller-admin/media";
import { submitReview } from "@worker/domain/reviews/write";
import { actionInput } from "~/lib/session.server";

/** The review's text fields are well under this; the photos come on top. */
const FIELDS_BYTES = 16 * 1024;

const chosen = (value: FormDataEntryValue): value is File => typeof value === "object" && (value.size > 0 || value.name !== "");

/**
 * The user dashboard's "Write a review" form (the same schema and service as `POST /api/reviews`): sent as multipart
 * with its photos, which works without scripts. Every photo is checked (size, type from the bytes) before any is
 * stored, and the text is validated before the photos are stored. SECURITY: the traveller is the session's; photos go
 * under their own prefix.
 */
export async function writeReview(context: AppLoadContext, userId: string, request: Request) {
  const multipart = /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");
  const form = multipart ? await readUploadForm(request, { images: MAX_REVIEW_PHOTOS, fields: FIELDS_BYTES }) : null;
  const fields = form
    ? Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === "string"))
    : await actionInput(request);
  const input = reviewBody.parse({ ...fields, photos: [] });
  const files = form ? form.getAll("photos").filter(chosen) : [];
  if (files.length > MAX_REVIEW_PHOTOS) {
    throw new DomainError("invalid", `At most ${MAX_REVIEW_PHOTOS} photos`, [
      { path: "photos", message: `At most ${MAX_REVIEW_PHOTOS} photos` },
    ]);
  }
  const uploads: Upload[] = [];
  for (const file of files) {
    try {
      const upload = await uploadOf(file);
      checkUpload(upload);
      uploads.push(upload);
    } catch (error) {
      if (error instanceof DomainError) throw new DomainError(error.kind, error.message, [{ path: "photos", message: error.message }]);
      throw error;
    }
  }
  let photos: string[] = [];
  if (uploads.length) {
    const bucket = context.env.MEDIA;
    if (!bucket) throw unavailable("Uploads are not configured");
    photos = (await storeReviewPhotos(context, bucket, userId, uploads, context.now)).map((stored) => stored.url);
  }
  const { message } = await submitReview(context.db, context.config, userId, { ...input, photos }, context.now);
  return message;
}
