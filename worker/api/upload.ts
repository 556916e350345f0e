import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES, type Upload, imageTooLarge, unsupportedImage } from "../domain/seller-admin/media";
import { badRequest } from "./errors";

/** Multipart adds a little framing around the file. */
const MULTIPART_ALLOWANCE = 16 * 1024;

/**
 * The uploaded bytes of an API request (ADR 0011), from a raw image body or the `file` field of a multipart
 * form; the domain (worker/domain/seller-admin/media.ts) then checks and stores them.
 */
export async function readUpload(request: Request): Promise<Upload> {
  const length = Number(request.headers.get("content-length"));
  if (Number.isFinite(length) && length > MAX_UPLOAD_BYTES + MULTIPART_ALLOWANCE) throw imageTooLarge();
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
    if (file.size > MAX_UPLOAD_BYTES) throw imageTooLarge();
    return { bytes: new Uint8Array(await file.arrayBuffer()), declared: file.type.toLowerCase() };
  }
  if (!ACCEPTED_IMAGE_TYPES.has(type)) throw unsupportedImage();
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
      throw imageTooLarge();
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
