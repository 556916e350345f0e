import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { searchContext } from "~/lib/stays-and-buses.server";
import { todayInIndia } from "@worker/domain/bookings/transitions";
import { DomainError } from "@worker/domain/errors";
import { AIRPORTS } from "@worker/domain/travel/flights/reference-data";
import { SEARCH_ID_HEADER, SUPPLIER_DELAY_HEADER, namedSearchSignal } from "@worker/domain/travel/flights/named-searches";
import { type SignedFlightOffer, flightSearchSchema, searchFlights } from "@worker/domain/travel/flights/search";
import { TIME_BANDS, TIME_BAND_LABELS } from "@worker/domain/travel/flights/time-bands";
import { formatRupees } from "@worker/shared/format";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { flightParamsOf, searchBodyOf } from "~/components/travel/flight-query";
import "~/components/travel/travel.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.params.from && data.params.to ? `Flights ${data.params.from} → ${data.params.to} | Tripbazaar` : "Flights | Tripbazaar" },
  { name: "description", content: "Search flights across India: IndiGo, Air India, Air India Express, Akasa Air and SpiceJet." },
];

/**
 * The search runs in the loader with the request's signal: a newer search (Remix aborts the previous navigation's
 * fetch) stops the supplier's work for the older one (issue 27). Filters and sort live in the address.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const params = flightParamsOf(url);
  const airports = AIRPORTS.map(([code, , city]) => ({ code, city }));
  const today = todayInIndia(context.now);
  if (!params.from || !params.to || !params.date) return { params, airports, today, result: null, error: null };
  const parsed = flightSearchSchema.safeParse(searchBodyOf(params));
  if (!parsed.success) return { params, airports, today, result: null, error: parsed.error.issues[0]?.message ?? "Check the search" };
  // Development and tests only, as on POST /api/flights/search: a slower supplier, and a name to abort the search by.
  const dev = context.config.ENVIRONMENT !== "production";
  const devDelayMs = dev ? Number(request.headers.get(SUPPLIER_DELAY_HEADER) ?? url.searchParams.get("_delay") ?? 0) || 0 : 0;
  const searchId = dev ? request.headers.get(SEARCH_ID_HEADER) : null;
  const named = searchId ? namedSearchSignal(searchId, request.signal) : null;
  try {
    const signal = named?.signal ?? request.signal;
    const { facets, count, total, offers } = await searchFlights(context, context.config, parsed.data, {
      ...searchContext(context, request),
      signal,
      devDelayMs,
    });
    return { params, airports, today, result: { facets, count, total, offers: offers.map(rowOf) }, error: null };
  } catch (error) {
    if (error instanceof DomainError) return { params, airports, today, result: null, error: error.message };
    throw error;
  } finally {
    named?.forget();
  }
}

const time = (at: string) => at.slice(11, 16);
const stopsLabel = (n: number) => (n === 0 ? "Non-stop" : n === 1 ? "1 stop" : `${n} stops`);

/**
 * A result row as the page shows it. The page's hand-off to the browser carries these and not the supplier's whole
 * offers (fare parts by passenger, aircraft, cities, the return's segments): about half the bytes of a search's
 * document, on the phones most travellers search from.
 */
function rowOf(offer: SignedFlightOffer) {
  const [out, back] = offer.slices;
  const first = out.segments[0];
  const last = out.segments[out.segments.length - 1];
  return {
    id: offer.id,
    carrier: first.carrierName,
    flights: out.segments.map((s) => s.flightNumber).join(" + "),
    departs: time(first.departure.at),
    from: `${first.departure.airport} T${first.departure.terminal}`,
    arrives: time(last.arrival.at),
    to: `${last.arrival.airport} T${last.arrival.terminal}`,
    duration: out.duration,
    stops: out.stops,
    back: back
      ? `Return ${time(back.segments[0].departure.at)} → ${time(back.segments[back.segments.length - 1].arrival.at)} · ${stopsLabel(back.stops)}`
      : null,
    details: `${offer.baggage.checkedKg} kg check-in, ${offer.baggage.cabinKg} kg cabin · ${offer.refundable ? "Refundable" : "Non-refundable"} · ${
      offer.seatsLeft <= 4 ? `Only ${offer.seatsLeft} seats left` : `${offer.seatsLeft} seats left`
    }`,
    total: offer.fare.total,
  };
}
const hours = (minutes: number) => `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, "0")}m`;

