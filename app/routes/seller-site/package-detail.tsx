import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { SiteLink } from "~/components/seller/site-link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PackageDetail } from "~/components/seller/package-detail";
import { sellerMeta, siteFromMatches, siteHref, useSellerSite } from "~/lib/seller-site";
import { loadPackage } from "~/lib/seller-site.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const site = siteFromMatches(matches);
  if (!data) return sellerMeta(site, { title: "Package not found", path: "/package/all", noindex: true });
  const pkg = data.package;
  return sellerMeta(site, {
    title: pkg.name,
    description: pkg.description,
    path: `/package/${encodeURIComponent(pkg.id)}`,
    image: pkg.images[0] ?? null,
  });
};

export async function loader({ context, params }: LoaderFunctionArgs) {
  return { package: await loadPackage(context, params.packageId ?? "") };
}

export default function PackageRoute() {
  const { package: pkg } = useLoaderData<typeof loader>();
  return <PackageDetail pkg={pkg} />;
}

function PackageNotFound() {
  const site = useSellerSite();
  return (
    <main id="main" className="container page">
      <div className="card stack" role="alert">
        <h1>Package not found</h1>
        <p className="muted">This package does not exist or is no longer available.</p>
        <p>
          <SiteLink to={siteHref(site, "/package/all")}>View all packages</SiteLink>
        </p>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <PackageNotFound /> }} />;
}
