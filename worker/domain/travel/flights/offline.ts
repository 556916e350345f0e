import { type Placeholder, inArray, or, sql } from "drizzle-orm";
import { airports, carriers, flightInventory, flightRoutes } from "@db/schema";
import { type Reader, preparedRead } from "../../../db/batcher";
import type { Db } from "../../../db/client";
import { catalogue } from "../catalogue-cache";
import type { SupplierContext } from "../offer";
import type { Cabin, FlightOffer, FlightQuery, FlightSegment, FlightSlice, FlightSupplier, Passengers } from "./supplier";

/**
 * The built-in flight supplier: no network, a deterministic generator over the seeded airports, carriers and routes
 * (migration 0022). The same route and date always give the same flights and, with no seats sold and no fare moved
 * (flight_inventory), the same fares: every number comes from a hash of the flight and the date.
 */

/** What the offline supplier did (development and tests read it at /api/dev/flight-supplier): aborted work stops. */
export const offlineSupplierStats = { started: 0, completed: 0, aborted: 0, carriersGenerated: 0 };

/** FNV-1a, then a small mix: a stable 32-bit number for a string. */
function hash(text: string) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  h ^= h >>> 15;
  h = Math.imul(h, 2246822507);
  h ^= h >>> 13;
  return h >>> 0;
}

const CARRIER_FACTOR: Record<string, number> = { "6E": 1, AI: 1.12, IX: 0.9, QP: 0.95, SG: 0.92 };
const AIRCRAFT: Record<string, string> = {
  "6E": "Airbus A320neo",
  AI: "Airbus A320neo",
  IX: "Boeing 737-8",
  QP: "Boeing 737-8",
  SG: "Boeing 737-800",
};
const CABIN_FACTOR: Record<Cabin, number> = { ECONOMY: 1, PREMIUM_ECONOMY: 1.8, BUSINESS: 3.4 };
const INFANT_FARE = 150_000;
const CHILD_SHARE = 1;
const HUBS = ["DEL", "BOM", "BLR", "HYD"];

type Airport = typeof airports.$inferSelect;
type Carrier = typeof carriers.$inferSelect;
type Route = typeof flightRoutes.$inferSelect;
type Inventory = Pick<typeof flightInventory.$inferSelect, "flightKey" | "seatsSold" | "fareAdjust">;

type World = {
  airportOf: Map<string, Airport>;
  carrierList: Carrier[];
  routeOf: Map<string, Route>;
  inventoryOf: Map<string, Inventory>;
};

/** A city code to its airports (GOA → GOI, GOX); an airport code to itself. */
function airportsOf(code: string, world: World) {
  return [...world.airportOf.values()].filter((a) => a.code === code || a.cityCode === code).map((a) => a.code);
}

/** The airports a code names: the airport, or a city's airports (GOA: GOI and GOX). */
const airportCodesOf = (code: Placeholder) =>
  sql`(select ${airports.code} from ${airports} where ${airports.code} = ${code} or ${airports.cityCode} = ${code})`;

// Prepared once per isolate (ADR 0016): a search binds its codes and dates. Only the rows a search can use are read:
// the airports of both ends and the hubs, and the routes leaving the origin or reaching the destination (one-stop legs
// are origin → hub and hub → destination), both ways for a return; a code that names nothing ("-") matches no row.
const airportRows = preparedRead((db: Db) =>
  db
    .select()
    .from(airports)
    .where(
      or(
        inArray(airports.code, [sql.placeholder("origin"), sql.placeholder("destination"), ...HUBS]),
        inArray(airports.cityCode, [sql.placeholder("origin"), sql.placeholder("destination")]),
      ),
    )
    // The table's own order, as a full read gave it: a city's airports are tried in the same order as before.
    .orderBy(sql`rowid`),
);
const carrierRows = preparedRead((db: Db) => db.select().from(carriers));
const routeRows = preparedRead((db: Db) =>
  db
    .select()
    .from(flightRoutes)
    .where(
      or(
        inArray(flightRoutes.origin, airportCodesOf(sql.placeholder("origin"))),
        inArray(flightRoutes.destination, airportCodesOf(sql.placeholder("destination"))),
        inArray(flightRoutes.origin, airportCodesOf(sql.placeholder("returnOrigin"))),
        inArray(flightRoutes.destination, airportCodesOf(sql.placeholder("returnDestination"))),
      ),
    ),
);
const inventoryRows = preparedRead((db: Db) =>
  db
    .select({ flightKey: flightInventory.flightKey, seatsSold: flightInventory.seatsSold, fareAdjust: flightInventory.fareAdjust })
    .from(flightInventory)
    // By the day's index (flight_date is the key's day): the seats sold on the dates searched, nothing else.
    .where(inArray(flightInventory.flightDate, [sql.placeholder("outbound"), sql.placeholder("inbound")])),
);

