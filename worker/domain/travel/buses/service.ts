import type { Reader } from "../../../db/batcher";
import type { AppConfig } from "../../../env";
import { notFound } from "../../errors";
import { type SearchContext, type SupplierContext, offerSecretOf, signOfferId } from "../offer";
import { throttleSearch } from "../throttle";
import { addDays, refuse, refusePast, todayInIndia } from "../supplier";
import { busSupplierOf } from "./config";
import type { BusSearchInput } from "./schemas";
import { MAX_SEATS_PER_BOOKING } from "./trips";
import type { BusSupplier, DepartureBand, SupplierTrip } from "./types";

/**
 * Bus trips for travellers (issue 27): search with filters, sort and facets, and one trip's seat map, from the
 * configured supplier (ADR 0047). Every trip leaves here with an offer id signed under OFFER_SECRET.
 */

/** Trips are sold up to this many days ahead (today included). */
export const BUS_DAYS_AHEAD = 60;

/** What a bus offer id carries: the supplier, the service and date, the fare per seat before tax and its GST rate. */
export type BusOfferData = { s: string; v: string; d: string; f: number; g: number };

export const signTrip = (secret: string, supplier: string, trip: SupplierTrip, now: Date) =>
  signOfferId(secret, {
    kind: "bus",
    issuedAt: now.getTime(),
    data: { s: supplier, v: trip.serviceId, d: trip.date, f: trip.fare, g: trip.gstRate } satisfies BusOfferData,
  });

const HOUR_FORMAT = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone: "Asia/Kolkata" });
export function bandOf(instant: string): DepartureBand {
  const hour = Number(HOUR_FORMAT.format(new Date(instant)));
  return hour < 6 ? "early" : hour < 12 ? "morning" : hour < 18 ? "afternoon" : "night";
}

type Facet = { count: number; minFare: number | null };
const facet = (trips: SupplierTrip[]): Facet => ({
  count: trips.length,
  minFare: trips.length ? Math.min(...trips.map((t) => t.farePerSeat)) : null,
});

/** Counts and lowest fares per filter value, over every trip of the route and date (before filtering). */
export function facetsOf(trips: SupplierTrip[]) {
  const operators = new Map<string, { id: string; name: string; count: number; minFare: number }>();
  for (const t of trips) {
    const o = operators.get(t.operator.id) ?? { id: t.operator.id, name: t.operator.name, count: 0, minFare: t.farePerSeat };
    o.count++;
    o.minFare = Math.min(o.minFare, t.farePerSeat);
    operators.set(o.id, o);
  }
  const band = (b: DepartureBand) => facet(trips.filter((t) => bandOf(t.departureAt) === b));
  return {
    busTypes: { ac: facet(trips.filter((t) => t.busType.ac)), non_ac: facet(trips.filter((t) => !t.busType.ac)) },
    seatTypes: { sleeper: facet(trips.filter((t) => t.busType.sleeper)), seater: facet(trips.filter((t) => !t.busType.sleeper)) },
    departure: { early: band("early"), morning: band("morning"), afternoon: band("afternoon"), night: band("night") },
    operators: [...operators.values()].sort((a, b) => a.minFare - b.minFare || a.name.localeCompare(b.name)),
  };
}

function applyFilters(trips: SupplierTrip[], input: BusSearchInput) {
  const { busTypes, seatTypes, departure, maxPrice } = input.filters;
  return trips.filter(
    (t) =>
      t.seatsLeft >= input.passengers &&
      (!busTypes?.length || busTypes.includes(t.busType.ac ? "ac" : "non_ac")) &&
      (!seatTypes?.length || seatTypes.includes(t.busType.sleeper ? "sleeper" : "seater")) &&
      (!departure?.length || departure.includes(bandOf(t.departureAt))) &&
      (maxPrice === undefined || t.farePerSeat <= maxPrice),
  );
}

const SORTS: Record<BusSearchInput["sort"], (a: SupplierTrip, b: SupplierTrip) => number> = {
  price: (a, b) => a.farePerSeat - b.farePerSeat || a.departureAt.localeCompare(b.departureAt),
  duration: (a, b) => a.durationMin - b.durationMin || a.farePerSeat - b.farePerSeat,
  departure: (a, b) => a.departureAt.localeCompare(b.departureAt) || a.farePerSeat - b.farePerSeat,
};

/** Refuses a travel date in the past or beyond the booking window, and more seats than one booking takes. */
function checkSearch(input: { date: string; passengers: number }, now: Date) {
  refusePast(input.date, now, "date", "The travel date");
  const last = addDays(todayInIndia(now), BUS_DAYS_AHEAD - 1);
  refuse([
    ...(input.date > last ? [{ path: "date", message: `Buses can be booked up to ${BUS_DAYS_AHEAD} days ahead` }] : []),
    ...(input.passengers > MAX_SEATS_PER_BOOKING
      ? [{ path: "passengers", message: `At most ${MAX_SEATS_PER_BOOKING} seats in one bus booking` }]
      : []),
  ]);
}

export async function searchBuses(
  reader: Reader,
  config: AppConfig,
  input: BusSearchInput,
  context: SearchContext,
  { supplier = busSupplierOf(config) }: { supplier?: BusSupplier } = {},
) {
  checkSearch(input, context.now);
  await throttleSearch(config, context.client);
  const all = await supplier.search(reader, { origin: input.origin, destination: input.destination, date: input.date }, context);
  const trips = applyFilters(all, input).sort(SORTS[input.sort]);
  const secret = offerSecretOf(config);
  return {
    origin: input.origin,
    destination: input.destination,
    date: input.date,
    passengers: input.passengers,
    trips: await Promise.all(trips.map(async (t) => ({ ...t, offerId: await signTrip(secret, supplier.name, t, context.now) }))),
    facets: facetsOf(all),
    meta: { count: trips.length, total: all.length },
  };
}

/** One trip with its seat map and offer id; a past date or an unknown service is a 404. */
export async function busTrip(
  reader: Reader,
  config: AppConfig,
  trip: { serviceId: string; date: string },
  context: SupplierContext,
  { supplier = busSupplierOf(config) }: { supplier?: BusSupplier } = {},
) {
  const found = trip.date >= todayInIndia(context.now) ? await supplier.seats(reader, trip, context) : null;
  if (!found || Date.parse(found.trip.departureAt) <= context.now.getTime()) throw notFound("Trip not found");
  return { ...found, offerId: await signTrip(offerSecretOf(config), supplier.name, found.trip, context.now) };
}
