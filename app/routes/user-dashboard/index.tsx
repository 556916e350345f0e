import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { CustomerBookings } from "~/components/bookings/customer-bookings";
import { UserDashboardPage } from "~/components/bookings/user-dashboard-nav";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SellerApplicationCard } from "~/components/seller-requests/apply-card";

export const meta: MetaFunction = () => [{ title: "My dashboard | Tripbazaar" }];

export default function Page() {
  return (
    <UserDashboardPage title="My dashboard">
      <CustomerBookings detailHref={(b) => `/booking/${b._id}`} query={{ limit: "5" }} heading="Recent Bookings" />
      <p>
        <Link to="/user-dashboard/bookings">See all my bookings</Link>
      </p>
      <SellerApplicationCard />
    </UserDashboardPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
