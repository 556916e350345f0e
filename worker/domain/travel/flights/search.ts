import { z } from "zod";
import type { Reader } from "../../../db/batcher";
import type { AppConfig } from "../../../env";
import { todayInIndia } from "../../bookings/transitions";
import { DomainError, conflict, unavailable, unprocessable } from "../../errors";
import { type SearchContext, offerSecretOf, signOfferId } from "../offer";
import { throttleSearch } from "../throttle";
import { flightSupplierOf, supplierSignal } from "./config";
import { AIRPORTS, CARRIERS } from "./reference-data";
import { CABINS, type FlightOffer, type FlightQuery } from "./supplier";
import { TIME_BANDS, TIME_BAND_LABELS, type TimeBand } from "./time-bands";
import { isCalendarDate } from "../../../shared/calendar-date";

export { TIME_BANDS, TIME_BAND_LABELS, type TimeBand };
export const FLIGHT_SORTS = ["price", "duration", "departure"] as const;
export const MAX_PASSENGERS = 9;

const CITY_CODES = new Set(AIRPORTS.flatMap(([code, , , city]) => [code, city]));
const cityOf = (code: string) => AIRPORTS.find(([c]) => c === code)?.[3] ?? code;
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-12-15")
  .refine(isCalendarDate, "Not a real date");
const airportCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => CITY_CODES.has(c), "Choose an airport or city we list (for example DEL, BOM or GOA)");

/** `POST /api/flights/search` (spec §7, issue 27). */
export const flightSearchSchema = z
  .object({
    origin: airportCode,
    destination: airportCode,
    departureDate: isoDay,
    returnDate: isoDay.optional(),
    passengers: z
      .object({
        adults: z.number().int().min(1, "At least one adult travels").max(MAX_PASSENGERS),
        children: z.number().int().min(0).max(MAX_PASSENGERS).default(0),
        infants: z.number().int().min(0).max(MAX_PASSENGERS).default(0),
      })
      .default({ adults: 1, children: 0, infants: 0 }),
    cabin: z.enum(CABINS).default("ECONOMY"),
    filters: z
      .object({
        stops: z.array(z.number().int().min(0).max(2)).max(3).optional(),
        airlines: z
          .array(z.enum(CARRIERS.map(([c]) => c) as [string, ...string[]]))
          .max(10)
          .optional(),
        departureTimes: z.array(z.enum(TIME_BANDS)).max(4).optional(),
        arrivalTimes: z.array(z.enum(TIME_BANDS)).max(4).optional(),
        maxPrice: z.number().int().positive().describe("In paise, for the whole party").optional(),
      })
      .strict()
      .default({}),
    sort: z.enum(FLIGHT_SORTS).default("price"),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (cityOf(q.origin) === cityOf(q.destination))
      ctx.addIssue({ code: "custom", path: ["destination"], message: "The destination must differ from the origin" });
    const { adults, children, infants } = q.passengers;
    if (adults + children + infants > MAX_PASSENGERS)
      ctx.addIssue({ code: "custom", path: ["passengers"], message: `At most ${MAX_PASSENGERS} passengers in one booking` });
    if (infants > adults)
      ctx.addIssue({ code: "custom", path: ["passengers", "infants"], message: "Each infant travels on an adult's lap" });
    if (q.returnDate && q.returnDate < q.departureDate)
      ctx.addIssue({ code: "custom", path: ["returnDate"], message: "The return must be on or after the departure" });
  });
export type FlightSearchInput = z.infer<typeof flightSearchSchema>;

/** What an offer id carries for a flight: the supplier, its key, the query and the total when searched. */
export type FlightOfferData = { supplier: string; key: string; query: FlightQuery; total: number };

export type SignedFlightOffer = Omit<FlightOffer, "key"> & { id: string };

const bandOf = (at: string): TimeBand => {
  const hour = Number(at.slice(11, 13));
  return hour < 6 ? "early" : hour < 12 ? "morning" : hour < 18 ? "afternoon" : "evening";
};

const departureOf = (o: FlightOffer) => o.slices[0].segments[0].departure.at;
const arrivalOf = (o: FlightOffer) => {
  const segments = o.slices[0].segments;
  return segments[segments.length - 1].arrival.at;
};

