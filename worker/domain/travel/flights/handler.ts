import { sql } from "drizzle-orm";
import { flightInventory } from "@db/schema";
import type { AppConfig } from "../../../env";
import type { OfferPayload, PricedOffer, TravelChoice, TravelKindHandler } from "../offer";
import { flightSupplierOf } from "./config";
import { flightKeysOf } from "./offline";
import { type FlightOfferData, withSupplier } from "./search";
import type { FlightOffer, FlightQuery } from "./supplier";

export const FLIGHT_TITLES = ["Mr", "Mrs", "Ms", "Miss", "Mstr"] as const;

const dataOf = (payload: OfferPayload) => payload.data as FlightOfferData;
const seatedOf = (q: FlightQuery) => q.passengers.adults + q.passengers.children;

const timeOf = (at: string) => at.slice(11, 16);
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-IN", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
const stopsLabel = (stops: number) => (stops === 0 ? "Non-stop" : stops === 1 ? "1 stop" : `${stops} stops`);

/** The offer as the cart shows it and the booking keeps it. */
export function pricedFlight(offerId: string, query: FlightQuery, offer: FlightOffer): PricedOffer {
  const first = offer.slices[0];
  const segment = first.segments[0];
  const last = first.segments[first.segments.length - 1];
  const people = query.passengers.adults + query.passengers.children + query.passengers.infants;
  const back = offer.slices[1];
  const endDate = (back ?? first).segments[(back ?? first).segments.length - 1].arrival.at.slice(0, 10);
  return {
    kind: "flight",
    offerId,
    title: `${segment.carrierName} ${first.segments.map((s) => s.flightNumber).join(", ")} · ${segment.departure.airport} → ${last.arrival.airport}${back ? " and back" : ""}`,
    subtitle: `${dayLabel(query.departureDate)} · ${timeOf(segment.departure.at)} → ${timeOf(last.arrival.at)} · ${stopsLabel(first.stops)} · ${people} ${people === 1 ? "passenger" : "passengers"}`,
    startDate: query.departureDate,
    endDate,
    lines: [
      { label: "Base fare", amount: offer.fare.base },
      { label: "Taxes and fees", amount: offer.fare.taxes },
    ],
    total: offer.fare.total,
    refundable: offer.refundable,
    details: {
      cabin: offer.cabin,
      passengers: query.passengers,
      slices: offer.slices,
      baggage: offer.baggage,
      fare: offer.fare,
      cancellationFee: offer.cancellationFee,
      seatsLeft: offer.seatsLeft,
      validatingCarrier: offer.validatingCarrier,
      supplierKey: offer.key,
    },
  };
}

/** Adults are 12 or older, children 2 to 11, infants under 2 (domestic Indian fares). */
const typeOfAge = (age: number) => (age >= 12 ? "adult" : age >= 2 ? "child" : "infant");

/** Seats a paid flight takes from the offline supplier's stock, and a cancelled one gives back. */
export const flightInventoryHandler: Pick<TravelKindHandler, "bookStatements" | "releaseStatements"> = {
  bookStatements(db, booking) {
    const query = (booking.offer.details as { passengers: FlightQuery["passengers"] }).passengers;
    const seats = query.adults + query.children;
    const key = String(booking.offer.details.supplierKey ?? "");
    return flightKeysOf(key).map((flightKey) =>
      db
        .insert(flightInventory)
        .values({ flightKey, seatsSold: seats })
        .onConflictDoUpdate({ target: flightInventory.flightKey, set: { seatsSold: sql`${flightInventory.seatsSold} + ${seats}` } }),
    );
  },
  releaseStatements(db, booking) {
    const query = (booking.offer.details as { passengers: FlightQuery["passengers"] }).passengers;
    const seats = query.adults + query.children;
    const key = String(booking.offer.details.supplierKey ?? "");
    return flightKeysOf(key).map((flightKey) =>
      db
        .update(flightInventory)
        .set({ seatsSold: sql`max(0, ${flightInventory.seatsSold} - ${seats})` })
        .where(sql`${flightInventory.flightKey} = ${flightKey}`),
    );
  },
};

/** The flight's handler for the cart and checkout; its supplier comes from configuration. */
export function flightHandler(config: AppConfig): TravelKindHandler {
  return {
    checkChoice(payload, choice: TravelChoice) {
      const { query } = dataOf(payload);
      const { adults, children, infants } = query.passengers;
      const people = adults + children + infants;
      if (choice.travellers.length !== people) return `Enter the details of all ${people} passengers`;
      const counts = { adult: 0, child: 0, infant: 0 };
      for (const [i, t] of choice.travellers.entries()) {
        if (!t.name || t.name.trim().length < 2) return `Enter passenger ${i + 1}'s full name as on their ID`;
        if (!t.title || !(FLIGHT_TITLES as readonly string[]).includes(t.title)) return `Choose passenger ${i + 1}'s title`;
        if (t.age === undefined || !Number.isInteger(t.age) || t.age < 0 || t.age > 120) return `Enter passenger ${i + 1}'s age`;
        counts[typeOfAge(t.age)]++;
      }
      if (counts.adult !== adults || counts.child !== children || counts.infant !== infants)
        return `This fare is for ${adults} adult(s) (12+), ${children} child(ren) (2–11) and ${infants} infant(s) (under 2): the ages entered do not match`;
      return null;
    },
    async reprice(reader, payload, _choice, context) {
      const data = dataOf(payload);
      if (data.supplier !== flightSupplierOf(config).name)
        return { status: "invalid", message: "This fare is from a supplier we no longer use" };
      if (data.query.departureDate < new Date(context.now.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10))
        return { status: "invalid", message: "This flight has already left" };
      const supplier = flightSupplierOf(config);
      const offer = await withSupplier(config, context.signal, (signal) =>
        supplier.price(reader, data.key, data.query, { now: context.now, signal }),
      );
      if (!offer) return { status: "sold_out", message: "This flight is sold out at this fare. Please search again." };
      // The cart keeps the id it was given; the re-priced offer is the same offer.
      const priced = pricedFlight("", data.query, offer);
      return offer.fare.total === data.total
        ? { status: "available", offer: priced }
        : { status: "changed", offer: priced, previousTotal: data.total };
    },
    ...flightInventoryHandler,
  };
}

export const seatedPassengers = seatedOf;
