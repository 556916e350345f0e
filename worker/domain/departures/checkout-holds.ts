import { inArray } from "drizzle-orm";
import { departures } from "@db/schema";
import type { Db } from "../../db/client";
import { departureFacts } from "./read";
import { conflict } from "../errors";
import { soldOutMessage } from "./check";
import { type SeatClaim, claimStatements, releaseHeldStatements, seatsRanOut } from "./holds";
import type { DepartureFacts } from "./view";

export const SEATS_GONE = "Sold out: a departure in this checkout has no seats left";

type Line = {
  bookingId: string;
  departure: (DepartureFacts & { sellerId?: string }) | null;
  draft: { row: { sellerId: string; adults: number; children: number; startDate: string } };
};

/**
 * Holds the seats of a checkout's trips for 15 minutes, in one batch (ADR 0044): all of them or, when a departure
 * has fewer seats left than asked, none, with a 409 that names the departure. Answers what it held.
 */
export async function holdSeats(db: Db, paymentId: string, lines: Line[], now: Date): Promise<SeatClaim[]> {
  const claims = lines
    .filter((l) => l.departure !== null)
    .map((l) => ({
      bookingId: l.bookingId,
      departureId: (l.departure as DepartureFacts).id,
      sellerId: l.draft.row.sellerId,
      seats: l.draft.row.adults + l.draft.row.children,
    }));
  if (claims.length === 0) return claims;
  try {
    await db.batch(claimStatements(db, claims, now, paymentId) as [ReturnType<typeof claimStatements>[number]]);
  } catch (error) {
    if (!seatsRanOut(error)) throw error;
    // The batch took nothing. Which departure ran out is read again only to say so.
    const current = await departureFacts(db, now).where(
      inArray(
        departures.id,
        claims.map((c) => c.departureId),
      ),
    );
    const short = claims.find((c) => {
      const d = current.find((r) => r.id === c.departureId);
      return !d || d.capacity - d.sold - d.held < c.seats;
    });
    const date = current.find((r) => r.id === (short ?? claims[0]).departureId)?.startDate;
    throw conflict(date ? soldOutMessage(date) : SEATS_GONE);
  }
  return claims;
}

/** The provider refused the order: the seats held for it go back at once. */
export async function letGoOfSeats(db: Db, claims: SeatClaim[], now: Date) {
  if (claims.length === 0) return;
  await db.batch(claims.flatMap((c) => releaseHeldStatements(db, c.bookingId, now)) as [ReturnType<typeof releaseHeldStatements>[number]]);
}
