import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CustomerBookings } from "~/components/bookings/customer-bookings";
import { TravelBookingList } from "~/components/travel-bookings/travel-booking-list";
import { cancelBookingAction, customerBookingsLoader } from "~/components/bookings/customer-bookings.server";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { UserDashboardPage } from "~/components/dashboard/user-dashboard-nav";
import { signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Upcoming trips | Tripbazaar" }];
export const headers = () => signedInHeaders;

export const loader = (args: LoaderFunctionArgs) => customerBookingsLoader(args, { when: "upcoming", limit: "10" }, "upcoming");
export const action = (args: ActionFunctionArgs) => cancelBookingAction(args);

export default function Page() {
  const { bookings, trips } = useLoaderData<typeof loader>();
  return (
    <UserDashboardPage title="Upcoming trips">
      <CustomerBookings
        bookings={bookings}
        heading="Pending and confirmed trips ahead"
        showStats={false}
        paginate
        emptyText="No upcoming trips"
      />
      <TravelBookingList trips={trips} heading="Flights, stays and bus trips ahead" emptyText="No upcoming flights, stays or bus trips" />
    </UserDashboardPage>
  );
}

export function ErrorBoundary() {
  return (
    <LoadErrorBoundary>
      <UserDashboardPage title="Upcoming trips">
        <LoadFailed fallback="Failed to load your bookings" />
      </UserDashboardPage>
    </LoadErrorBoundary>
  );
}
