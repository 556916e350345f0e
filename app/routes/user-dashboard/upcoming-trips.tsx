import type { MetaFunction } from "@remix-run/cloudflare";
import { CustomerBookings } from "~/components/bookings/customer-bookings";
import { UserDashboardPage } from "~/components/bookings/user-dashboard-nav";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Upcoming trips | Tripbazaar" }];

export default function Page() {
  return (
    <UserDashboardPage title="Upcoming trips">
      <CustomerBookings
        query={{ when: "upcoming", limit: "10" }}
        heading="Pending and confirmed trips ahead"
        showStats={false}
        paginate
        emptyText="No upcoming trips"
      />
    </UserDashboardPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
