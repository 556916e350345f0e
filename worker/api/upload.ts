import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES, type Upload, imageTooLarge, unsupportedImage } from "../domain/seller-admin/media";
import { badRequest } from "./errors";
import { DOCUMENT_TOO_LARGE, type DocumentUpload, MAX_DOCUMENT_BYTES } from "../domain/students/document";
import { tooLarge } from "../domain/errors";

/** Multipart adds a little framing around the file. */
const MULTIPART_ALLOWANCE = 16 * 1024;

/**
 * The uploaded bytes of an API request (ADR 0011), from a raw image body or the `file` field of a multipart
 * form; the domain (worker/domain/seller-admin/media.ts) then checks and stores them.
 */
export async function readUpload(request: Request): Promise<Upload> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "multipart/form-data") {
    const file = (await readUploadForm(request)).get("file");
    if (!file || typeof file === "string") throw badRequest("Attach the image as the `file` field");
    return uploadOf(file);
  }
  refuseLongerThan(request, MAX_UPLOAD_BYTES + MULTIPART_ALLOWANCE);
  if (!ACCEPTED_IMAGE_TYPES.has(type)) throw unsupportedImage();
  const bytes = await readCapped(request);
  return { bytes, declared: type };
}

/**
 * A multipart form carrying up to `images` images and `fields` bytes of other fields (the seller's package and
 * website forms send theirs this way without scripts), read under that cap before it is parsed: a body without a
 * (truthful) length is bounded too.
 */
export async function readUploadForm(request: Request, { images = 1, fields = MULTIPART_ALLOWANCE } = {}): Promise<FormData> {
  const cap = images * MAX_UPLOAD_BYTES + fields;
  refuseLongerThan(request, cap);
  const raw = await readCapped(request, cap);
  try {
    return await new Response(raw, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw badRequest("Malformed upload");
  }
}

/** One file of a form as an upload, refused before its bytes are read when it is over the size. */
export async function uploadOf(file: File): Promise<Upload> {
  if (file.size > MAX_UPLOAD_BYTES) throw imageTooLarge();
  return { bytes: new Uint8Array(await file.arrayBuffer()), declared: file.type.toLowerCase() };
}

function refuseLongerThan(request: Request, cap: number, tooBig: () => Error = imageTooLarge) {
  const length = Number(request.headers.get("content-length"));
  if (Number.isFinite(length) && length > cap) throw tooBig();
}

/** Reads the body but stops at the cap, so a body without a (truthful) length cannot exhaust memory. */
async function readCapped(request: Request, cap = MAX_UPLOAD_BYTES, tooBig: () => Error = imageTooLarge): Promise<Uint8Array<ArrayBuffer>> {
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
      throw tooBig();
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

const documentTooLarge = () => tooLarge(DOCUMENT_TOO_LARGE);

/**
 * A student ID sent as a multipart form (issue 28): the `file` field and the form's text fields, read under the
 * document's cap (4 MB) before the form is parsed. The document's type is then checked by its bytes (the domain).
 */
export async function readDocumentForm(request: Request): Promise<{ fields: Record<string, string>; upload: DocumentUpload | null }> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "multipart/form-data") throw badRequest("Send the document as a multipart form (the `file` field)");
  const cap = MAX_DOCUMENT_BYTES + MULTIPART_ALLOWANCE;
  refuseLongerThan(request, cap, documentTooLarge);
  const raw = await readCapped(request, cap, documentTooLarge);
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw badRequest("Malformed upload");
  }
  const fields = Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === "string"));
  const file = form.get("file");
  if (!file || typeof file === "string" || (file.size === 0 && file.name === "")) return { fields, upload: null };
  if (file.size > MAX_DOCUMENT_BYTES) throw documentTooLarge();
  return { fields, upload: { bytes: new Uint8Array(await file.arrayBuffer()), declared: file.type.toLowerCase(), name: file.name } };
}
