import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { bookingVisibleTo, findBooking } from "@worker/domain/bookings/service";
import { todayInIndia } from "@worker/domain/bookings/transitions";
import { BookingDetail } from "~/components/bookings/booking-detail";
import { bookingMoney } from "@worker/domain/payments/views";
import { cancelIntent, cancelOwnBooking } from "~/components/bookings/customer-bookings.server";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { CancelBookingForm } from "~/components/bookings/cancel-booking";
import { isCancellable } from "~/components/bookings/types";
import { PageContent } from "~/components/load-state";
import { VoucherLink } from "~/components/voucher/voucher-link";
import type { ActionResult } from "~/lib/action-result";
import { actionInput, pageError, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";
import { useActionToast } from "~/lib/use-action-toast";

export const meta: MetaFunction = () => [{ title: "Booking | Tripbazaar" }];
export const headers = () => signedInHeaders;

/**
 * The booking and the session check in one batch; who may see it (its customer, its seller, a superadmin)
 * is decided with the account's role from that same check, as `GET /api/bookings/:id` decides it.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const { user, booking, money } = await signedInData(context, undefined, async () => {
    const [booking, money] = await Promise.all([findBooking(context, id), bookingMoney(context, id, null)]);
    return { booking, money };
  });
  try {
    const visible = bookingVisibleTo(booking, user);
    // Only the customer who booked may cancel; the seller and a superadmin only read. The money read is
    // unscoped (a superadmin may look), so it is shown only once the booking itself may be.
    return { booking: visible, ownBooking: visible.userId._id === user.id, money, today: todayInIndia(context.now) };
  } catch (error) {
    throw pageError(error);
  }
}

/** The owner cancels this booking: `PUT /api/bookings/:id/status` with `cancelled`. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return signedInAction(context, undefined, async (user) => {
    cancelIntent.pick({ intent: true }).parse(await actionInput(request));
    return cancelOwnBooking(context, user.id, params.id ?? "");
  });
}

function BookingPage({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="container page dash-main">
      <p>
        <Link to="/user-dashboard/bookings">← My bookings</Link>
      </p>
      {children}
    </main>
  );
}

/** A customer's own booking (the seller and a superadmin may read it too); the owner can cancel it. */
export default function Page() {
  const { booking, ownBooking, money, today } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher, "Failed to cancel booking");

  return (
    <BookingPage>
      <PageContent label="Loading booking details...">
        <BookingDetail
          booking={booking}
          money={money}
          actions={
            <>
              {ownBooking && booking.status === "confirmed" ? <VoucherLink href={`/booking/${booking.bookingId}/voucher.pdf`} /> : null}
              {ownBooking && isCancellable(booking, today) ? (
                <CancelBookingForm booking={booking} today={today} fetcher={fetcher}>
                  Cancel booking
                </CancelBookingForm>
              ) : null}
            </>
          }
        />
      </PageContent>
    </BookingPage>
  );
}

/** Spec §8: the server's message ("Booking not found", "You do not have permission…") or the fallback, with Try Again. */
export function ErrorBoundary() {
  return (
    <LoadErrorBoundary also={[403, 404]}>
      <BookingPage>
        <LoadFailed fallback="Failed to fetch booking details" />
      </BookingPage>
    </LoadErrorBoundary>
  );
}
