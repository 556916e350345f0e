import { Outlet } from "@remix-run/react";
import { SellerDashboardShell } from "~/components/bookings/seller-dashboard-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export default function Layout() {
  return (
    <SellerDashboardShell>
      <Outlet />
    </SellerDashboardShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
