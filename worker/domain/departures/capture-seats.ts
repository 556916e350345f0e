import type { Db } from "../../db/client";
import { holdsOf } from "./read";

/**
 * The seats of a payment's items when the money arrives (ADR 0044): which items hold seats on a departure, and
 * which of those lost them (the hold lapsed, was given back, and the seats went to someone else). Those are
 * refunded as sold out; the rest take their seats in the capture's batch.
 */
export async function seatsAtCapture(db: Db, bookingIds: string[]) {
  const holds = bookingIds.length ? await holdsOf(db, bookingIds) : [];
  const withSeats = new Set(holds.map((h) => h.id));
  // Seats freed so far, per departure, while items of this payment take them back in order.
  const free = new Map<string, number>();
  const gone = new Set<string>();
  for (const h of holds) {
    if (h.status !== "released") continue;
    const left = free.get(h.departureId) ?? Number(h.left);
    if (left < h.seats) gone.add(h.id);
    else free.set(h.departureId, left - h.seats);
  }
  return { withSeats, gone };
}
