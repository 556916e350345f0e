import { badRequest, tooLarge as refuseTooLarge, unsupported as refuseUnsupported } from "../errors";

/** Uploads for package and website images (ADR 0011). */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** Multipart adds a little framing around the file. */
const MULTIPART_ALLOWANCE = 16 * 1024;

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

const ACCEPTED = new Set(["image/png", "image/jpeg", "image/webp"]);
const tooLarge = () => refuseTooLarge("Images are at most 2 MB");
const unsupported = () => refuseUnsupported("Upload a JPEG, PNG or WebP image");

/** The uploaded bytes, from a raw image body or the `file` field of a multipart form. */
export async function readUpload(request: Request): Promise<{ bytes: Uint8Array; declared: string }> {
  const length = Number(request.headers.get("content-length"));
  if (Number.isFinite(length) && length > MAX_UPLOAD_BYTES + MULTIPART_ALLOWANCE) throw tooLarge();
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "multipart/form-data") {
    // Read under the cap first, then parse: a chunked body without a length is bounded too.
    const raw = await readCapped(request, MAX_UPLOAD_BYTES + MULTIPART_ALLOWANCE);
    let form: FormData;
    try {
      form = await new Response(raw, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
    } catch {
      throw badRequest("Malformed upload");
    }
    const file = form.get("file");
    if (!file || typeof file === "string") throw badRequest("Attach the image as the `file` field");
    if (file.size > MAX_UPLOAD_BYTES) throw tooLarge();
    return { bytes: new Uint8Array(await file.arrayBuffer()), declared: file.type.toLowerCase() };
  }
  if (!ACCEPTED.has(type)) throw unsupported();
  const bytes = await readCapped(request);
  return { bytes, declared: type };
}

/** Reads the body but stops at the cap, so a body without a (truthful) length cannot exhaust memory. */
async function readCapped(request: Request, cap = MAX_UPLOAD_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

export async function storeUpload(bucket: R2Bucket, sellerId: string, upload: { bytes: Uint8Array; declared: string }) {
  if (upload.bytes.byteLength === 0) throw badRequest("The upload is empty");
  if (upload.bytes.byteLength > MAX_UPLOAD_BYTES) throw tooLarge();
  const image = sniffImage(upload.bytes);
  if (!image || (upload.declared && upload.declared !== "application/octet-stream" && upload.declared !== image.contentType)) {
    throw unsupported();
  }
  const key = `sellers/${sellerId}/${crypto.randomUUID()}.${image.ext}`;
  await bucket.put(key, upload.bytes, { httpMetadata: { contentType: image.contentType } });
  return { key, url: `/media/${key}`, contentType: image.contentType, size: upload.bytes.byteLength };
}
