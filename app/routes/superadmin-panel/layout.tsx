import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { SuperadminShell } from "~/components/dashboard/superadmin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUser, signedInHeaders } from "~/lib/session.server";

export const headers: HeadersFunction = () => signedInHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  return { user: await requireUser(context, "superadmin") };
}

export default function Layout() {
  return (
    <SuperadminShell>
      <Outlet />
    </SuperadminShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
