import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { busTrip, searchBuses } from "@worker/domain/travel/buses/service";
import { BAND_LABELS, DEPARTURE_BANDS } from "@worker/domain/travel/buses/types";
import { formatDate, formatRupees, formatTime } from "@worker/shared/format";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SeatMap } from "~/components/travel/seat-map";
import { busSearchFromUrl, parseBusSearch, refusalAsMessage, searchContext } from "~/lib/stays-and-buses.server";
import "~/styles/travel.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.form.from && data.form.to ? `Buses ${data.form.from} to ${data.form.to} | Tripbazaar` : "Buses | Tripbazaar" },
  { name: "description", content: "Bus tickets across India: AC and non-AC sleepers and seaters, with seat choice." },
];

const SORTS = { departure: "Departure", price: "Lowest fare", duration: "Shortest" } as const;
const POPULAR: [string, string][] = [
  ["Bengaluru", "Chennai"],
  ["Mumbai", "Pune"],
  ["Delhi", "Jaipur"],
  ["Delhi", "Manali"],
  ["Bengaluru", "Goa"],
];

/** Trips of a route and date with filters and sort in the address; `trip` also opens that trip's seat map (same D1 batch). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const form = busSearchFromUrl(url, context.now);
  if (!form.from && !form.to) return { form, result: null, chosen: null, error: null };
  const parsed = parseBusSearch(form);
  if (!parsed.input) return { form, result: null, chosen: null, error: parsed.error };
  const ctx = searchContext(context, request);
  const [result, chosen] = await Promise.all([
    refusalAsMessage(searchBuses(context, context.config, parsed.input, ctx)),
    form.trip ? refusalAsMessage(busTrip(context, context.config, { serviceId: form.trip, date: parsed.input.date }, ctx)) : null,
  ]);
  const found = result.value && { ...result.value, trips: result.value.trips.map(rowOf) };
  return { form, result: found, chosen: chosen?.value ?? null, error: result.error ?? chosen?.error ?? null };
}

type Trip = Awaited<ReturnType<typeof searchBuses>>["trips"][number];
const stops = (points: Trip["boardingPoints"]) => points.map((p) => `${p.name} ${formatTime(p.time)} (${p.landmark})`).join("; ");

/**
 * A result as the page shows it. The page's hand-off to the browser carries these and not the supplier's whole trips
 * (offer ids, amenities, cancellation rules, the points' ids and instants): the chosen trip's seat map reads its own.
 */
function rowOf(t: Trip) {
  return {
    serviceId: t.serviceId,
    operator: t.operator.name,
    about: `${t.busType.label} · rated ${t.operator.rating.toFixed(1)}`,
    phone: t.operator.phone,
    departs: formatTime(t.departureAt),
    arrives: formatTime(t.arrivalAt),
    durationMin: t.durationMin,
    boarding: stops(t.boardingPoints),
    dropping: stops(t.droppingPoints),
    farePerSeat: t.farePerSeat,
    seatsLeft: t.seatsLeft,
  };
}

const hours = (min: number) => `${Math.floor(min / 60)}h ${String(min % 60).padStart(2, "0")}m`;

