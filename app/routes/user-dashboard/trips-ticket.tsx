import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readTravelBooking } from "@worker/domain/travel/bookings";
import { TRAVEL_BOOKING_NOT_FOUND } from "@worker/domain/travel/cancel";
import { ticketFileOf, travelVoucherOf } from "@worker/domain/travel/voucher";
import { notFound } from "@worker/domain/errors";
import { downloadRefusal, voucherResponse } from "~/components/voucher/voucher.server";
import { signedInData } from "~/lib/session.server";

/**
 * A flight's e-ticket, a stay's hotel voucher or a bus ticket (issue 27) as a PDF, by the package voucher's renderer
 * (ADR 0046). SECURITY: only the traveller who booked; anyone else gets 404 as for a booking that does not exist, a
 * guest the login. The session check and the booking's read share one D1 round trip.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  try {
    const { trip } = await signedInData(context, undefined, async (userId) => ({
      trip: await readTravelBooking(context, userId, params.ref ?? "", context.now),
    }));
    if (!trip) throw notFound(TRAVEL_BOOKING_NOT_FOUND);
    return await voucherResponse(context, travelVoucherOf(trip), "attachment", ticketFileOf(trip));
  } catch (error) {
    throw downloadRefusal(error);
  }
}
