import { type AppLoadContext, data } from "@remix-run/cloudflare";
import { badRequest } from "@worker/domain/errors";
import type { ActionResult } from "~/lib/action-result";
import { refusal, requireUser, signedInHeaders } from "~/lib/session.server";
import { readSentForm, storeFormImages, textFieldsOf } from "../seller-admin/images.server";

/** A catalogue form's answer: the message, and which form (`intent`, `target`) it was about. */
export type CatalogueAnswer = ActionResult & { intent?: string; target?: string };

export type CatalogueForm = {
  sellerId: string;
  intent: string;
  fields: Record<string, string>;
  /** Every value of a repeated field (the packages' checkboxes). */
  all: (name: string) => string[];
  /** The photo chosen in `field`, stored under the seller's own prefix; undefined when none was chosen. */
  photo: (field: string) => Promise<string | undefined>;
};

/**
 * The catalogue pages' action (hotels, meal plans, add-ons and itinerary): the seller's guard before the body is
 * read, the form's fields (multipart when a photo comes with them), then `handle` by `intent`. The answer is data
 * either way, so a post without scripts gets the page again with the message beside the form it concerns.
 */
export async function catalogueAction(
  request: Request,
  context: AppLoadContext,
  handle: (form: CatalogueForm) => Promise<string | undefined>,
) {
  // SECURITY: the seller is the session's; nothing a visitor without a seller's session sends is read or stored.
  const seller = await requireUser(context, "seller");
  let intent = "";
  let target = "";
  try {
    const sent = await readSentForm(request, 1);
    const formData = "form" in sent ? sent.form : null;
    const json = "json" in sent ? sent.json : {};
    const fields = formData ? textFieldsOf(formData) : Object.fromEntries(Object.entries(json).map(([k, v]) => [k, String(v)]));
    intent = fields.intent ?? "";
    target = fields.id ?? fields.packageId ?? fields.hotelId ?? "";
    const all = (name: string) =>
      formData
        ? formData.getAll(name).filter((v): v is string => typeof v === "string")
        : ([] as unknown[]).concat(json[name] ?? []).map(String);
    const photo = async (field: string) => (formData ? (await storeFormImages(context, seller.id, formData, [field]))[field] : undefined);
    const message = await handle({ sellerId: seller.id, intent, fields, all, photo });
    if (message === undefined) throw badRequest("Unknown form");
    return data<CatalogueAnswer>({ ok: true, message, intent, target }, { headers: signedInHeaders });
  } catch (error) {
    return refusal(error, { intent, target });
  }
}
