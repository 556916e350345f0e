import { type AppLoadContext, data } from "@remix-run/cloudflare";
import { readUploadForm, uploadOf } from "@worker/api/upload";
import { DomainError, badRequest, unavailable } from "@worker/domain/errors";
import { type Upload, checkUpload, storeSellerImages } from "@worker/domain/seller-admin/media";
import { actionInput, refusal, signedInHeaders } from "~/lib/session.server";

/**
 * Images of the seller's package and website forms, through their pages' actions (issue 22; the same checks and
 * the same store as `POST /api/seller-admin/media`, ADR 0011). With scripts, Upload sends one image at once
 * (`intent=upload`, field `file`) and the page puts its address in the form; without them, the form itself is
 * sent as multipart with its file fields, and the action stores those before it saves the rest.
 * SECURITY: the seller is the session's (the caller's guard); an image goes under that seller's own prefix,
 * whatever the form says.
 */

/** Text fields of a package (its description, 30 inclusions…) are well under this; the images come on top. */
const FORM_FIELDS_BYTES = 128 * 1024;

/** What a seller form's action was sent: JSON from a running page, or the form's own fields (multipart with images). */
export type SentForm = { json: Record<string, unknown> } | { form: FormData };

/** Reads an action's body; a multipart one (images) under the cap of `images` images and the form's text. */
export async function readSentForm(request: Request, images: number): Promise<SentForm> {
  const type = request.headers.get("content-type") ?? "";
  if (/^multipart\/form-data/i.test(type)) return { form: await readUploadForm(request, { images, fields: FORM_FIELDS_BYTES }) };
  return { json: await actionInput(request) };
}

/** The form's text fields (files left out), as strings. */
export const textFieldsOf = (form: FormData) =>
  Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));

/** A file input with a file chosen (an input left empty still sends a nameless, empty file). */
const chosen = (value: FormDataEntryValue | null): value is File =>
  typeof value === "object" && value !== null && (value.size > 0 || value.name !== "");

function bucketOf(context: AppLoadContext) {
  if (!context.env.MEDIA) throw unavailable("Uploads are not configured");
  return context.env.MEDIA;
}

/**
 * Stores the images chosen in `fields` of a form sent without scripts: each is checked (size, type from the bytes)
 * before any is stored, and a refusal names its field, so the page shows it there. Answers each field's address.
 */
export async function storeFormImages(context: AppLoadContext, sellerId: string, form: FormData, fields: readonly string[]) {
  const uploads: [string, Upload][] = [];
  for (const field of fields) {
    const file = form.get(field);
    if (!chosen(file)) continue;
    try {
      const upload = await uploadOf(file);
      checkUpload(upload);
      uploads.push([field, upload]);
    } catch (error) {
      if (error instanceof DomainError) throw new DomainError(error.kind, error.message, [{ path: field, message: error.message }]);
      throw error;
    }
  }
  if (uploads.length === 0) return {} as Record<string, string>;
  const bucket = bucketOf(context);
  const stored = await storeSellerImages(
    context,
    bucket,
    sellerId,
    uploads.map(([, upload]) => upload),
    context.now,
  );
  return Object.fromEntries(uploads.map(([field], i) => [field, stored[i].url])) as Record<string, string>;
}

/** What Upload answers a running page: the image's address for its field, or why not (the API's status). */
export type UploadAnswer = { ok: true; message: string; url: string } | { ok: false; message: string; status?: number };

/** Upload with scripts (`intent=upload`): the one image of field `file`, stored for the form to use. */
export async function uploadAnswer(context: AppLoadContext, sellerId: string, form: FormData) {
  try {
    const file = form.get("file");
    if (!chosen(file)) throw badRequest("Attach the image as the `file` field");
    const [{ url }] = await storeSellerImages(context, bucketOf(context), sellerId, [await uploadOf(file)], context.now);
    return data<UploadAnswer>({ ok: true, message: "Image uploaded", url }, { headers: signedInHeaders });
  } catch (error) {
    return refusal(error);
  }
}