/** One read, one D1 round trip: the reference data the search touches and the seats sold on the dates searched. */
async function loadWorld({ db, load }: Reader, query: FlightQuery): Promise<World> {
  const back = query.returnDate !== undefined;
  const ends = {
    origin: query.origin,
    destination: query.destination,
    returnOrigin: back ? query.destination : "-",
    returnDestination: back ? query.origin : "-",
  };
  // The airports, carriers and routes are catalogue, read once per isolate for these ends (../catalogue-cache.ts); the
  // seats sold and fares moved on the dates searched are read live, in the same batch when the catalogue is read too.
  const [reference, inventoryList] = await Promise.all([
    catalogue("flight-ends", JSON.stringify(ends), () =>
      Promise.all([load(airportRows(db, ends)), load(carrierRows(db, {})), load(routeRows(db, ends))]).then(
        ([airportList, carrierList, routeList]) => ({
          airportOf: new Map(airportList.map((a) => [a.code, a])),
          carrierList,
          routeOf: new Map(routeList.map((r) => [`${r.origin}-${r.destination}`, r])),
        }),
      ),
    ),
    load(inventoryRows(db, { outbound: query.departureDate, inbound: query.returnDate ?? query.departureDate })),
  ]);
  return { ...reference, inventoryOf: new Map(inventoryList.map((i) => [i.flightKey, i])) };
}

const pad = (n: number) => String(n).padStart(2, "0");
/** A local time in India on `date`, `minutes` after midnight (may run past midnight), as an ISO string with +05:30. */
function atIndia(date: string, minutes: number) {
  // The same day needs no calendar: most flights land before midnight.
  if (minutes >= 0 && minutes < 1440) return `${date}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00+05:30`;
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCMinutes(minutes);
  return `${day.toISOString().slice(0, 10)}T${pad(day.getUTCHours())}:${pad(day.getUTCMinutes())}:00+05:30`;
}

function terminalOf(airport: Airport, carrier: string) {
  const list = airport.terminals.split(",");
  return list[hash(`${airport.code}|${carrier}`) % list.length];
}

type Leg = { segment: FlightSegment; key: string; departsAt: number; baseFare: number; capacity: number };

/** A flight's schedule before its segment is written out: all a connection needs to be tried (hashes, no dates). */
type Planned = { number: number; departsAt: number; duration: number; route: Route; origin: Airport; destination: Airport };

/** The non-stop flights a carrier flies on one route: 1 to 4 a day, same numbers and times every day. */
function plannedLegs(world: World, from: string, to: string, carrier: Carrier): Planned[] {
  const route = world.routeOf.get(`${from}-${to}`);
  const origin = world.airportOf.get(from);
  const destination = world.airportOf.get(to);
  if (!route || !origin || !destination) return [];
  const count = 1 + (hash(`${from}${to}|${carrier.code}`) % 4);
  const planned: Planned[] = [];
  for (let i = 0; i < count; i++) {
    const seed = hash(`${from}${to}|${carrier.code}|${i}`);
    planned.push({
      number: 100 + (seed % 8900),
      departsAt: 330 + Math.floor(((seed >>> 8) % 1020) / 5) * 5,
      duration: route.blockMinutes + (((seed >>> 4) % 3) - 1) * 5,
      route,
      origin,
      destination,
    });
  }
  return planned;
}

