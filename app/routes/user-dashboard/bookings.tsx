import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CustomerBookings } from "~/components/bookings/customer-bookings";
import { TravelBookingList } from "~/components/travel-bookings/travel-booking-list";
import { cancelBookingAction, customerBookingsLoader } from "~/components/bookings/customer-bookings.server";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { UserDashboardPage } from "~/components/dashboard/user-dashboard-nav";
import { signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "My bookings | Tripbazaar" }];
export const headers = () => signedInHeaders;

export const loader = (args: LoaderFunctionArgs) => customerBookingsLoader(args, { limit: "10" }, "all");
export const action = (args: ActionFunctionArgs) => cancelBookingAction(args);

export default function Page() {
  const { bookings, trips } = useLoaderData<typeof loader>();
  return (
    <UserDashboardPage title="My bookings">
      <CustomerBookings
        bookings={bookings}
        detailHref={(b) => `/booking/${b.bookingId}`}
        heading="All bookings"
        showStats={false}
        paginate
      />
      <TravelBookingList trips={trips} heading="Flights, stays and bus trips" emptyText="No flights, stays or bus trips booked yet" />
    </UserDashboardPage>
  );
}

export function ErrorBoundary() {
  return (
    <LoadErrorBoundary>
      <UserDashboardPage title="My bookings">
        <LoadFailed fallback="Failed to load your bookings" />
      </UserDashboardPage>
    </LoadErrorBoundary>
  );
}
