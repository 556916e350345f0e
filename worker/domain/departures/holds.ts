import { type SQL, sql } from "drizzle-orm";
import { departures, seatHolds, sellers } from "@db/schema";
import type { Db } from "../../db/client";
import { HOLD_MINUTES } from "./view";

/**
 * The seat writes of ADR 0044. Every change of a hold's status changes its departure's `sold`/`held` in the same
 * batch, and the departure's CHECK (sold + held <= capacity) refuses any batch that would take a seat that is not
 * there: D1 runs one batch at a time, so of two travellers racing for the last seat exactly one batch commits. Each
 * statement is written to be a no-op when repeated (it matches the hold's old status only), so a retried webhook or
 * a second cancellation gives nothing back twice.
 */

type Statement = Parameters<Db["batch"]>[0][number];

/** The seller's content version moves with the seats, so cached package pages show what is left (ADR 0007). */
const bumpSellers = (db: Db, sellerIds: SQL) =>
  db.update(sellers).set({ contentVersion: sql`content_version + 1` }).where(sql`id in (${sellerIds})`);

/** drizzle's batch takes its own builders only, so the seat writes are builders over raw conditions. */
const setSeats = (db: Db, set: { sold?: SQL; held?: SQL }, at: string, where: SQL) =>
  db
    .update(departures)
    .set({ ...set, updatedAt: at })
    .where(where);
const setHolds = (db: Db, status: "held" | "sold" | "released", at: string, where: SQL, expiresAt?: string) =>
  db
    .update(seatHolds)
    .set({ status, updatedAt: at, ...(expiresAt ? { expiresAt } : {}) })
    .where(where);

export const holdExpiry = (now: Date) => new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString();

/** True when D1 refused a batch because a departure had fewer seats left than it tried to take. */
export function seatsRanOut(error: unknown) {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return /CHECK constraint failed: departure_seats_fit/.test(text);
}

export type SeatClaim = {
  /** The booking-to-be's id: the hold's id. */
  bookingId: string;
  departureId: string;
  sellerId: string;
  seats: number;
};

/**
 * Holds seats for a checkout (`paymentId`) until `expiresAt`, or, with `sold`, takes them for a booking request
 * made without paying. Holds whose time is over are given back first, in the same batch, so they never block.
 */
export function claimStatements(db: Db, claims: SeatClaim[], now: Date, paymentId: string | null, sold = false): Statement[] {
  if (claims.length === 0) return [];
  const at = now.toISOString();
  const expiresAt = sold ? at : holdExpiry(now);
  const column = sold ? sql.raw("sold") : sql.raw("held");
  return [
    ...releaseExpiredStatements(db, now),
    ...claims.flatMap((c) => [
      db.insert(seatHolds).values({
        id: c.bookingId,
        departureId: c.departureId,
        sellerId: c.sellerId,
        paymentId,
        seats: c.seats,
        status: sold ? "sold" : "held",
        expiresAt,
        createdAt: at,
        updatedAt: at,
      }),
      // SECURITY: the CHECK on departures fails this statement, and with it the whole batch, when the seats are gone.
      setSeats(db, { [sold ? "sold" : "held"]: sql`${column} + ${c.seats}` }, at, sql`id = ${c.departureId} and seller_id = ${c.sellerId}`),
    ]),
    bumpSellers(db, sql.join([...new Set(claims.map((c) => sql`${c.sellerId}`))], sql`, `)),
  ];
}

/** Holds whose 15 minutes are over go back to their departures (checkout, the scheduled run, seller edits). */
export function releaseExpiredStatements(db: Db, now: Date): Statement[] {
  const at = now.toISOString();
  const expired = sql`status = 'held' and expires_at <= ${at}`;
  return [
    bumpSellers(db, sql`select seller_id from seat_holds where ${expired}`),
    setSeats(
      db,
      {
        held: sql`held - (select coalesce(sum(h.seats), 0) from seat_holds h
          where h.departure_id = "departures"."id" and h.status = 'held' and h.expires_at <= ${at})`,
      },
      at,
      sql`id in (select departure_id from seat_holds where ${expired})`,
    ),
    setHolds(db, "released", at, expired),
  ];
}

/** A failed payment gives its held seats back, if the payment is still failed when the batch runs. */
export function releasePaymentStatements(db: Db, paymentId: string, now: Date): Statement[] {
  const at = now.toISOString();
  const mine = sql`payment_id = ${paymentId} and status = 'held' and exists (select 1 from payments p where p.id = ${paymentId} and p.status = 'failed')`;
  return [
    bumpSellers(db, sql`select seller_id from seat_holds where ${mine}`),
    setSeats(
      db,
      {
        held: sql`held - (select coalesce(sum(h.seats), 0) from seat_holds h
          where h.departure_id = "departures"."id" and h.payment_id = ${paymentId} and h.status = 'held')`,
      },
      at,
      sql`id in (select departure_id from seat_holds where ${mine})`,
    ),
    setHolds(db, "released", at, mine),
  ];
}

/**
 * A captured payment's booking takes its seats for good: its hold becomes sold. A hold that lapsed (released)
 * takes the seats again if they are free; if not, the CHECK fails the batch (capture checks first, seatsGone).
 */
export function sellHeldStatements(db: Db, bookingId: string, sellerId: string, now: Date): Statement[] {
  const at = now.toISOString();
  const open = sql`id = ${bookingId} and status in ('held', 'released')`;
  return [
    setSeats(
      db,
      {
        sold: sql`sold + (select seats from seat_holds where ${open})`,
        held: sql`held - (select coalesce(sum(seats), 0) from seat_holds where id = ${bookingId} and status = 'held')`,
      },
      at,
      sql`id = (select departure_id from seat_holds where ${open})`,
    ),
    setHolds(db, "sold", at, open),
    bumpSellers(db, sql`${sellerId}`),
  ];
}

/** A checkout item that is refunded instead of booked gives its held seats back at once. */
export function releaseHeldStatements(db: Db, bookingId: string, now: Date): Statement[] {
  const at = now.toISOString();
  const mine = sql`id = ${bookingId} and status = 'held'`;
  return [
    bumpSellers(db, sql`select seller_id from seat_holds where ${mine}`),
    setSeats(
      db,
      { held: sql`held - (select seats from seat_holds where ${mine})` },
      at,
      sql`id = (select departure_id from seat_holds where ${mine})`,
    ),
    setHolds(db, "released", at, mine),
  ];
}

/**
 * A booking that ended (rejected, cancelled, expired) gives its sold seats back. Placed after the status change in
 * the same batch: it acts only if the booking did end, and only once.
 */
export function releaseSoldStatements(db: Db, bookingId: string, now: Date): Statement[] {
  const at = now.toISOString();
  const mine = sql`id = ${bookingId} and status = 'sold' and exists (select 1 from bookings b where b.id = ${bookingId} and b.status in ('cancelled', 'rejected'))`;
  return [
    bumpSellers(db, sql`select seller_id from seat_holds where ${mine}`),
    setSeats(
      db,
      { sold: sql`sold - (select seats from seat_holds where ${mine})` },
      at,
      sql`id = (select departure_id from seat_holds where ${mine})`,
    ),
    setHolds(db, "released", at, mine),
  ];
}
