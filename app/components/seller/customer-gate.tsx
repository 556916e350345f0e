import { SiteLink } from "~/components/seller/site-link";
import { siteHref, useSellerSite } from "~/lib/seller-site";

/**
 * The login prompt of the customer dashboard and settings (spec §2): shown, from the server, to a
 * visitor who is not signed in and to the seller owner (see customer-gate.server.ts).
 */
export function CustomerPrompt({ title }: { title: string }) {
  const site = useSellerSite();
  return (
    <main id="main" className="container page">
      <div className="card stack" style={{ maxWidth: "48rem", marginInline: "auto", textAlign: "center" }}>
        <h1>{title}</h1>
        <p className="muted">Please log in to access your bookings and settings</p>
        <div className="row" style={{ justifyContent: "center" }}>
          <SiteLink className="btn" to={siteHref(site, "/login")}>
            Customer Login
          </SiteLink>
          <SiteLink className="btn btn-outline" to={siteHref(site, "/signup")}>
            Don't have an account? Sign up
          </SiteLink>
        </div>
        <p>
          <SiteLink to={siteHref(site, "/")}>Back to Website</SiteLink>
        </p>
      </div>
    </main>
  );
}
