/**
 * Departures as travellers and sellers see them (ADR 0044). Browser-safe: the booking form imports it, so it
 * must never import zod or the database.
 */

/** A checkout holds its seats this long; a payment that comes later takes them only if they are still free. */
export const HOLD_MINUTES = 15;
/** The longest booking cut-off a seller can set: 30 days before the start. */
export const MAX_CUTOFF_HOURS = 720;
export const MAX_CAPACITY = 999;

export const SOLD_OUT = "Sold out";
export const CLOSED = "Closed";
export const BOOKING_CLOSED = "Booking closed";

export type DepartureState = "available" | "few" | "sold-out" | "closed";

/** A departure as the package page and the booking form show it. */
export type DepartureView = {
  id: string;
  startDate: string;
  capacity: number;
  left: number;
  minGroup: number | null;
  state: DepartureState;
  /** What the page says of the seats: "12 seats left", "Only 2 left", "Sold out", "Closed". */
  label: string;
};

/** The instant bookings close: `cutoffHours` before 00:00 in India (UTC+5:30) on the start date. */
export function closesAt(startDate: string, cutoffHours: number) {
  return new Date(Date.parse(`${startDate}T00:00:00+05:30`) - cutoffHours * 3_600_000);
}

export type DepartureFacts = {
  id: string;
  startDate: string;
  capacity: number;
  sold: number;
  /** Seats held by checkouts whose 15 minutes are not over. */
  held: number;
  cutoffHours: number;
  minGroup: number | null;
  status: "open" | "closed";
};

export function departureView(d: DepartureFacts, now: Date): DepartureView {
  const left = Math.max(0, d.capacity - d.sold - d.held);
  const closed = d.status === "closed" || now.getTime() >= closesAt(d.startDate, d.cutoffHours).getTime();
  // "Only N left" once half the seats or fewer are left: the last of two is "Only 1 left" (issue 26's words).
  const state: DepartureState = closed ? "closed" : left === 0 ? "sold-out" : left * 2 <= d.capacity ? "few" : "available";
  const label =
    state === "closed"
      ? d.status === "closed"
        ? CLOSED
        : BOOKING_CLOSED
      : state === "sold-out"
        ? SOLD_OUT
        : state === "few"
          ? `Only ${left} left`
          : `${left} ${left === 1 ? "seat" : "seats"} left`;
  return { id: d.id, startDate: d.startDate, capacity: d.capacity, left, minGroup: d.minGroup, state, label };
}

export const isBookable = (d: DepartureView) => d.state === "available" || d.state === "few";

/** A package as its pages pass it on: with its departures when it runs on them (none: booked on request). */
export type WithDepartures = { departures?: DepartureView[] };
