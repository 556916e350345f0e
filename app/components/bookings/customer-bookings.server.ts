import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { cancelAsCustomer } from "@worker/domain/bookings/respond";
import { customerListQuery } from "@worker/domain/bookings/schemas";
import { listCustomerBookings } from "@worker/domain/bookings/service";
import { todayInIndia } from "@worker/domain/bookings/transitions";
import { type TravelListWhen, listTravelBookings } from "@worker/domain/travel/bookings";
import { z } from "zod";
import { actionInput, pageQuery, signedInAction, signedInData } from "~/lib/session.server";

/**
 * The customer's booking lists (user dashboard, the seller site's dashboard): the same service and query
 * schema as `GET /api/bookings`, and the customer's Cancel, the same service as `PUT /api/bookings/:id/status`.
 */

/** A list page's query: the page's own filter (`fixed`), and from the address only the page number. */
export function customerBookingsQuery(url: URL, fixed: Record<string, string>) {
  const paged = new URL(url.pathname, url.origin);
  const page = url.searchParams.get("page");
  if (page !== null) paged.searchParams.set("page", page);
  return pageQuery(paged, customerListQuery, fixed);
}

/**
 * A list page's loader: the signed-in customer's bookings (any role), with the session check in the same batch. On
 * the main site's dashboard (`travel`) the flights, stays and bus trips the platform sold them too (ADR 0053).
 */
export function customerBookingsLoader({ context }: LoaderFunctionArgs, fixed: Record<string, string>, travel?: TravelListWhen) {
  const query = customerBookingsQuery(context.url, fixed);
  const today = todayInIndia(context.now);
  return signedInData(context, undefined, async (userId) => {
    const [bookings, trips] = await Promise.all([
      listCustomerBookings(context, userId, query, today),
      travel ? listTravelBookings(context, userId, travel, today) : [],
    ]);
    return { bookings, trips };
  });
}

/** Cancel one's own booking (the id the API takes in its path). */
export const cancelIntent = z.object({ intent: z.literal("cancel"), id: z.string().trim().min(1).max(100) });

/** Cancels the signed-in customer's booking before it starts and emails the seller; the toast text. */
export async function cancelOwnBooking(context: AppLoadContext, userId: string, id: string) {
  await cancelAsCustomer(context.db, context.config, userId, id, context.now);
  return "Booking cancelled";
}

/** The action of a page whose only write is the customer's Cancel. */
export function cancelBookingAction({ request, context }: ActionFunctionArgs) {
  return signedInAction(context, undefined, async (user) => {
    const { id } = cancelIntent.parse(await actionInput(request));
    return cancelOwnBooking(context, user.id, id);
  });
}
