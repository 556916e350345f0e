import type { BatchItem } from "drizzle-orm/batch";
import { outbox } from "@db/schema";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { badRequest, tooLarge as refuseTooLarge, unsupported as refuseUnsupported } from "../errors";
import { enqueueFollowUps } from "../follow-ups/outbox";
import type { ImageVariantsPayload } from "./variants";

/** Uploads for package and website images (ADR 0011). */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

export type ImageType = { contentType: "image/png" | "image/jpeg" | "image/webp"; ext: "png" | "jpg" | "webp" };

const ascii = (b: Uint8Array, start: number, text: string) => [...text].every((ch, i) => b[start + i] === ch.charCodeAt(0));

/**
 * SECURITY: the type comes from the bytes, never from the client's Content-Type, and only
 * raster formats browsers cannot execute are accepted (no SVG, no HTML). Each check goes a
 * little past the signature so a text body behind a forged first line is still refused.
 */
export function sniffImage(b: Uint8Array): ImageType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length > 33 && png.every((v, i) => b[i] === v) && ascii(b, 12, "IHDR")) return { contentType: "image/png", ext: "png" };
  // SOI, then a marker segment (APPn/DQT/SOF...), and the EOI marker at the end.
  if (b.length > 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff && b[3] >= 0xc0 && b.at(-2) === 0xff && b.at(-1) === 0xd9) {
    return { contentType: "image/jpeg", ext: "jpg" };
  }
  if (b.length > 16 && ascii(b, 0, "RIFF") && ascii(b, 8, "WEBPVP8")) return { contentType: "image/webp", ext: "webp" };
  return null;
}

/** The image types an upload may declare (its bytes must then agree, see sniffImage). */
export const ACCEPTED_IMAGE_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpeg", "image/webp"]);
export const imageTooLarge = () => refuseTooLarge("Images are at most 2 MB");
export const unsupportedImage = () => refuseUnsupported("Upload a JPEG, PNG or WebP image");

/** An uploaded file: its bytes and the type its sender declared (checked against the bytes). */
export type Upload = { bytes: Uint8Array; declared: string };

/**
 * What an upload is, or why it is refused: empty, over 2 MB, or bytes that are not a JPEG, PNG or WebP of the type
 * declared. Nothing is stored; a form with several images checks them all before storing any.
 */
export function checkUpload(upload: Upload): ImageType {
  if (upload.bytes.byteLength === 0) throw badRequest("The upload is empty");
  if (upload.bytes.byteLength > MAX_UPLOAD_BYTES) throw imageTooLarge();
  const image = sniffImage(upload.bytes);
  if (!image || (upload.declared && upload.declared !== "application/octet-stream" && upload.declared !== image.contentType)) {
    throw unsupportedImage();
  }
  return image;
}

/** Where uploads live in R2: a seller's images for their packages and website, a traveller's photos for a review. */
export type UploadFolder = "sellers" | "reviews";

/** Stores an image in R2 under its owner's own prefix (`<folder>/<ownerId>/`), after checking its size and its bytes' type. */
async function storeUpload(bucket: R2Bucket, folder: UploadFolder, ownerId: string, upload: Upload) {
  const image = checkUpload(upload);
  const key = `${folder}/${ownerId}/${crypto.randomUUID()}.${image.ext}`;
  await bucket.put(key, upload.bytes, { httpMetadata: { contentType: image.contentType } });
  return { key, url: `/media/${key}`, contentType: image.contentType, size: upload.bytes.byteLength };
}

/**
 * Uploaded images: each stored (storeUpload), then their pre-sized copies are asked of the follow-up queue (ADR 0062),
 * one follow-up per image written in one statement, never made in the request. The uploads serve at once; their copies
 * follow within seconds, and until then their addresses serve the upload. `sellerId` is the seller the follow-ups
 * belong to, if any (a review's photos belong to the traveller). `record` adds the owner's own rows about the stored
 * keys to the same batch (a review's unused photos, photos.ts).
 */
export async function storeImages(
  { db, config }: { db: Db; config: AppConfig },
  bucket: R2Bucket,
  owner: { folder: UploadFolder; id: string; sellerId: string | null },
  uploads: readonly Upload[],
  now: Date,
  record: (keys: string[]) => BatchItem<"sqlite">[] = () => [],
) {
  const stored = await Promise.all(uploads.map((upload) => storeUpload(bucket, owner.folder, owner.id, upload)));
  if (stored.length === 0) return stored;
  const rows = stored.map(({ key }) => {
    const payload: ImageVariantsPayload = { key };
    return {
      id: `fu_variants_${crypto.randomUUID()}`,
      sellerId: owner.sellerId,
      kind: "image-variants" as const,
      payload,
      to: "",
      subject: "",
      text: "",
      createdAt: now.toISOString(),
    };
  });
  await db.batch([db.insert(outbox).values(rows), ...record(stored.map(({ key }) => key))]);
  await enqueueFollowUps(
    config,
    rows.map((row) => row.id),
  );
  return stored;
}

/** A seller's images for their packages and website, under the seller's own prefix, with their copies (storeImages). */
export const storeSellerImages = (
  context: { db: Db; config: AppConfig },
  bucket: R2Bucket,
  sellerId: string,
  uploads: readonly Upload[],
  now: Date,
) => storeImages(context, bucket, { folder: "sellers", id: sellerId, sellerId }, uploads, now);
