import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { SiteLink } from "~/components/seller/site-link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PackageDetail } from "~/components/seller/package-detail";
import { sellerMeta, siteFromMatches, siteHref, useSellerSite } from "~/lib/seller-site";
import { shopOf, tripAction, tripFormData } from "~/components/bookings/trip-actions.server";
import { stringFields } from "~/components/bookings/trip-fields";
import { loadPackage } from "~/lib/seller-site.server";
import { packageDepartures } from "@worker/domain/departures/read";
import { packageChoices } from "@worker/domain/catalogue/choices";
import { actionInput } from "~/lib/session.server";
import { packageReviews } from "@worker/domain/reviews/read";
import { reviewsPageOf } from "@worker/domain/reviews/schemas";

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

/**
 * The package, read in the site's batch; at `?book=1` also the Book Now form's data (the visitor's name, or
 * this site's sign-in with the way back: the same D1 batch).
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const packageId = params.packageId ?? "";
  const [pkg, form, departures, choices, reviews] = await Promise.all([
    loadPackage(context, packageId),
    tripFormData(context, packageId),
    packageDepartures(context, packageId, context.now),
    packageChoices(context.db, packageId, context.load),
    packageReviews(context, packageId, reviewsPageOf(context.url)),
  ]);
  return { package: { ...pkg, departures, choices }, form, reviews, pageUrl: `${context.url.origin}${context.url.pathname}` };
}

/** Book Now: a checkout of this package on this site (and, without scripts, the test provider's Pay). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const fields = stringFields(await actionInput(request).catch(() => ({})));
  return tripAction(context, shopOf(context), fields, params.packageId ?? "");
}

export default function PackageRoute() {
  const { package: pkg, form, reviews, pageUrl } = useLoaderData<typeof loader>();
  return <PackageDetail pkg={pkg} form={form} reviews={reviews} pageUrl={pageUrl} />;
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
