import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { hotelRates } from "@worker/domain/travel/hotels/service";
import { formatDate, formatRupees } from "@worker/shared/format";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StayFields, stayQuery } from "~/components/travel/stay-fields";
import { parseStay, refusalAsMessage, stayFromUrl, searchContext } from "~/lib/stays-and-buses.server";
import "~/styles/travel.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.city ? `Hotels in ${data.city} | Tripbazaar` : "Hotels | Tripbazaar" },
  { name: "description", content: "Hotels across India with prices for your dates, meal plans and free cancellation." },
];

const SORTS = { price: "Lowest price", rating: "Guest rating", stars: "Star category" } as const;
type Sort = keyof typeof SORTS;
const POPULAR = ["Goa", "Jaipur", "Udaipur", "Manali", "Munnar", "Rishikesh"];

/** A city and dates give hotels with the lowest rate; filters (stars, breakfast, free cancellation) and sort stay in the address. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const p = url.searchParams;
  const city = (p.get("city") ?? "").trim().slice(0, 60);
  const stay = stayFromUrl(url, context.now);
  const stars = p
    .getAll("stars")
    .map(Number)
    .filter((n) => n >= 1 && n <= 5);
  const breakfast = p.get("breakfast") === "1";
  const freeCancel = p.get("freeCancel") === "1";
  const sort: Sort = (Object.keys(SORTS) as Sort[]).find((s) => s === p.get("sort")) ?? "price";
  const filters = { stars, breakfast, freeCancel, sort };
  if (!city) return { city, stay, filters, hotels: null, nights: 0, error: null };
  const parsed = parseStay({ city, checkIn: stay.checkIn, checkOut: stay.checkOut, rooms: stay.rooms });
  if (!parsed.input) return { city, stay, filters, hotels: null, nights: 0, error: parsed.error };
  const answer = await refusalAsMessage(
    hotelRates(context, context.config, parsed.input, searchContext(context, request), { signed: false }),
  );
  if (!answer.value) return { city, stay, filters, hotels: null, nights: 0, error: answer.error };
  const hotels = answer.value.hotels
    .filter((h) => !stars.length || stars.includes(h.starRating))
    .map((h) => {
      const rates = h.rates.filter((r) => (!breakfast || r.mealPlan !== "EP") && (!freeCancel || r.refundable));
      return { ...h, rates, lowest: rates.length ? Math.min(...rates.map((r) => r.total)) : null, offers: rates.length };
    })
    .filter((h) => h.lowest !== null)
    .map(({ rates: _rates, ...h }) => h)
    .sort((a, b) =>
      sort === "rating"
        ? b.rating.average - a.rating.average
        : sort === "stars"
          ? b.starRating - a.starRating || (a.lowest ?? 0) - (b.lowest ?? 0)
          : (a.lowest ?? 0) - (b.lowest ?? 0),
    );
  return { city, stay, filters, hotels, nights: answer.value.nights, error: null };
}

export default function HotelsSearch() {
  const { city, stay, filters, hotels, nights, error } = useLoaderData<typeof loader>();
  const searching = useNavigation().state === "loading";
  const hotelHref = (id: string) => `/hotel/${encodeURIComponent(id)}?${stayQuery(stay)}`;
  return (
    <main id="main" className="container page">
      <h1>Hotels</h1>
      <Form method="get" className="travel-form" role="search" aria-label="Hotel search">
        <div className="field">
          <label htmlFor="hs-city">City</label>
          <input id="hs-city" name="city" defaultValue={city} placeholder="Goa" required list="hs-cities" autoComplete="off" />
          <datalist id="hs-cities">
            {POPULAR.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </div>
        <StayFields values={stay} idPrefix="hs" />
        <button type="submit" className="btn" disabled={searching}>
          {searching ? "Searching..." : "Search hotels"}
        </button>
      </Form>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      {hotels === null ? (
        error ? null : (
          <p>
            Popular:{" "}
            {POPULAR.map((c, i) => (
              <span key={c}>
                {i ? ", " : ""}
                <Link to={`?city=${encodeURIComponent(c)}&${stayQuery(stay)}`}>{c}</Link>
              </span>
            ))}
          </p>
        )
      ) : (
        <div className="travel-layout">
          <Form method="get" className="travel-filters" aria-label="Filters">
            <input type="hidden" name="city" value={city} />
            {[...stayQuery(stay).entries()].map(([k, v], i) => (
              <input key={`${k}${i}`} type="hidden" name={k} value={v} />
            ))}
            <fieldset>
              <legend>Star category</legend>
              {[5, 4, 3, 2].map((s) => (
                <label key={s} className="check-row">
                  <input type="checkbox" name="stars" value={s} defaultChecked={filters.stars.includes(s)} />
                  {s} star
                </label>
              ))}
            </fieldset>
            <fieldset>
              <legend>Rate</legend>
              <label className="check-row">
                <input type="checkbox" name="breakfast" value="1" defaultChecked={filters.breakfast} />
                Breakfast included
              </label>
              <label className="check-row">
                <input type="checkbox" name="freeCancel" value="1" defaultChecked={filters.freeCancel} />
                Free cancellation
              </label>
            </fieldset>
            <div className="field">
              <label htmlFor="hs-sort">Sort by</label>
              <select id="hs-sort" name="sort" defaultValue={filters.sort}>
                {Object.entries(SORTS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn btn-outline">
              Apply
            </button>
          </Form>
          <section aria-labelledby="hs-results" aria-busy={searching}>
            <h2 id="hs-results" aria-live="polite">
              {searching
                ? "Searching..."
                : `${hotels.length === 1 ? "1 hotel" : `${hotels.length} hotels`} in ${city}, ${formatDate(stay.checkIn)} to ${formatDate(stay.checkOut)}`}
            </h2>
            {hotels.length ? (
              <ul className="result-list">
                {hotels.map((h) => (
                  <li key={h.hotelId} className="card result-card with-image">
                    {h.image ? <img src={h.image} alt="" width={320} height={240} loading="lazy" /> : null}
                    <div className="stack">
                      <h3>
                        <Link to={hotelHref(h.hotelId)}>{h.name}</Link>
                      </h3>
                      <p className="muted">
                        {h.starRating} star · {h.area}, {h.city} · rated {h.rating.average.toFixed(1)} ({h.rating.count})
                      </p>
                      <div className="price-line">
                        <p>
                          <span className="price-big">{formatRupees(h.lowest ?? 0)}</span>{" "}
                          <span className="muted">
                            for {nights} {nights === 1 ? "night" : "nights"}, taxes included
                          </span>
                        </p>
                        <Link className="btn" to={hotelHref(h.hotelId)} aria-label={`See rooms at ${h.name}`}>
                          See rooms
                        </Link>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p>
                No hotels match these dates and filters. Try other dates, fewer filters, or{" "}
                <Link to={`?city=Goa&${stayQuery(stay)}`}>hotels in Goa</Link>.
              </p>
            )}
          </section>
        </div>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
