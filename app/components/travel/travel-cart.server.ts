import type { AppLoadContext } from "@remix-run/cloudflare";
import { forbidden } from "@worker/domain/errors";
import { acceptChangedFare, addOfferInputOf, addOfferSchema, addOfferToCart } from "@worker/domain/travel/cart";
import { formatRupees } from "@worker/shared/format";
import { z } from "zod";
import { refusal, requireUser, signedInHeaders } from "~/lib/session.server";
import { data } from "@remix-run/cloudflare";

const CUSTOMERS_ONLY = "Only customer accounts can buy trips";

/**
 * The cart's travel writes (ADR 0053): `add-offer` (the flight, hotel and bus pages' form: `offerId`, repeated
 * `seat`, `travellers[i].title|name|age|gender`) and `accept-fare` (the traveller accepts a changed fare).
 */
export async function travelCartAction(context: AppLoadContext, input: Record<string, unknown>, seats: string[], back: URL | undefined) {
  const user = await requireUser(context, undefined, back ? { back } : {});
  const answer = (body: { ok: boolean; message: string; intent: string }) => data(body, { headers: signedInHeaders });
  const intent = String(input.intent);
  try {
    if (user.role !== "user") throw forbidden(CUSTOMERS_ONLY);
    if (intent === "accept-fare") {
      const { id } = z.object({ id: z.string().trim().min(1).max(100) }).parse(input);
      const offer = await acceptChangedFare(context.db, user.id, id);
      return answer({ ok: true, message: `New fare accepted: ${formatRupees(offer.total)}`, intent });
    }
    const parsed = addOfferSchema.parse(addOfferInputOf(input, seats));
    const added = await addOfferToCart(context.db, context.config, user.id, parsed, context.now);
    const message =
      added.previousTotal !== null
        ? `Added to your cart at the new fare ${formatRupees(added.total)} (it was ${formatRupees(added.previousTotal)})`
        : "Added to your cart";
    return answer({ ok: true, message, intent });
  } catch (error) {
    return refusal(error, { intent });
  }
}
