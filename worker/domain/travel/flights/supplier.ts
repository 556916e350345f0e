import type { Reader } from "../../../db/batcher";
import type { SupplierContext } from "../offer";

/**
 * The flight supplier interface (issue 27, ADR 0053). The built-in one (offline.ts) generates schedules and fares
 * from seeded D1 tables; a real aggregator's adapter implements the same two calls over HTTP, with a timeout and the
 * request's abort signal on every call (see worker/domain/travel/flights/README.md).
 */
export const CABINS = ["ECONOMY", "PREMIUM_ECONOMY", "BUSINESS"] as const;
export type Cabin = (typeof CABINS)[number];

export type Passengers = { adults: number; children: number; infants: number };

export type FlightQuery = {
  /** IATA airport or city codes (GOA covers GOI and GOX). */
  origin: string;
  destination: string;
  departureDate: string;
  returnDate?: string;
  passengers: Passengers;
  cabin: Cabin;
};

export type FlightPoint = { airport: string; city: string; terminal: string; at: string };

export type FlightSegment = {
  carrier: string;
  carrierName: string;
  flightNumber: string;
  aircraft: string;
  departure: FlightPoint;
  arrival: FlightPoint;
  /** Minutes in the air. */
  duration: number;
};

export type FlightSlice = { segments: FlightSegment[]; duration: number; stops: number };

/** A fare's parts in paise, for the whole party. */
export type FareBreakdown = {
  base: number;
  taxes: number;
  total: number;
  perPassenger: { type: "adult" | "child" | "infant"; count: number; base: number; taxes: number }[];
};

export type FlightOffer = {
  /** The supplier's own key for this offer (flights and dates, fare class): what the signed offer id carries. */
  key: string;
  supplier: string;
  cabin: Cabin;
  slices: FlightSlice[];
  fare: FareBreakdown;
  baggage: { cabinKg: number; checkedKg: number };
  refundable: boolean;
  /** What cancelling costs per seated passenger (paise) while refundable; a non-refundable fare returns its taxes only. */
  cancellationFee: number;
  seatsLeft: number;
  validatingCarrier: string;
};

export interface FlightSupplier {
  readonly name: string;
  /** Every offer for the query. Stops as soon as `context.signal` aborts (throws its reason). */
  search(reader: Reader, query: FlightQuery, context: SupplierContext): Promise<FlightOffer[]>;
  /** The offer with this key priced now for these passengers, or null when it is no longer sold. */
  price(reader: Reader, key: string, query: FlightQuery, context: SupplierContext): Promise<FlightOffer | null>;
}
