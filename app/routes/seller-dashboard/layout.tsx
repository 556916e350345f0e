import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { SellerDashboardShell } from "~/components/bookings/seller-dashboard-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RequireLogin } from "~/lib/require-login";
import { loginRequiredHeaders, requireLoginAtEdge } from "~/lib/require-login.server";

export const headers: HeadersFunction = () => loginRequiredHeaders;

export function loader({ context }: LoaderFunctionArgs) {
  return requireLoginAtEdge(context, "seller");
}

export default function Layout() {
  return (
    <RequireLogin>
      <SellerDashboardShell>
        <Outlet />
      </SellerDashboardShell>
    </RequireLogin>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
