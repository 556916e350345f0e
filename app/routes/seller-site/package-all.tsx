import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { SiteLink } from "~/components/seller/site-link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PackageGrid } from "~/components/seller/package-card";
import { sellerMeta, siteFromMatches, siteHref, useSellerSite } from "~/lib/seller-site";
import { loadAllPackages } from "~/lib/seller-site.server";

export const meta: MetaFunction<typeof loader> = ({ matches }) => {
  const site = siteFromMatches(matches);
  return sellerMeta(site, {
    title: "All Packages",
    description: site ? `Browse every tour package offered by ${site.websiteConfig.websiteName}.` : undefined,
    path: "/package/all",
  });
};

export async function loader({ context }: LoaderFunctionArgs) {
  return { packages: await loadAllPackages(context) };
}

export default function AllPackages() {
  const { packages } = useLoaderData<typeof loader>();
  const site = useSellerSite();
  return (
    <main id="main" className="container page stack">
      <h1>All Packages</h1>
      {packages.length ? (
        <PackageGrid packages={packages} headingLevel={2} />
      ) : (
        <div className="card stack">
          <p>No packages are available at the moment. Please check back soon.</p>
          <p>
            <SiteLink to={siteHref(site, "/contact")}>Contact us</SiteLink> for a custom trip.
          </p>
        </div>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
