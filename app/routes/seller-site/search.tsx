import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { SiteLink } from "~/components/seller/site-link";
import { GeneralErrorBoundary, messageOf } from "~/components/error-boundary";
import { PackageGrid } from "~/components/seller/package-card";
import { searchHref, sellerMeta, siteFromMatches, siteHref, useSellerSite } from "~/lib/seller-site";
import { loadSearch, requireSellerTenant } from "~/lib/seller-site.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) => {
  const destination = data?.search.destination;
  return sellerMeta(siteFromMatches(matches), {
    title: destination ? `Packages for "${destination}"` : "Search packages",
    path: `/searchpackages/${encodeURIComponent(params.query ?? "all-packages")}`,
    noindex: true,
  });
};

export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // The hero form without JS submits ?destination=...: turn it into the clean address.
  if (url.searchParams.has("destination")) {
    const tenant = requireSellerTenant(context);
    const get = (k: string) => url.searchParams.get(k) ?? "";
    throw redirect(searchHref(tenant, { destination: get("destination"), checkIn: get("checkIn"), duration: get("duration") }));
  }
  return loadSearch(context, params.query ?? "all-packages");
}

function SearchBox({ initial }: { initial: string }) {
  const site = useSellerSite();
  const navigate = useNavigate();
  return (
    <search>
      <form
        className="hero-search search-inline"
        onSubmit={(e) => {
          e.preventDefault();
          navigate(searchHref(site, { destination: String(new FormData(e.currentTarget).get("destination") ?? "") }));
        }}
      >
        <label htmlFor="search-destination" className="sr-only">
          Search packages
        </label>
        <input
          key={initial}
          id="search-destination"
          name="destination"
          className="input"
          defaultValue={initial}
          placeholder="Search by destination, city or keyword"
        />
        <button type="submit" className="btn">
          Search
        </button>
      </form>
    </search>
  );
}

export default function SearchRoute() {
  const { search, packages } = useLoaderData<typeof loader>();
  const site = useSellerSite();
  const label = search.destination || "all packages";
  return (
    <main id="main" className="container page stack">
      <h1>Search Results</h1>
      <SearchBox initial={search.destination} />
      <p className="muted" aria-live="polite">
        {packages.length} {packages.length === 1 ? "package" : "packages"} found for “{label}”
        {search.duration ? ` · ${search.duration} days` : ""}
      </p>
      {packages.length ? (
        <PackageGrid packages={packages} headingLevel={2} />
      ) : (
        <div className="card stack">
          <p>No packages found for the query “{label}”.</p>
          <p>
            <SiteLink to={siteHref(site, "/package/all")}>View all packages</SiteLink>
          </p>
        </div>
      )}
    </main>
  );
}

/** A search address the page cannot read (a hand-edited duration): the reason, a new search and the way to all packages. */
function InvalidSearch({ message }: { message: string }) {
  const site = useSellerSite();
  return (
    <main id="main" className="container page stack">
      <h1>Search Results</h1>
      <SearchBox initial="" />
      <div className="card stack" role="alert">
        <p>{message}</p>
        <p>
          <SiteLink to={siteHref(site, "/package/all")}>View all packages</SiteLink>
        </p>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 400: (error) => <InvalidSearch message={messageOf(error.data, "This search could not be read")} /> }}
    />
  );
}