/** A planned flight on a date, written out: its key, seats and segment (times in India, terminals). */
function legOf(p: Planned, carrier: Carrier, date: string): Leg {
  const flightNumber = `${carrier.code} ${p.number}`;
  return {
    key: `${carrier.code}-${p.number}:${date}`,
    departsAt: p.departsAt,
    baseFare: p.route.baseFare,
    capacity: 1 + (hash(`${flightNumber}|${date}`) % 9),
    segment: {
      carrier: carrier.code,
      carrierName: carrier.name,
      flightNumber,
      aircraft: AIRCRAFT[carrier.code] ?? "Airbus A320",
      departure: {
        airport: p.origin.code,
        city: p.origin.city,
        terminal: terminalOf(p.origin, carrier.code),
        at: atIndia(date, p.departsAt),
      },
      arrival: {
        airport: p.destination.code,
        city: p.destination.city,
        terminal: terminalOf(p.destination, carrier.code),
        at: atIndia(date, p.departsAt + p.duration),
      },
      duration: p.duration,
    },
  };
}

/** Whole days from `now` (in India) to `date`. */
const daysUntil = (date: string, now: Date) => Math.round((Date.parse(`${date}T00:00:00+05:30`) - now.getTime()) / 86_400_000);

/** An adult's base fare for a leg on a date, in paise rounded to ₹10: route, carrier, hour, lead time, seats left. */
function legFare(leg: Leg, date: string, seatsLeft: number, cabin: Cabin, now: Date, adjust: number) {
  const hour = Math.floor(leg.departsAt / 60);
  const peak = (hour >= 6 && hour < 9) || (hour >= 17 && hour < 21) ? 1.1 : 1;
  const days = daysUntil(date, now);
  const lead = days < 3 ? 1.6 : days < 7 ? 1.35 : days < 14 ? 1.15 : days < 30 ? 1 : 0.95;
  const jitter = 0.85 + (hash(`${leg.key}|fare`) % 40) / 100;
  const scarcity = seatsLeft <= 3 ? 1.15 : 1;
  const rupees = (leg.baseFare / 100) * (CARRIER_FACTOR[leg.segment.carrier] ?? 1) * peak * lead * jitter * scarcity * CABIN_FACTOR[cabin];
  return Math.max(1000, Math.round(rupees / 10) * 10) * 100 + adjust;
}

/** Taxes and fees per seated passenger: 5% GST on the base fare and ₹550 of airport and security fees. */
const taxesOn = (base: number) => Math.round(base * 0.05) + 55_000;

function priceParty(baseAdult: number, passengers: Passengers) {
  const child = Math.round(baseAdult * CHILD_SHARE);
  const perPassenger = [
    { type: "adult" as const, count: passengers.adults, base: baseAdult, taxes: taxesOn(baseAdult) },
    { type: "child" as const, count: passengers.children, base: child, taxes: taxesOn(child) },
    { type: "infant" as const, count: passengers.infants, base: INFANT_FARE, taxes: 0 },
  ].filter((p) => p.count > 0);
  const base = perPassenger.reduce((s, p) => s + p.base * p.count, 0);
  const taxes = perPassenger.reduce((s, p) => s + p.taxes * p.count, 0);
  return { base, taxes, total: base + taxes, perPassenger };
}

type Itinerary = { legs: Leg[]; date: string };

/**
 * Non-stop itineraries of every carrier, then one-stop ones through a hub on the same carrier (at least 60 min apart).
 * Connections are tried on the planned schedule and only the ones sold are written out (the search's main cost).
 */
function itinerariesOf(world: World, from: string, to: string, date: string, carrier: Carrier): Itinerary[] {
  const direct = plannedLegs(world, from, to, carrier).map((p) => ({ legs: [legOf(p, carrier, date)], date }));
  // A one-stop trip is sold only where it is not much longer than flying direct would be.
  const limit = direct.length === 0 ? 3 : 1;
  const connecting: Itinerary[] = [];
  for (const hub of HUBS) {
    if (connecting.length >= limit) break;
    if (hub === from || hub === to) continue;
    const first = plannedLegs(world, from, hub, carrier);
    if (first.length === 0) continue;
    const second = plannedLegs(world, hub, to, carrier);
    for (const a of first) {
      if (connecting.length >= limit) break;
      const arrives = a.departsAt + a.duration;
      const b = second.find((s) => s.departsAt >= arrives + 60 && s.departsAt <= arrives + 300);
      if (b) connecting.push({ legs: [legOf(a, carrier, date), legOf(b, carrier, date)], date });
    }
  }
  return [...direct, ...connecting];
}

