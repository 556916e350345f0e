import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { type HeaderAccount, MainFrame } from "~/components/main-frame";
import { dashboardOf } from "~/lib/dashboards";

/**
 * The header's account link from the session cookie the edge already verified (no D1 read): a signed-in visitor
 * sees "My account" in the server's HTML. Pages that need a live account check it themselves (requireUser).
 */
export async function loader({ context }: LoaderFunctionArgs): Promise<{ account: HeaderAccount }> {
  const { viewer } = context;
  // Travellers buy trips: their header has the cart too (ADR 0029).
  return { account: viewer ? { to: dashboardOf(viewer.role), label: "My account", cart: viewer.role === "user" } : null };
}

// Signing in or out changes the cookie without changing the address: read it again on every navigation (it is
// free: no D1, and a navigation's data arrives in one request anyway).
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export default function MainLayout() {
  return (
    <MainFrame>
      <Outlet />
    </MainFrame>
  );
}

export function ErrorBoundary() {
  return (
    <MainFrame>
      <GeneralErrorBoundary />
    </MainFrame>
  );
}
