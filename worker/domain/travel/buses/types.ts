import type { BusCancellationRule } from "@db/stays-and-buses";
import type { Reader } from "../../../db/batcher";
import type { SupplierContext } from "../offer";

export const BUS_TYPES = ["ac", "non_ac"] as const;
export const SEAT_TYPES = ["sleeper", "seater"] as const;
/** Departure bands by the hour in India: before 06:00, 06–12, 12–18, from 18:00. */
export const DEPARTURE_BANDS = ["early", "morning", "afternoon", "night"] as const;
export type DepartureBand = (typeof DEPARTURE_BANDS)[number];
export const BAND_LABELS: Record<DepartureBand, string> = {
  early: "Before 6 AM",
  morning: "6 AM to 12 PM",
  afternoon: "12 PM to 6 PM",
  night: "After 6 PM",
};

export type TripStop = { id: string; name: string; landmark: string; address: string; time: string; phone: string | null };

/** One trip: a service of an operator on a date, as the supplier prices it (before it gets a signed offer id). */
export type SupplierTrip = {
  serviceId: string;
  date: string;
  origin: string;
  destination: string;
  operator: { id: string; name: string; rating: number; phone: string; stateTransport: boolean };
  busType: { label: string; ac: boolean; sleeper: boolean };
  departureAt: string;
  arrivalAt: string;
  durationMin: number;
  seatsTotal: number;
  seatsLeft: number;
  windowSeatsLeft: number;
  /** Per seat, before tax, in paise. */
  fare: number;
  /** GST on the fare, in percent (5 on an air-conditioned bus, 0 otherwise). */
  gstRate: number;
  /** Per seat with tax, in paise. */
  farePerSeat: number;
  boardingPoints: TripStop[];
  droppingPoints: TripStop[];
  amenities: string[];
  cancellation: BusCancellationRule[];
  maxSeatsPerBooking: number;
};

export type BusSeat = {
  name: string;
  deck: "lower" | "upper";
  row: number;
  col: number;
  berth: boolean;
  window: boolean;
  available: boolean;
};

export type BusSearchQuery = { origin: string; destination: string; date: string };

/**
 * A bus supplier (ADR 0047): the built-in offline one over seeded D1 tables, or an aggregator's adapter. The offline
 * one's reads join the request's one D1 batch.
 */
export interface BusSupplier {
  readonly name: string;
  search(reader: Reader, query: BusSearchQuery, context: SupplierContext): Promise<SupplierTrip[]>;
  /** One trip with its seat map, or null when there is no such service on that date. */
  seats(
    reader: Reader,
    trip: { serviceId: string; date: string },
    context: SupplierContext,
  ): Promise<{ trip: SupplierTrip; seats: BusSeat[] } | null>;
}
