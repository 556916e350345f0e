import type { MetaFunction } from "@remix-run/cloudflare";
import { CustomerBookings } from "~/components/bookings/customer-bookings";
import { UserDashboardPage } from "~/components/bookings/user-dashboard-nav";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "My bookings | Tripbazaar" }];

export default function Page() {
  return (
    <UserDashboardPage title="My bookings">
      <CustomerBookings query={{ limit: "10" }} heading="All bookings" showStats={false} paginate />
    </UserDashboardPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
