import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { hotelContent, hotelRates } from "@worker/domain/travel/hotels/service";
import { formatDate, formatRupees, formatTime } from "@worker/shared/format";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StayFields, stayQuery } from "~/components/travel/stay-fields";
import { parseStay, refusalAsMessage, stayFromUrl, searchContext } from "~/lib/stays-and-buses.server";
import "~/styles/travel.css";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.hotel.name}, ${data.hotel.city} | Tripbazaar` },
        { name: "description", content: data.hotel.description.slice(0, 160) },
      ]
    : [{ title: "Hotel not found | Tripbazaar" }];

/** The hotel's content and its rates for the stay in the address, read together (one D1 round trip). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const stay = stayFromUrl(url, context.now);
  const hotelId = params.hotelId ?? "";
  const parsed = parseStay({ hotelIds: [hotelId], checkIn: stay.checkIn, checkOut: stay.checkOut, rooms: stay.rooms });
  const ctx = searchContext(context, request);
  const [hotel, rates] = await Promise.all([
    refusalAsMessage(hotelContent(context, context.config, hotelId, ctx)),
    parsed.input
      ? refusalAsMessage(hotelRates(context, context.config, parsed.input, ctx))
      : Promise.resolve({ value: null, error: parsed.error }),
  ]);
  if (!hotel.value) throw new Response("Hotel not found", { status: 404 });
  const nights = rates.value?.nights ?? 0;
  const rows = rates.value?.hotels[0]?.rates.map((rate) => rateRowOf(rate, nights)) ?? null;
  return { hotel: hotel.value, stay, rates: rows, nights, error: rates.error };
}

type Rate = NonNullable<Awaited<ReturnType<typeof hotelRates>>["hotels"][number]>["rates"][number];

/**
 * A rate as the page shows it. The page's hand-off to the browser carries these and not the supplier's whole rates
 * (nights one by one, inclusions, tax parts as numbers): the offer id the cart takes, and the lines already written.
 */
function rateRowOf(rate: Rate, nights: number) {
  return {
    key: `${rate.mealPlan}-${rate.refundable}`,
    roomCode: rate.roomCode,
    plan: `${rate.mealPlan} · ${rate.mealPlanName}`,
    planName: rate.mealPlanName,
    refundable: rate.refundable,
    cancellation:
      rate.refundable && rate.freeCancellationUntil
        ? `Free cancellation until ${formatDate(rate.freeCancellationUntil)}, ${formatTime(rate.freeCancellationUntil)} (India time)`
        : "Non-refundable",
    details: `${formatRupees(Math.round(rate.base / nights))} a night · ${rate.taxes.map((t) => `${t.label} ${formatRupees(t.amount)}`).join(", ")}${
      rate.roomsLeft <= 3 ? ` · only ${plural(rate.roomsLeft, "room", "rooms")} left` : ""
    }`,
    total: rate.total,
    offerId: rate.offerId,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function HotelPage() {
  const { hotel, stay, rates, nights, error } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  const groups = [...new Set(hotel.facilities.map((f) => f.groupName))];
  const guests = stay.roomCount * (stay.adults + stay.ages.length);
  return (
    <main id="main" className="container page stack">
      <p>
        <Link to={`/hotels/search?city=${encodeURIComponent(hotel.city)}&${stayQuery(stay)}`}>← Hotels in {hotel.city}</Link>
      </p>
      <header className="stack">
        <h1>{hotel.name}</h1>
        <p className="muted">
          {hotel.starRating} star {hotel.propertyType.toLowerCase()} · {hotel.address} · rated {hotel.rating.average.toFixed(1)} by{" "}
          {hotel.rating.count} guests
        </p>
      </header>
      <div className="gallery-strip">
        {hotel.images.map((img, i) => (
          <img key={img.url} src={img.url} alt={img.caption} width={320} height={240} {...(i === 0 ? {} : { loading: "lazy" as const })} />
        ))}
      </div>
      <p>{hotel.description}</p>

      <section aria-labelledby="h-dates" className="card">
        <h2 id="h-dates">Your stay</h2>
        <Form method="get" className="travel-form" aria-label="Dates and guests">
          <StayFields values={stay} idPrefix="hd" />
          <button type="submit" className="btn" disabled={loading}>
            {loading ? "Updating..." : "Update rates"}
          </button>
        </Form>
        {error ? (
          <p className="error-text" role="alert">
            {error}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="h-rooms" aria-busy={loading}>
        <h2 id="h-rooms">Rooms and rates</h2>
        {rates ? (
          <p className="muted">
            {formatDate(stay.checkIn)} to {formatDate(stay.checkOut)} · {plural(nights, "night", "nights")} ·{" "}
            {plural(stay.roomCount, "room", "rooms")}, {plural(guests, "guest", "guests")}. Prices include GST.
          </p>
        ) : null}
        <ul className="result-list">
          {hotel.rooms.map((room) => {
            const roomRates = rates?.filter((r) => r.roomCode === room.code) ?? [];
            return (
              <li key={room.code} className="card result-card with-image">
                <img src={room.image} alt="" width={320} height={240} loading="lazy" />
                <div className="stack">
                  <h3>{room.name}</h3>
                  <p className="muted">
                    {room.beds} · {room.sizeSqm} m² · up to {plural(room.maxOccupancy.adults, "adult", "adults")} and{" "}
                    {plural(room.maxOccupancy.children, "child", "children")} ({room.maxOccupancy.total} in all)
                  </p>
                  {rates === null ? null : roomRates.length === 0 ? (
                    <p>Not available for these dates and guests.</p>
                  ) : (
                    <ul className="rate-list">
                      {roomRates.map((rate) => (
                        <li key={rate.key} className="rate">
                          <p>
                            <strong>{rate.plan}</strong>
                          </p>
                          <p className={rate.refundable ? "success-text" : "muted"}>{rate.cancellation}</p>
                          <p className="muted">{rate.details}</p>
                          <div className="price-line">
                            <p>
                              <span className="price-big">{formatRupees(rate.total)}</span> <span className="muted">total</span>
                            </p>
                            <Form method="post" action="/cart">
                              <input type="hidden" name="intent" value="add-offer" />
                              <input type="hidden" name="offerId" value={rate.offerId} />
                              <button
                                type="submit"
                                className="btn"
                                aria-label={`Add to cart: ${room.name}, ${rate.planName}, ${formatRupees(rate.total)}`}
                              >
                                Add to cart
                              </button>
                            </Form>
                          </div>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="h-facilities">
        <h2 id="h-facilities">Facilities</h2>
        <div className="stack">
          {groups.map((group) => (
            <div key={group}>
              <h3>{group}</h3>
              <ul className="chip-list">
                {hotel.facilities
                  .filter((f) => f.groupName === group)
                  .map((f) => (
                    <li key={f.code}>
                      {f.name}
                      {f.paid ? " (paid)" : ""}
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="h-policies">
        <h2 id="h-policies">Policies</h2>
        <ul>
          <li>
            Check-in from {hotel.checkInTime}, check-out by {hotel.checkOutTime}.
          </li>
          {hotel.policies.coupleFriendly ? <li>Couple friendly.</li> : null}
          {hotel.policies.localIdAllowed ? <li>Local IDs accepted.</li> : <li>Local IDs are not accepted.</li>}
          {hotel.policies.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
