import { formatDate } from "../../shared/format";
import { conflict, unprocessable } from "../errors";
import { type DepartureFacts, departureView } from "./view";

export const CHOOSE_DEPARTURE = "This package runs on fixed departures: please choose one of its departure dates";
export const soldOutMessage = (startDate: string) => `Sold out: the departure on ${formatDate(startDate)} has no seats left`;

/**
 * The departure a booking request names by its start date (ADR 0044), checked as the traveller may book it: open,
 * before its cut-off, with a seat for every traveller. A package without departures is booked "on request" with
 * any future date (null). The seats are taken later, by the checkout's hold or the request's batch.
 */
export function chooseDeparture(all: DepartureFacts[], startDate: string, seats: number, now: Date): DepartureFacts | null {
  if (all.length === 0) return null;
  const d = all.find((x) => x.startDate === startDate);
  if (!d) throw unprocessable(CHOOSE_DEPARTURE, [{ path: "travelDates.startDate", message: CHOOSE_DEPARTURE }]);
  const view = departureView(d, now);
  const when = formatDate(d.startDate);
  if (d.status === "closed") throw conflict(`The departure on ${when} is closed for booking`);
  if (view.state === "closed") throw conflict(`Booking for the departure on ${when} has closed (${d.cutoffHours} hours before it starts)`);
  if (seats === 0) return d;
  if (view.left === 0) throw conflict(soldOutMessage(d.startDate));
  if (view.left < seats)
    throw conflict(`The departure on ${when} has only ${view.left} ${view.left === 1 ? "seat" : "seats"} left for ${seats} travellers`);
  return d;
}
