import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { readTravelBooking } from "@worker/domain/travel/bookings";
import { TRAVEL_BOOKING_NOT_FOUND, cancelTravelBooking } from "@worker/domain/travel/cancel";
import { formatRupees } from "@worker/shared/format";
import { z } from "zod";
import { actionInput, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";

/**
 * A travel booking's page (issue 27, ADR 0053): the booking and the session check in one D1 round trip.
 * SECURITY: scoped by the signed-in traveller; anyone else's booking answers 404, as one that does not exist.
 */
export async function tripLoader({ context, params }: LoaderFunctionArgs) {
  const { trip } = await signedInData(context, undefined, async (userId) => ({
    trip: await readTravelBooking(context, userId, params.ref ?? "", context.now),
  }));
  if (!trip) throw data({ message: TRAVEL_BOOKING_NOT_FOUND }, { status: 404, headers: signedInHeaders });
  return { trip };
}

const cancelTrip = z.object({ intent: z.literal("cancel-trip") });

/**
 * Cancel by the fare's rules: the same service as `POST /api/travel-bookings/:id/cancel`. The refund is made by the
 * FOLLOW_UPS queue (ADR 0039), so the answer says it is on its way unless the queue was quicker.
 */
export function cancelTripAction({ request, context, params }: ActionFunctionArgs) {
  return signedInAction(context, undefined, async (user) => {
    cancelTrip.parse(await actionInput(request));
    const trip = await readTravelBooking(context, user.id, params.ref ?? "", context.now);
    const done = await cancelTravelBooking(context.db, context.config, user.id, trip?.id ?? "", context.now);
    if (!done.refund) return "Booking cancelled. Under the fare's rules no refund is due.";
    const state = done.refund.status === "processed" ? "has been refunded" : "is being refunded";
    return `Booking cancelled. ${formatRupees(done.refund.amount)} ${state} to the account you paid with.`;
  });
}