export default function BusesSearch() {
  const { form, result, chosen, error } = useLoaderData<typeof loader>();
  const searching = useNavigation().state === "loading";
  const base = new URLSearchParams({ from: form.from, to: form.to, date: form.date, passengers: String(form.passengers) });
  const kept = new URLSearchParams(base);
  for (const t of form.type) kept.append("type", t);
  for (const s of form.seat) kept.append("seat", s);
  for (const t of form.time) kept.append("time", t);
  if (form.maxPrice) kept.set("maxPrice", form.maxPrice);
  kept.set("sort", form.sort);
  const tripHref = (serviceId: string) => `?${kept}&trip=${encodeURIComponent(serviceId)}#seats`;
  const facets = result?.facets;
  const facetNote = (f?: { count: number; minFare: number | null }) =>
    f ? ` (${f.count}${f.minFare !== null ? `, from ${formatRupees(f.minFare)}` : ""})` : "";
  return (
    <main id="main" className="container page">
      <h1>Buses</h1>
      <Form method="get" className="travel-form" role="search" aria-label="Bus search">
        <div className="field">
          <label htmlFor="bs-from">From</label>
          <input id="bs-from" name="from" defaultValue={form.from} placeholder="Bengaluru" required autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="bs-to">To</label>
          <input id="bs-to" name="to" defaultValue={form.to} placeholder="Chennai" required autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="bs-date">Date</label>
          <input id="bs-date" name="date" type="date" defaultValue={form.date} required />
        </div>
        <div className="field">
          <label htmlFor="bs-pax">Passengers</label>
          <select id="bs-pax" name="passengers" defaultValue={String(Math.min(6, Math.max(1, form.passengers)))}>
            {[1, 2, 3, 4, 5, 6].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn" disabled={searching}>
          {searching ? "Searching..." : "Search buses"}
        </button>
      </Form>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      {result === null ? (
        error ? null : (
          <p>
            Popular routes:{" "}
            {POPULAR.map(([from, to], i) => (
              <span key={`${from}-${to}`}>
                {i ? ", " : ""}
                <Link to={`?${new URLSearchParams({ from, to, date: form.date, passengers: "1" })}`}>
                  {from} to {to}
                </Link>
              </span>
            ))}
          </p>
        )
      ) : (
        <div className="travel-layout">
          <Form method="get" className="travel-filters" aria-label="Filters">
            {[...base.entries()].map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            <fieldset>
              <legend>Bus type</legend>
              <label className="check-row">
                <input type="checkbox" name="type" value="ac" defaultChecked={form.type.includes("ac")} />
                AC{facetNote(facets?.busTypes.ac)}
              </label>
              <label className="check-row">
                <input type="checkbox" name="type" value="non_ac" defaultChecked={form.type.includes("non_ac")} />
                Non-AC{facetNote(facets?.busTypes.non_ac)}
              </label>
            </fieldset>
            <fieldset>
              <legend>Seat type</legend>
              <label className="check-row">
                <input type="checkbox" name="seat" value="sleeper" defaultChecked={form.seat.includes("sleeper")} />
                Sleeper{facetNote(facets?.seatTypes.sleeper)}
              </label>
              <label className="check-row">
                <input type="checkbox" name="seat" value="seater" defaultChecked={form.seat.includes("seater")} />
                Seater{facetNote(facets?.seatTypes.seater)}
              </label>
            </fieldset>
            <fieldset>
              <legend>Departure</legend>
              {DEPARTURE_BANDS.map((b) => (
                <label key={b} className="check-row">
                  <input type="checkbox" name="time" value={b} defaultChecked={form.time.includes(b)} />
                  {BAND_LABELS[b]}
                  {facetNote(facets?.departure[b])}
                </label>
              ))}
            </fieldset>
            <div className="field">
              <label htmlFor="bs-max">Maximum fare (₹)</label>
              <input id="bs-max" name="maxPrice" type="number" inputMode="numeric" min={1} defaultValue={form.maxPrice} />
            </div>
            <div className="field">
              <label htmlFor="bs-sort">Sort by</label>
              <select id="bs-sort" name="sort" defaultValue={form.sort}>
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
          <section aria-labelledby="bs-results" aria-busy={searching} className="stack">
            <h2 id="bs-results" aria-live="polite">
              {searching
                ? "Searching..."
                : `${result.trips.length === 1 ? "1 bus" : `${result.trips.length} buses`} from ${result.origin} to ${result.destination} on ${formatDate(result.date)}`}
            </h2>
            {chosen ? <SeatChoice chosen={chosen} passengers={result.passengers} /> : null}
            {result.trips.length ? (
              <ul className="result-list">
                {result.trips.map((t) => (
                  <li key={t.serviceId} className="card result-card">
                    <h3>{t.operator}</h3>
                    <p className="muted">{t.about}</p>
                    <p className="trip-times">
                      <span>{t.departs}</span>
                      <span aria-hidden="true">→</span>
                      <span>{t.arrives}</span>
                      <span className="muted">{hours(t.durationMin)}</span>
                    </p>
                    <details>
                      <summary>Boarding and dropping points</summary>
                      <p>
                        <strong>Boarding:</strong> {t.boarding}
                      </p>
                      <p>
                        <strong>Dropping:</strong> {t.dropping}
                      </p>
                      <p className="muted">Reach the boarding point 15 minutes early. Operator: {t.phone}</p>
                    </details>
                    <div className="price-line">
                      <p>
                        <span className="price-big">{formatRupees(t.farePerSeat)}</span>{" "}
                        <span className="muted">a seat · {t.seatsLeft} seats left</span>
                      </p>
                      <Link className="btn" to={tripHref(t.serviceId)} aria-label={`Choose seats on ${t.operator} at ${t.departs}`}>
                        Choose seats
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p>
                No buses match. Try another date, fewer filters, or <Link to={`?${base}`}>all buses on this route</Link>.
              </p>
            )}
          </section>
        </div>
      )}
    </main>
  );
}

type Chosen = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["chosen"]>;

/** The chosen trip's seats and one traveller per seat, posted to the cart (intent=add-offer). */
function SeatChoice({ chosen, passengers }: { chosen: Chosen; passengers: number }) {
  const { trip, seats, offerId } = chosen;
  return (
    <section id="seats" aria-labelledby="seats-title" className="card stack">
      <h3 id="seats-title">
        {trip.operator.name}, {formatTime(trip.departureAt)}: choose {passengers === 1 ? "1 seat" : `${passengers} seats`}
      </h3>
      <p className="muted">
        {trip.busType.label} · {formatRupees(trip.farePerSeat)} a seat{trip.gstRate ? `, GST ${trip.gstRate}% included` : ""} · choose where
        you board and get off below
      </p>
      <Form method="post" action="/cart" className="stack">
        <input type="hidden" name="intent" value="add-offer" />
        <input type="hidden" name="offerId" value={offerId} />
        <SeatMap seats={seats} fare={trip.farePerSeat} />
        <fieldset className="traveller-row">
          <legend>Where you board and get off</legend>
          <div className="field">
            <label htmlFor="bs-boarding">Boarding point</label>
            <select id="bs-boarding" name="boarding" defaultValue={trip.boardingPoints[0]?.id} required>
              {trip.boardingPoints.map((p) => (
                <option key={p.id} value={p.id}>
                  {formatTime(p.time)} · {p.name} ({p.landmark})
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="bs-dropping">Dropping point</label>
            <select id="bs-dropping" name="dropping" defaultValue={trip.droppingPoints.at(-1)?.id} required>
              {trip.droppingPoints.map((p) => (
                <option key={p.id} value={p.id}>
                  {formatTime(p.time)} · {p.name} ({p.landmark})
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        {Array.from({ length: passengers }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one fixed row per passenger
          <fieldset key={i} className="traveller-row">
            <legend>Traveller {i + 1}</legend>
            <div className="field">
              <label htmlFor={`tr-${i}-name`}>Full name</label>
              <input id={`tr-${i}-name`} name={`travellers[${i}].name`} required autoComplete={i === 0 ? "name" : "off"} maxLength={80} />
            </div>
            <div className="field">
              <label htmlFor={`tr-${i}-age`}>Age</label>
              <input id={`tr-${i}-age`} name={`travellers[${i}].age`} type="number" inputMode="numeric" min={1} max={120} required />
            </div>
            <div className="field">
              <label htmlFor={`tr-${i}-gender`}>Gender</label>
              <select id={`tr-${i}-gender`} name={`travellers[${i}].gender`} required defaultValue="">
                <option value="" disabled>
                  Choose
                </option>
                <option value="female">Female</option>
                <option value="male">Male</option>
                <option value="other">Other</option>
              </select>
            </div>
          </fieldset>
        ))}
        <button type="submit" className="btn">
          Add to cart
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