export default function FlightsSearch() {
  const { params, airports, today, result, error } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/flights/search";
  const pax = `adults=${params.adults}&children=${params.children}&infants=${params.infants}`;
  return (
    <main id="main" className="container page stack">
      <h1>Flights</h1>
      <Form
        method="get"
        className="card stack flight-form"
        role="search"
        aria-label="Search flights"
        // A filter or the sort re-runs the search at once; a newer search aborts the one still running.
        onChange={(e) => {
          const target = e.target as HTMLInputElement;
          if (target.dataset.live) submit(e.currentTarget, { replace: true });
        }}
      >
        <datalist id="airports">
          {airports.map((a) => (
            <option key={a.code} value={a.code}>
              {a.city}
            </option>
          ))}
        </datalist>
        <div className="flight-fields">
          <label>
            From
            <input className="input" name="from" list="airports" defaultValue={params.from} required maxLength={3} autoComplete="off" />
          </label>
          <label>
            To
            <input className="input" name="to" list="airports" defaultValue={params.to} required maxLength={3} autoComplete="off" />
          </label>
          <label>
            Departure
            <input className="input" type="date" name="date" min={today} defaultValue={params.date} required />
          </label>
          <label>
            Return (optional)
            <input className="input" type="date" name="return" min={today} defaultValue={params.back} />
          </label>
          <label>
            Adults (12+)
            <input className="input" type="number" name="adults" min={1} max={9} defaultValue={params.adults} />
          </label>
          <label>
            Children (2–11)
            <input className="input" type="number" name="children" min={0} max={8} defaultValue={params.children} />
          </label>
          <label>
            Infants (under 2)
            <input className="input" type="number" name="infants" min={0} max={4} defaultValue={params.infants} />
          </label>
          <label>
            Cabin
            <select className="input" name="cabin" defaultValue={params.cabin}>
              <option value="ECONOMY">Economy</option>
              <option value="PREMIUM_ECONOMY">Premium economy</option>
              <option value="BUSINESS">Business</option>
            </select>
          </label>
        </div>
        {result ? (
          <fieldset className="flight-filters">
            <legend>Filters and sort</legend>
            <fieldset>
              <legend>Stops</legend>
              {result.facets.stops.map((s) => (
                <label key={s.stops} className="check">
                  <input
                    type="checkbox"
                    name="stops"
                    value={s.stops}
                    defaultChecked={params.stops.includes(String(s.stops))}
                    data-live="1"
                  />
                  {`${stopsLabel(s.stops)} · from ${formatRupees(s.lowestFare)}`}
                </label>
              ))}
            </fieldset>
            <fieldset>
              <legend>Airlines</legend>
              {result.facets.airlines.map((a) => (
                <label key={a.code} className="check">
                  <input type="checkbox" name="airline" value={a.code} defaultChecked={params.airline.includes(a.code)} data-live="1" />
                  {`${a.name} · from ${formatRupees(a.lowestFare)}`}
                </label>
              ))}
            </fieldset>
            <fieldset>
              <legend>Departure time</legend>
              {TIME_BANDS.map((b) => (
                <label key={b} className="check">
                  <input type="checkbox" name="dep" value={b} defaultChecked={params.dep.includes(b)} data-live="1" />
                  {TIME_BAND_LABELS[b]}
                </label>
              ))}
            </fieldset>
            <fieldset>
              <legend>Arrival time</legend>
              {TIME_BANDS.map((b) => (
                <label key={b} className="check">
                  <input type="checkbox" name="arr" value={b} defaultChecked={params.arr.includes(b)} data-live="1" />
                  {TIME_BAND_LABELS[b]}
                </label>
              ))}
            </fieldset>
            <label>
              Maximum price (₹, all passengers)
              <input className="input" type="number" name="max" min={1} defaultValue={params.max} />
            </label>
            <label>
              Sort by
              <select className="input" name="sort" defaultValue={params.sort} data-live="1">
                <option value="price">Price (lowest first)</option>
                <option value="duration">Duration (shortest first)</option>
                <option value="departure">Departure (earliest first)</option>
              </select>
            </label>
          </fieldset>
        ) : null}
        <button type="submit" className="btn" aria-busy={searching}>
          {searching ? "Searching…" : "Search flights"}
        </button>
      </Form>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      <div aria-live="polite" aria-busy={searching}>
        {searching ? <p className="muted">Searching flights…</p> : null}
        {result ? (
          <>
            <p className="muted">
              {result.count === 1 ? "1 flight" : `${result.count} flights`}
              {result.count < result.total ? ` of ${result.total}` : ""}
            </p>
            {result.offers.length === 0 ? (
              <div className="card stack">
                <p>No flights match this search.</p>
                <p className="muted">
                  {result.total > 0
                    ? "Try clearing a filter or raising the maximum price."
                    : "Try another date, or a nearby airport (for example DEL → BOM, BLR → MAA or BOM → GOA)."}
                </p>
              </div>
            ) : (
              <ul className="flight-results" aria-label="Flights">
                {result.offers.map((o) => (
                  <li key={o.id} className="card flight-offer">
                    <div className="flight-line">
                      <strong>{o.carrier}</strong>
                      <span className="muted">{o.flights}</span>
                    </div>
                    <div className="flight-line">
                      <span>
                        <strong>{o.departs}</strong>
                        {` ${o.from}`}
                      </span>
                      <span className="muted">{`${hours(o.duration)} · ${stopsLabel(o.stops)}`}</span>
                      <span>
                        <strong>{o.arrives}</strong>
                        {` ${o.to}`}
                      </span>
                    </div>
                    {o.back ? <p className="muted">{o.back}</p> : null}
                    <p className="muted">{o.details}</p>
                    <div className="flight-line">
                      <span className="flight-price">{formatRupees(o.total)}</span>
                      <Link className="btn" to={`/flight-booking?offer=${encodeURIComponent(o.id)}`}>
                        Book<span className="sr-only">{` ${o.flights}`}</span>
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : !error ? (
          <p className="muted">
            Popular: <Link to={`?from=DEL&to=BOM&date=${params.date || today}&${pax}`}>Delhi → Mumbai</Link>,{" "}
            <Link to={`?from=BLR&to=DEL&date=${params.date || today}&${pax}`}>Bengaluru → Delhi</Link>,{" "}
            <Link to={`?from=BOM&to=GOA&date=${params.date || today}&${pax}`}>Mumbai → Goa</Link>
          </p>
        ) : null}
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
