import { type ActionFunctionArgs, data } from "@remix-run/cloudflare";
import { clientIp } from "@worker/client-ip";
import { clientBucket } from "@worker/shared/client-address";
import { LIMITS, enforce } from "@worker/domain/auth/rate-limit";
import { notFound } from "@worker/domain/errors";
import { contactMessageBody } from "@worker/domain/messages/schemas";
import { receiveMessage } from "@worker/domain/messages/service";
import { stringFields } from "~/components/bookings/trip-fields";
import { requireSellerTenant } from "~/lib/seller-site.server";
import { actionInput, refusal, signedInHeaders } from "~/lib/session.server";
import { type ContactAnswer, THANKS } from "./message-form";

/**
 * The contact form of a seller's site (its contact and about pages): the same schema, limits and service as
 * `POST /api/seller-website/seller/:sellerId/website/messages`. The seller is this site's, never the form's.
 */
export async function contactAction({ request, context }: ActionFunctionArgs) {
  const { sellerId } = requireSellerTenant(context);
  const { intent: _intent, ...values } = stringFields(await actionInput(request).catch(() => ({})));
  try {
    const body = contactMessageBody.parse(values);
    await enforce(context.db, [
      [LIMITS.contactIp, `${clientBucket(clientIp(request))}:${sellerId}`],
      [LIMITS.contactSeller, sellerId],
    ]);
    if (!(await receiveMessage(context.db, context.config, sellerId, body))) throw notFound("Seller not found");
    return data<ContactAnswer>({ ok: true, message: THANKS }, { headers: signedInHeaders });
  } catch (error) {
    return refusal(error, { values });
  }
}
