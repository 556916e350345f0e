import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { customerListQuery } from "@worker/domain/bookings/schemas";
import { listCustomerBookings } from "@worker/domain/bookings/service";
import { todayInIndia } from "@worker/domain/bookings/transitions";
import { splitName } from "~/components/auth/profile-card";
import { CustomerBookingsOverview } from "~/components/bookings/customer-bookings-overview";
import { cancelBookingAction } from "~/components/bookings/customer-bookings.server";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { PageContent } from "~/components/load-state";
import { CustomerPrompt } from "~/components/seller/customer-gate";
import { siteCustomerData } from "~/components/seller/customer-gate.server";
import { SiteLink } from "~/components/seller/site-link";
import { logoutResponse } from "~/components/auth/auth-actions.server";
import { LogoutForm } from "~/components/auth/logout-form";
import { requireSellerTenant } from "~/lib/seller-site.server";
import { sellerMeta, siteFromMatches, siteHref, useSellerSite } from "~/lib/seller-site";
import { actionInput, signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = ({ matches }) =>
  sellerMeta(siteFromMatches(matches), { title: "Customer Dashboard", path: "/dashboard", noindex: true });

export const headers = () => signedInHeaders;

/** The login prompt, or the customer's stats and recent bookings with this seller: one D1 batch with the site and the session check. */
export function loader({ context }: LoaderFunctionArgs) {
  // The seller comes from the resolved site, not from input: it is not put through the query's limits (an address
  // with an over-long id is the layout's 404, not this loader's validation error).
  const recent = { ...customerListQuery.parse({ limit: "5" }), sellerId: requireSellerTenant(context).sellerId };
  return siteCustomerData(context, async (userId) => ({
    bookings: await listCustomerBookings(context, userId, recent, todayInIndia(context.now)),
  }));
}

/** The customer's Cancel, or Logout (spec §2: then the landing). */
export async function action(args: ActionFunctionArgs) {
  const input = await actionInput(args.request.clone() as Request).catch(() => null);
  if (input?.intent === "logout") return logoutResponse(args.context, requireSellerTenant(args.context).basePath || "/");
  return cancelBookingAction(args);
}

/** The customer dashboard shell (spec §2): prompt, or sidebar, welcome line and the bookings overview. */
export default function Page() {
  const loaded = useLoaderData<typeof loader>();
  const site = useSellerSite();
  if (!loaded.customer) return <CustomerPrompt title="Customer Dashboard" />;

  const firstName = splitName(loaded.customer.name).firstName || "there";
  return (
    <div className="container page customer-dash">
      <aside className="card">
        <nav aria-label="Dashboard">
          <ul className="stack" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            <li>
              <SiteLink to={siteHref(site, "/dashboard")} aria-current="page">
                Dashboard
              </SiteLink>
            </li>
            <li>
              <a href="#my-bookings">My Booking</a>
            </li>
            <li>
              <SiteLink to={siteHref(site, "/settings")}>Settings</SiteLink>
            </li>
            <li>
              <LogoutForm label="Logout" />
            </li>
          </ul>
        </nav>
      </aside>
      <main id="main" className="stack">
        {/* "Welcome back" is for a traveller who has been here before: one with trips (issue 24). */}
        {loaded.bookings.data.length > 0 ? (
          <>
            <h1>Welcome back, {firstName}!</h1>
            <p className="muted">Here are your trips with {site.websiteConfig.websiteName}.</p>
          </>
        ) : (
          <>
            <h1>Welcome, {firstName}!</h1>
            <p className="muted">Your trips with {site.websiteConfig.websiteName} will appear here once you book one.</p>
          </>
        )}
        <PageContent>
          <div id="my-bookings">
            <CustomerBookingsOverview
              bookings={loaded.bookings}
              detailHref={(b) => siteHref(site, `/booking/${encodeURIComponent(b.bookingId)}`)}
            />
          </div>
        </PageContent>
        <p>
          <SiteLink className="btn" to={siteHref(site, "/package/all")}>
            Browse Packages
          </SiteLink>
        </p>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <LoadErrorBoundary>
      <main id="main" className="container page">
        <LoadFailed fallback="Failed to load your bookings" />
      </main>
    </LoadErrorBoundary>
  );
}
