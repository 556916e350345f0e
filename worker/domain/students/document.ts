import { badRequest, tooLarge, unsupported } from "../errors";
import { sniffImage } from "../seller-admin/media";

/** A student ID or enrolment letter: a photo or a scan (issue 28). Larger than an image upload, for a PDF. */
export const MAX_DOCUMENT_BYTES = 4 * 1024 * 1024;
export const DOCUMENT_TOO_LARGE = "The document is at most 4 MB";
export const DOCUMENT_TYPE = "Upload the student ID or enrolment letter as a JPEG, PNG or WebP image, or a PDF";

export type DocumentType = {
  contentType: "image/png" | "image/jpeg" | "image/webp" | "application/pdf";
  ext: "png" | "jpg" | "webp" | "pdf";
};

const ascii = (b: Uint8Array, start: number, text: string) => [...text].every((ch, i) => b[start + i] === ch.charCodeAt(0));

/** Where `%%EOF` is, within the last kilobyte (a PDF ends with it, perhaps followed by a line break). */
function endsAsPdf(b: Uint8Array) {
  const tail = new TextDecoder("latin1").decode(b.subarray(Math.max(0, b.length - 1024)));
  return tail.includes("%%EOF");
}

/**
 * SECURITY: what a document is comes from its bytes, never from its name or declared type: a raster image browsers
 * cannot run (as for package images), or a PDF (`%PDF-` at the start, `%%EOF` at the end). An HTML or SVG file
 * named `id.pdf` is neither.
 */
export function sniffDocument(b: Uint8Array): DocumentType | null {
  const image = sniffImage(b);
  if (image) return image;
  if (b.length > 16 && ascii(b, 0, "%PDF-") && endsAsPdf(b)) return { contentType: "application/pdf", ext: "pdf" };
  return null;
}

/** A document as uploaded: its bytes, and its declared type and name (both only checked against the bytes). */
export type DocumentUpload = { bytes: Uint8Array; declared: string; name: string };

const EXTENSIONS: Record<DocumentType["ext"], readonly string[]> = {
  png: ["png"],
  jpg: ["jpg", "jpeg"],
  webp: ["webp"],
  pdf: ["pdf"],
};

/**
 * What a document is, or why it is refused: empty (400), over 4 MB (413), or bytes that are not an image or a PDF,
 * or that disagree with the type or the file name's extension they were sent with (415).
 */
export function checkDocument(upload: DocumentUpload): DocumentType {
  if (upload.bytes.byteLength === 0) throw badRequest("Attach the student ID or enrolment letter");
  if (upload.bytes.byteLength > MAX_DOCUMENT_BYTES) throw tooLarge(DOCUMENT_TOO_LARGE);
  const found = sniffDocument(upload.bytes);
  if (!found) throw unsupported(DOCUMENT_TYPE);
  const declared = upload.declared.toLowerCase();
  if (declared && declared !== "application/octet-stream" && declared !== found.contentType) throw unsupported(DOCUMENT_TYPE);
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(upload.name)?.[1]?.toLowerCase();
  if (ext && !EXTENSIONS[found.ext].includes(ext)) throw unsupported(DOCUMENT_TYPE);
  return found;
}
