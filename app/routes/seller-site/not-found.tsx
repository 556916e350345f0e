import { type MetaFunction, data } from "@remix-run/cloudflare";
import { SiteLink } from "~/components/seller/site-link";
import { sellerMeta, siteFromMatches, siteHref, useSellerSite } from "~/lib/seller-site";

/** An address under a seller site by path that is none of its pages: a 404 inside the site's own frame. */
export async function loader() {
  throw data({ message: "Page not found" }, { status: 404 });
}

export const meta: MetaFunction = ({ matches }) =>
  sellerMeta(siteFromMatches(matches), { title: "Page not found", path: "/", noindex: true });

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  const site = useSellerSite();
  return (
    <main className="container page" id="main">
      <div className="card stack" role="alert">
        <h1>Page not found</h1>
        <p className="muted">This page is not part of {site.websiteConfig.websiteName}'s website.</p>
        <p>
          <SiteLink to={siteHref(site, "/")}>Go to the home page</SiteLink>
        </p>
      </div>
    </main>
  );
}
