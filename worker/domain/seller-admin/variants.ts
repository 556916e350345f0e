import type { ImageResizer } from "../../images/resizer";
import { UPLOAD_KEY, VARIANT_WIDTHS, variantKeyOf } from "../../shared/image-variants";

/** What an `image-variants` follow-up carries: the R2 key of the upload (a seller's image or a review's photo). */
export type ImageVariantsPayload = { key: string };

/**
 * The follow-up of an upload (ADR 0062): a WebP copy at each of VARIANT_WIDTHS, none wider than the upload (a
 * narrower upload's copy keeps its own width), stored beside it. Making them again writes the same copies, so a retry
 * after a failure half-way is harmless. Without a resizer (no Images binding) nothing is made: pages then serve the
 * upload itself at every width.
 */
export async function makeImageVariants(media: R2Bucket | undefined, resizer: ImageResizer | undefined, payload: unknown) {
  const key = (payload as Partial<ImageVariantsPayload> | null)?.key;
  // SECURITY: only an upload, by the shape its key was written in; the row is ours, but is checked all the same.
  if (typeof key !== "string" || !UPLOAD_KEY.test(key)) throw new Error("An image-variants follow-up without an upload's key");
  if (!media || !resizer) {
    console.warn(`No ${media ? "Images binding" : "MEDIA bucket"}: ${key} is served without pre-sized copies`);
    return;
  }
  const upload = await media.get(key);
  // Nothing to copy (the upload is gone): done.
  if (!upload) return;
  const bytes = new Uint8Array(await upload.arrayBuffer());
  const width = await resizer.widthOf(bytes);
  if (width === null) return;
  for (const target of VARIANT_WIDTHS) {
    const copy = await resizer.webp(bytes, Math.min(target, width));
    await media.put(variantKeyOf(key, target), copy, { httpMetadata: { contentType: "image/webp" } });
  }
}
