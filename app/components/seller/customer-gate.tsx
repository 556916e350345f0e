import { SiteLink } from "~/components/seller/site-link";
import { useEffect, useState } from "react";
import { type StoredUser, getStoredUser, getToken } from "~/lib/auth-storage";
import { siteHref, useSellerSite } from "~/lib/seller-site";

type Viewer = { state: "checking" } | { state: "prompt" } | { state: "customer"; user: StoredUser };

/**
 * Spec §2/§6: a customer of this site, or nobody. Being signed in is a token in
 * storage (read after hydration); the seller owner (user id = sellerId) counts as nobody.
 */
export function useSiteCustomer(): Viewer {
  const site = useSellerSite();
  const [viewer, setViewer] = useState<Viewer>({ state: "checking" });
  useEffect(() => {
    const user = getStoredUser();
    if (!getToken() || !user || user.id === site.seller.id) setViewer({ state: "prompt" });
    else setViewer({ state: "customer", user });
  }, [site.seller.id]);
  return viewer;
}

/** The login prompt of the customer dashboard and settings. */
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

export function CheckingCustomer() {
  return (
    <main id="main" className="container page">
      <p className="muted" role="status">
        Loading...
      </p>
    </main>
  );
}
