import type { MetaFunction } from "@remix-run/cloudflare";
import { CustomerBookings } from "~/components/bookings/customer-bookings";
import { UserDashboardPage } from "~/components/bookings/user-dashboard-nav";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Completed trips | Tripbazaar" }];

export default function Page() {
  return (
    <UserDashboardPage title="Completed trips">
      <CustomerBookings
        query={{ when: "completed", limit: "10" }}
        heading="Trips you have taken"
        showStats={false}
        paginate
        emptyText="No completed trips yet"
      />
    </UserDashboardPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
