import { useNavigate } from "@remix-run/react";
import { SiteLink } from "~/components/seller/site-link";
import { CustomerBookingsOverview } from "~/components/bookings/customer-bookings-overview";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { splitName } from "~/components/auth/profile-card";
import { CheckingCustomer, CustomerPrompt, useSiteCustomer } from "~/components/seller/customer-gate";
import { logout } from "~/lib/api";
import { siteHref, useSellerSite } from "~/lib/seller-site";

/** The customer dashboard shell (spec §2): prompt, or sidebar, welcome line and the bookings overview. */
export default function Page() {
  const site = useSellerSite();
  const viewer = useSiteCustomer();
  const navigate = useNavigate();
  if (viewer.state === "checking") return <CheckingCustomer />;
  if (viewer.state === "prompt") return <CustomerPrompt title="Customer Dashboard" />;

  async function signOut() {
    if (!window.confirm("Are you sure you want to log out?")) return;
    await logout();
    navigate(siteHref(site, "/"), { replace: true });
  }

  const firstName = splitName(viewer.user.name ?? "").firstName || "there";
  return (
    <div className="container page row" style={{ alignItems: "start", gap: "3.2rem" }}>
      <aside className="card" style={{ flex: "0 0 22rem" }}>
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
              <button type="button" className="btn btn-outline" onClick={signOut}>
                Logout
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <main id="main" className="stack" style={{ flex: "1 1 40rem" }}>
        <h1>Welcome back, {firstName}!</h1>
        <p className="muted">Here are your trips with {site.websiteConfig.websiteName}.</p>
        <div id="my-bookings">
          <CustomerBookingsOverview sellerId={site.seller.id} />
        </div>
        <p>
          <SiteLink className="btn" to={siteHref(site, "/")}>
            Browse Packages
          </SiteLink>
        </p>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
