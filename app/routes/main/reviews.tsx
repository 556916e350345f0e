import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { recentReviews } from "@worker/domain/reviews/read";
import { reviewListQuery } from "@worker/domain/reviews/schemas";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pager } from "~/components/pager";
import { ReviewList } from "~/components/reviews/review-list";

export const meta: MetaFunction = () => [
  { title: "Reviews | Tripbazaar" },
  { name: "description", content: "Reviews of tour packages by travellers who took the trip, newest first." },
];

/** Recent published reviews, filtered by stars and destination from the address (a GET form), 10 a page. */
export async function loader({ context }: LoaderFunctionArgs) {
  const params = context.url.searchParams;
  const parsed = reviewListQuery.safeParse({
    rating: params.get("rating") || undefined,
    destination: params.get("destination") || undefined,
    page: params.get("page") ?? undefined,
  });
  const query = parsed.success ? parsed.data : { page: 1 };
  return { query, ...(await recentReviews(context, query)) };
}

export default function Page() {
  const { query, reviews, destinations, pagination } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "loading";
  const filtered = Boolean(query.rating || query.destination);
  return (
    <main id="main" className="container page stack">
      <h1>Reviews</h1>
      <p className="muted">
        Every review is from a traveller who booked and paid for the trip on Tripbazaar and wrote it within 90 days of coming back. Reviews
        are published as written; we remove one only for a stated reason, never for being negative.
      </p>
      <Form method="get" className="review-filters card" aria-label="Filter reviews">
        <div className="field">
          <label htmlFor="review-rating">Rating</label>
          <select id="review-rating" name="rating" className="input" defaultValue={query.rating ? String(query.rating) : ""}>
            <option value="">Any rating</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? "star" : "stars"}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="review-destination">Destination</label>
          <select id="review-destination" name="destination" className="input" defaultValue={query.destination ?? ""}>
            <option value="">All destinations</option>
            {destinations.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? "Filtering..." : "Show reviews"}
        </button>
        {filtered ? <Link to="/reviews">Clear filters</Link> : null}
      </Form>
      <p className="muted" aria-live="polite">
        {pagination.total === 1 ? "1 review" : `${pagination.total} reviews`}
      </p>
      {reviews.length ? (
        <ReviewList
          reviews={reviews}
          packageOf={(r) => {
            const pkg = reviews.find((x) => x.id === r.id)?.package;
            return pkg ? (
              <Link to={`/tour-package/${encodeURIComponent(pkg.id)}`}>
                {pkg.name}, {pkg.city}
              </Link>
            ) : null;
          }}
        />
      ) : (
        <p className="card">{filtered ? "No reviews match these filters." : "No reviews yet."}</p>
      )}
      {pagination.pages > 1 ? <Pager page={pagination.page} pages={pagination.pages} total={pagination.total} noun="reviews" /> : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
