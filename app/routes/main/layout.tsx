import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { type HeaderAccount, MainFrame } from "~/components/main-frame";
import { dashboardOf } from "~/lib/dashboards";
import { cartCount } from "@worker/domain/payments/cart";

/**
 * The header's account link from the session cookie the edge already verified: a signed-in visitor sees
 * "My account" in the server's HTML. Pages that need a live account check it themselves (requireUser). A
 * traveller's header also counts the cart: one read, in the same batch as the page's own (one round trip).
 */
export async function loader({ context }: LoaderFunctionArgs): Promise<{ account: HeaderAccount }> {
  const { viewer } = context;
  if (!viewer) return { account: null };
  const account = { to: dashboardOf(viewer.role), label: "My account" };
  // Travellers buy trips: their header has the cart too (ADR 0029).
  if (viewer.role !== "user") return { account };
  return { account: { ...account, cart: await cartCount({ db: context.db, load: context.load }, viewer.sub) } };
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
