import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CustomerBookings } from "~/components/bookings/customer-bookings";
import { customerBookingsLoader } from "~/components/bookings/customer-bookings.server";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { UserDashboardPage } from "~/components/dashboard/user-dashboard-nav";
import { signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Completed trips | Tripbazaar" }];
export const headers = () => signedInHeaders;

// Trips taken cannot be cancelled: the list shows no Cancel, so this page has no action.
export const loader = (args: LoaderFunctionArgs) => customerBookingsLoader(args, { when: "completed", limit: "10" });

export default function Page() {
  const { bookings } = useLoaderData<typeof loader>();
  return (
    <UserDashboardPage title="Completed trips">
      <CustomerBookings bookings={bookings} heading="Trips you have taken" showStats={false} paginate emptyText="No completed trips yet" />
    </UserDashboardPage>
  );
}

export function ErrorBoundary() {
  return (
    <LoadErrorBoundary>
      <UserDashboardPage title="Completed trips">
        <LoadFailed fallback="Failed to load your bookings" />
      </UserDashboardPage>
    </LoadErrorBoundary>
  );
}
