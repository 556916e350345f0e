import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RequireLogin } from "~/lib/require-login";
import { loginRequiredHeaders, requireLoginAtEdge } from "~/lib/require-login.server";

export const headers: HeadersFunction = () => loginRequiredHeaders;

export function loader({ context }: LoaderFunctionArgs) {
  return requireLoginAtEdge(context);
}

export default function Layout() {
  return (
    <RequireLogin>
      <Outlet />
    </RequireLogin>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
