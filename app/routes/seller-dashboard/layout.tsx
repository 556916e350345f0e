import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { SellerDashboardShell } from "~/components/dashboard/seller-dashboard-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUser, signedInHeaders } from "~/lib/session.server";

export const headers: HeadersFunction = () => signedInHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  return { user: await requireUser(context, "seller") };
}

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
