import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { UserDashboardShell } from "~/components/dashboard/user-dashboard-nav";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUser, signedInHeaders } from "~/lib/session.server";

export const headers: HeadersFunction = () => signedInHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  return { user: await requireUser(context) };
}

export default function Layout() {
  return (
    <UserDashboardShell>
      <Outlet />
    </UserDashboardShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