/** Lowest fare and count per airline and per number of stops, over every offer before the filters. */
function facetsOf(offers: FlightOffer[]) {
  const airlines = new Map<string, { code: string; name: string; lowestFare: number; count: number }>();
  const stops = new Map<number, { stops: number; lowestFare: number; count: number }>();
  for (const o of offers) {
    const code = o.validatingCarrier;
    const a = airlines.get(code) ?? { code, name: o.slices[0].segments[0].carrierName, lowestFare: o.fare.total, count: 0 };
    a.lowestFare = Math.min(a.lowestFare, o.fare.total);
    a.count++;
    airlines.set(code, a);
    const n = Math.max(...o.slices.map((s) => s.stops));
    const s = stops.get(n) ?? { stops: n, lowestFare: o.fare.total, count: 0 };
    s.lowestFare = Math.min(s.lowestFare, o.fare.total);
    s.count++;
    stops.set(n, s);
  }
  return {
    airlines: [...airlines.values()].sort((x, y) => x.lowestFare - y.lowestFare || x.code.localeCompare(y.code)),
    stops: [...stops.values()].sort((x, y) => x.stops - y.stops),
  };
}

function keep(o: FlightOffer, f: FlightSearchInput["filters"]) {
  const stops = Math.max(...o.slices.map((s) => s.stops));
  if (f.stops?.length && !f.stops.some((s) => (s === 2 ? stops >= 2 : stops === s))) return false;
  if (f.airlines?.length && !f.airlines.includes(o.validatingCarrier)) return false;
  if (f.departureTimes?.length && !f.departureTimes.includes(bandOf(departureOf(o)))) return false;
  if (f.arrivalTimes?.length && !f.arrivalTimes.includes(bandOf(arrivalOf(o)))) return false;
  if (f.maxPrice !== undefined && o.fare.total > f.maxPrice) return false;
  return true;
}

const totalDuration = (o: FlightOffer) => o.slices.reduce((s, x) => s + x.duration, 0);
const SORTERS: Record<(typeof FLIGHT_SORTS)[number], (a: FlightOffer, b: FlightOffer) => number> = {
  price: (a, b) => a.fare.total - b.fare.total || departureOf(a).localeCompare(departureOf(b)),
  duration: (a, b) => totalDuration(a) - totalDuration(b) || a.fare.total - b.fare.total,
  departure: (a, b) => departureOf(a).localeCompare(departureOf(b)) || a.fare.total - b.fare.total,
};

export const queryOf = (input: FlightSearchInput): FlightQuery => ({
  origin: input.origin,
  destination: input.destination,
  departureDate: input.departureDate,
  ...(input.returnDate ? { returnDate: input.returnDate } : {}),
  passengers: input.passengers,
  cabin: input.cabin,
});

export const SEARCH_CANCELLED = "This search was cancelled by a newer one";
export const SUPPLIER_TIMED_OUT = "Flight search took too long to answer. Please try again.";

/** Runs a supplier call under the request's signal and the configured timeout; a timeout is a clear 503. */
export async function withSupplier<T>(config: AppConfig, signal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>) {
  const combined = supplierSignal(config, signal);
  try {
    return await run(combined);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (signal?.aborted) throw conflict(SEARCH_CANCELLED);
    if (combined.aborted) throw unavailable(SUPPLIER_TIMED_OUT);
    throw error;
  }
}

/**
 * Searches flights (issue 27): the supplier's offers, each with a signed id the cart can re-price, filtered and sorted
 * here, with facets over every offer. Stops when `signal` aborts (a newer search replaced this one).
 */
export async function searchFlights(
  reader: Reader,
  config: AppConfig,
  input: FlightSearchInput,
  context: SearchContext & { devDelayMs?: number },
) {
  const today = todayInIndia(context.now);
  if (input.departureDate < today)
    throw unprocessable("The departure date has passed", [{ path: "departureDate", message: "Choose today or a later date" }]);
  await throttleSearch(config, context.client);
  const supplier = flightSupplierOf(config, context.devDelayMs);
  const query = queryOf(input);
  const offers = await withSupplier(config, context.signal, (signal) => supplier.search(reader, query, { now: context.now, signal }));
  const facets = facetsOf(offers);
  const chosen = offers.filter((o) => keep(o, input.filters)).sort(SORTERS[input.sort]);
  const secret = offerSecretOf(config);
  const issuedAt = context.now.getTime();
  const signed: SignedFlightOffer[] = await Promise.all(
    chosen.map(async ({ key, ...offer }) => {
      const data: FlightOfferData = { supplier: supplier.name, key, query, total: offer.fare.total };
      return { id: await signOfferId(secret, { kind: "flight", issuedAt, data }), ...offer };
    }),
  );
  return { query, offers: signed, facets, count: signed.length, total: offers.length };
}
