import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { searchCatalog } from "@worker/domain/catalog/service";
import { CatalogCard } from "~/components/catalog/catalog-card";
import { perPersonNote } from "@worker/domain/bookings/price-terms";
import { readPlatformSettings } from "@worker/domain/platform/settings";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.q ? `Tours for "${data.q}" | Tripbazaar` : "Tour packages | Tripbazaar" },
  { name: "description", content: "Search tour packages from travel agents across India." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = Math.min(1000, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  // The price note's percentages are the platform's settings, read in the same batch.
  const [found, settings] = await Promise.all([searchCatalog(context.db, { q, page }, context.load), readPlatformSettings(context)]);
  return { q, ...found, note: perPersonNote(settings) };
}

export default function ToursSearch() {
  const { q, packages, page, pages, total, note } = useLoaderData<typeof loader>();
  const searching = useNavigation().state === "loading";
  const pageHref = (n: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`;
  return (
    <main id="main" className="container page">
      <h1>Tour packages</h1>
      <Form method="get" className="search-bar" role="search">
        <label htmlFor="tour-q" className="sr-only">
          Destination or package
        </label>
        <input id="tour-q" name="q" className="input" defaultValue={q} placeholder="Where do you want to go?" />
        <button type="submit" className="btn" disabled={searching}>
          {searching ? "Searching..." : "Search"}
        </button>
      </Form>
      <p className="muted" aria-live="polite">
        {total === 1 ? "1 package" : `${total} packages`}
        {q ? ` for "${q}"` : ""}
      </p>
      {packages.length ? (
        <div className="grid-cards">
          {packages.map((p) => (
            <CatalogCard key={p.id} pkg={p} note={note} />
          ))}
        </div>
      ) : (
        <p>
          No packages found for the query. <Link to="/tours/search">See all packages</Link>
        </p>
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label="Pages">
          {page > 1 ? <Link to={pageHref(page - 1)}>Previous</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={pageHref(page + 1)}>Next</Link> : null}
        </nav>
      ) : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