function sliceOf(itinerary: Itinerary): FlightSlice {
  const segments = itinerary.legs.map((l) => l.segment);
  const first = itinerary.legs[0];
  const last = itinerary.legs[itinerary.legs.length - 1];
  return {
    segments,
    duration: last.departsAt + last.segment.duration - first.departsAt,
    stops: segments.length - 1,
  };
}

function offerOf(world: World, outbound: Itinerary, inbound: Itinerary | null, query: FlightQuery, now: Date): FlightOffer | null {
  const trips = inbound ? [outbound, inbound] : [outbound];
  const legs = trips.flatMap((t) => t.legs.map((leg) => ({ leg, date: t.date })));
  const seated = query.passengers.adults + query.passengers.children;
  let seatsLeft = 9;
  let baseAdult = 0;
  for (const { leg, date } of legs) {
    const stock = world.inventoryOf.get(leg.key);
    const left = leg.capacity - (stock?.seatsSold ?? 0);
    seatsLeft = Math.min(seatsLeft, left);
    baseAdult += legFare(leg, date, left, query.cabin, now, stock?.fareAdjust ?? 0);
  }
  if (seatsLeft < seated) return null;
  const carrier = legs[0].leg.segment.carrier;
  const lowCost = world.carrierList.find((c) => c.code === carrier)?.lowCost === 1;
  const refundable = !lowCost || hash(`${legs[0].leg.key}|flexi`) % 3 === 0;
  return {
    key: `${query.cabin}|${legs.map((l) => l.leg.key).join("|")}`,
    supplier: "offline",
    cabin: query.cabin,
    slices: trips.map(sliceOf),
    fare: priceParty(baseAdult, query.passengers),
    baggage: { cabinKg: 7, checkedKg: query.cabin === "BUSINESS" ? 35 : query.cabin === "PREMIUM_ECONOMY" ? 25 : 15 },
    refundable,
    cancellationFee: refundable ? (lowCost ? 350_000 : 300_000) * trips.length : 0,
    seatsLeft,
    validatingCarrier: carrier,
  };
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
function pause(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * `delayMs` makes each carrier's work wait (development and tests, to watch a search being cancelled); the work
 * checks the request's signal before each carrier and stops when it aborted.
 */
export function offlineFlightSupplier(options: { delayMs?: number } = {}): FlightSupplier {
  async function generate(reader: Reader, query: FlightQuery, { now, signal }: SupplierContext) {
    offlineSupplierStats.started++;
    try {
      const world = await loadWorld(reader, query);
      const offers: FlightOffer[] = [];
      const cabin = query.cabin;
      for (const carrier of world.carrierList) {
        signal?.throwIfAborted();
        if (options.delayMs) await pause(options.delayMs, signal);
        offlineSupplierStats.carriersGenerated++;
        if (cabin !== "ECONOMY" && carrier.business !== 1) continue;
        const outbound = airportsOf(query.origin, world).flatMap((from) =>
          airportsOf(query.destination, world).flatMap((to) => itinerariesOf(world, from, to, query.departureDate, carrier)),
        );
        const inbound = query.returnDate
          ? airportsOf(query.destination, world).flatMap((from) =>
              airportsOf(query.origin, world).flatMap((to) => itinerariesOf(world, from, to, query.returnDate as string, carrier)),
            )
          : [];
        for (const [i, out] of outbound.entries()) {
          if (query.returnDate && inbound.length === 0) break;
          const back = query.returnDate ? inbound[i % inbound.length] : null;
          const offer = offerOf(world, out, back, query, now);
          if (offer) offers.push(offer);
        }
      }
      offlineSupplierStats.completed++;
      return offers;
    } catch (error) {
      if (signal?.aborted) offlineSupplierStats.aborted++;
      throw error;
    }
  }
  return {
    name: "offline",
    search: generate,
    async price(reader, key, query, context) {
      const offers = await generate(reader, query, context);
      return offers.find((o) => o.key === key) ?? null;
    },
  };
}

/** The flight keys (`6E-2134:2026-12-15`) an offer key names: what a booking takes seats from. */
export const flightKeysOf = (offerKey: string) => offerKey.split("|").slice(1);
