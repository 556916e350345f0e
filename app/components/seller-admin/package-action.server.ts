import { type AppLoadContext, data, redirect } from "@remix-run/cloudflare";
import { type PackageTourInput, packageTourBody } from "@worker/domain/catalogue/schemas";
import { fromRunningApp, refusal, requireUser, signedInHeaders } from "~/lib/session.server";
import { readSentForm, storeFormImages, textFieldsOf, uploadAnswer } from "./images.server";
import { NEW_IMAGE_FIELD, type PackageAnswer, type PackageDraft, draftOfForm, valuesOf } from "./package-form";

/**
 * The package form's action, for the add and modify pages. A running page sends the package as JSON (or one image
 * to upload, `intent=upload`); a page without scripts sends the form itself, "Upload image" with it, which is
 * stored first so that a refusal shows the form again with the image in it. `save` parses the fields with the
 * API's schema and calls the service; saved, a document goes back to the package list.
 */
export async function packageAction(
  request: Request,
  context: AppLoadContext,
  save: (sellerId: string, fields: Record<string, unknown>) => Promise<string>,
) {
  // SECURITY: the guard runs before the body is read: nothing a visitor without a seller's session sends is stored.
  const seller = await requireUser(context, "seller");
  let values: PackageDraft | undefined;
  try {
    const sent = await readSentForm(request, 1);
    let fields: Record<string, unknown>;
    if ("json" in sent) fields = sent.json;
    else if (sent.form.get("intent") === "upload") return uploadAnswer(context, seller.id, sent.form);
    else {
      values = draftOfForm(sent.form);
      const uploaded = (await storeFormImages(context, seller.id, sent.form, [NEW_IMAGE_FIELD]))[NEW_IMAGE_FIELD];
      if (uploaded) values.images.push(uploaded);
      const { idempotencyKey } = textFieldsOf(sent.form);
      fields = { ...valuesOf(values), ...(idempotencyKey ? { idempotencyKey } : {}) };
    }
    const message = await save(seller.id, fields);
    if (!fromRunningApp(context)) return redirect("/seller-dashboard/packages", { headers: signedInHeaders });
    return data<PackageAnswer>({ ok: true, message }, { headers: signedInHeaders });
  } catch (error) {
    return refusal(error, values ? { values } : {});
  }
}

/** The package form's tour part (hotels, meal plans, add-ons, itinerary), checked before anything is written; null when not sent. */
export function tourOfFields(fields: Record<string, unknown>): PackageTourInput | null {
  return fields.tour === undefined || fields.tour === null ? null : packageTourBody.parse(fields.tour);
}
