import { type SQL, and, count, desc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import { bookings, packages, paymentItems, travellers, users } from "@db/schema";
import type { BookingStatus } from "@db/bookings";
import type { Role } from "@db/users";
import { conflict, forbidden, notFound } from "../errors";
import type { Reader } from "../../db/batcher";
import type { Db } from "../../db/client";
import { containsTerm } from "../../db/text-search";
import type { z } from "zod";
import type { customerListQuery, sellerListQuery } from "./schemas";
import { type Booking, isBookingRef, pagination, selectBookings, toBooking, travellersOf, travellersOfBooking } from "./shapes";
import { canTransition, illegalTransitionMessage, todayInIndia } from "./transitions";
import { cancellationRefund } from "../payments/policy";
import { queueRefund } from "../payments/refunds";
import { releaseSoldStatements } from "../departures/holds";
import { followUpOf } from "../follow-ups/outbox";

export const NO_PERMISSION = "You do not have permission to view this booking";
export const NOT_FOUND = "Booking not found";

/** A booking by its number (TB-YYYY-NNNNNN, its page's address) or its id (older links), in the reader's batch. */
export async function findBooking({ db, load }: Reader, key: string): Promise<Booking | null> {
  const [rows, people] = await Promise.all([
    load(selectBookings(db).where(isBookingRef(key) ? eq(bookings.bookingRef, key) : eq(bookings.id, key))),
    load(travellersOfBooking(db, key)),
  ]);
  return rows[0] ? toBooking(rows[0], people) : null;
}

/** The id of the booking a page's address names (by number or id); unknown numbers stay as given (not found later). */
export async function bookingIdFor(db: Db, key: string): Promise<string> {
  if (!isBookingRef(key)) return key;
  const [row] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bookingRef, key)).limit(1);
  return row?.id ?? key;
}

/** SECURITY: only the customer who booked, the booking's seller and a superadmin may read a booking. */
export function bookingVisibleTo(booking: Booking | null, viewer: { id: string; role: Role }): Booking {
  if (!booking) throw notFound(NOT_FOUND);
  const allowed =
    viewer.role === "superadmin" ||
    (viewer.role === "user" && booking.userId._id === viewer.id) ||
    (viewer.role === "seller" && booking.sellerId === viewer.id);
  if (!allowed) throw forbidden(NO_PERMISSION);
  return booking;
}

export async function readBookingAs(reader: Reader, viewer: { id: string; role: Role }, id: string) {
  return bookingVisibleTo(await findBooking(reader, id), viewer);
}

/** The customer's own bookings with the dashboard stats, in one batch. */
/** `today` is India's date the request is served on; the result carries it so the page decides as the server did. */
export async function listCustomerBookings({ db, load }: Reader, userId: string, q: z.infer<typeof customerListQuery>, today: string) {
  const scope = and(eq(bookings.userId, userId), q.sellerId ? eq(bookings.sellerId, q.sellerId) : undefined);
  const filters: (SQL | undefined)[] = [scope];
  if (q.status) filters.push(eq(bookings.status, q.status));
  if (q.when === "upcoming") filters.push(inArray(bookings.status, ["pending", "confirmed"]), gte(bookings.startDate, today));
  if (q.when === "completed") filters.push(eq(bookings.status, "confirmed"), lt(bookings.startDate, today));
  const where = and(...filters);
  const pageIds = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(where)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [rows, [{ total }], [stats], people] = await Promise.all([
    load(
      selectBookings(db)
        .where(where)
        .orderBy(desc(bookings.createdAt), desc(bookings.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
    ),
    load(db.select({ total: count() }).from(bookings).where(where)),
    load(
      db
        .select({
          activeBookings: sql<number>`coalesce(sum(case when ${bookings.status} in ('pending','confirmed') and ${bookings.startDate} >= ${today} then 1 else 0 end), 0)`,
          completedTrips: sql<number>`coalesce(sum(case when ${bookings.status} = 'confirmed' and ${bookings.startDate} < ${today} then 1 else 0 end), 0)`,
          // Both discounts as each booking stored them (the platform's and a verified student's, ADR 0049).
          totalSavings: sql<number>`coalesce(sum(case when ${bookings.status} = 'confirmed' then ${bookings.discount} + ${bookings.studentDiscount} else 0 end), 0)`,
        })
        .from(bookings)
        .where(scope),
    ),
    load(db.select().from(travellers).where(inArray(travellers.bookingId, pageIds)).orderBy(travellers.bookingId, travellers.position)),
  ]);
  return {
    data: rows.map((r) => toBooking(r, people)),
    pagination: pagination(q.page, q.limit, total),
    stats: {
      activeBookings: Number(stats.activeBookings),
      completedTrips: Number(stats.completedTrips),
      totalSavings: Number(stats.totalSavings),
    },
    today,
  };
}

/** Paid requests waiting for the seller's answer come first (ADR 0029): their 48 hours are running. */
const paidRequestsFirst = sql`case when ${bookings.status} = 'pending' and ${bookings.paymentStatus} = 'completed' then 0 else 1 end`;

/** A seller's orders: paid requests awaiting an answer first, then newest first, with the per-status summary of all their bookings. */
export async function listSellerBookings({ db, load }: Reader, sellerId: string, q: z.infer<typeof sellerListQuery>) {
  const filters: (SQL | undefined)[] = [eq(bookings.sellerId, sellerId)];
  if (q.status) filters.push(eq(bookings.status, q.status));
  if (q.paymentStatus) filters.push(eq(bookings.paymentStatus, q.paymentStatus));
  if (q.from) filters.push(gte(bookings.startDate, q.from));
  if (q.to) filters.push(lte(bookings.startDate, q.to));
  if (q.q) filters.push(containsTerm(q.q, bookings.bookingRef, users.name, packages.name));
  const where = and(...filters);
  const offset = (q.page - 1) * q.limit;
  const pageIds = db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(packages, eq(packages.id, bookings.packageId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(where)
    .orderBy(paidRequestsFirst, desc(bookings.createdAt), desc(bookings.id))
    .limit(q.limit)
    .offset(offset);
  const [rows, [{ total }], summary, people] = await Promise.all([
    load(
      selectBookings(db).where(where).orderBy(paidRequestsFirst, desc(bookings.createdAt), desc(bookings.id)).limit(q.limit).offset(offset),
    ),
    load(
      db
        .select({ total: count() })
        .from(bookings)
        .innerJoin(packages, eq(packages.id, bookings.packageId))
        .innerJoin(users, eq(users.id, bookings.userId))
        .where(where),
    ),
    load(
      db
        .select({ status: bookings.status, count: count(), total: sql<number>`coalesce(sum(${bookings.total}), 0)` })
        .from(bookings)
        .where(eq(bookings.sellerId, sellerId))
        .groupBy(bookings.status),
    ),
    load(db.select().from(travellers).where(inArray(travellers.bookingId, pageIds)).orderBy(travellers.bookingId, travellers.position)),
  ]);
  const counts = { pending: 0, confirmed: 0, cancelled: 0, rejected: 0 } as Record<BookingStatus, number>;
  let confirmedRevenue = 0;
  for (const s of summary) {
    counts[s.status] = s.count;
    if (s.status === "confirmed") confirmedRevenue = Number(s.total);
  }
  return {
    data: rows.map((r) => toBooking(r, people)),
    pagination: pagination(q.page, q.limit, total),
    summary: { counts, confirmedRevenue },
  };
}

/** The ids of a booking's follow-ups (ADR 0039): fixed, so a booking has at most one of each. */
export const followUpIds = (bookingId: string) => ({
  answer: `fu_answer_${bookingId}`,
  cancelledToSeller: `fu_cancel_seller_${bookingId}`,
  cancelledToCustomer: `fu_cancel_customer_${bookingId}`,
});

/** The booking as a batch leaves it, read in the same batch. */
const bookingReads = (db: Db, id: string) => [selectBookings(db).where(eq(bookings.id, id)), travellersOf(db, [id])] as const;

/**
 * Approve or reject as ONE conditional UPDATE: of any number of concurrent calls only the first finds the booking
 * pending; the rest get 409. In the same batch, only if the decision was made: a rejected paid request's full refund
 * (ADR 0029), and the follow-up that makes it and emails the customer (ADR 0039), and the booking read back. One D1
 * round trip; the caller then puts the follow-up on the queue. `sellerWrote` is what the email quotes.
 */
export async function decideBooking(
  db: Db,
  sellerId: string,
  id: string,
  decision: "approved" | "rejected",
  message: string,
  at: Date,
  sellerWrote: string | null = null,
): Promise<Booking> {
  const to: BookingStatus = decision === "approved" ? "confirmed" : "rejected";
  const now = at.toISOString();
  const decided = sql`exists (select 1 from ${bookings} where ${bookings.id} = ${id} and ${bookings.sellerId} = ${sellerId}
    and ${bookings.status} = ${to} and ${bookings.sellerRespondedAt} = ${now})`;
  const [updated, , , rows, people] = await db.batch([
    db
      .update(bookings)
      .set({ status: to, sellerResponseStatus: decision, sellerResponseMessage: message, sellerRespondedAt: now, updatedAt: now })
      .where(and(eq(bookings.id, id), eq(bookings.sellerId, sellerId), eq(bookings.status, "pending")))
      .returning({ id: bookings.id }),
    queueRefund(db, id, "rejected", sql`${bookings.status} = 'rejected' and ${bookings.sellerId} = ${sellerId}`, at),
    followUpOf(db, { id: followUpIds(id).answer, kind: "booking-answer", sellerId, payload: { bookingId: id, sellerWrote } }, decided, at),
    ...bookingReads(db, id),
    // A rejection gives the departure's seats back (ADR 0044); after the reads, so their positions stay.
    ...releaseSoldStatements(db, id, at),
  ]);
  if (updated.length === 0) await explainRefusal(db, id, (b) => b.sellerId === sellerId, to);
  return toBooking(rows[0], people);
}

/**
 * The customer cancels their own pending or confirmed booking before it starts. What was paid comes back as
 * the policy says (payments/policy.ts), queued in the same batch as the cancellation, with both sides' emails as
 * follow-ups (ADR 0039). The policy depends on the status read first, so the update only matches that status: a
 * seller's answer in between makes it 409. Two D1 round trips: the read, then the batch.
 */
export async function cancelBooking(db: Db, userId: string, id: string, now: Date): Promise<Booking> {
  const today = todayInIndia(now);
  const current = await db
    .select({
      status: bookings.status,
      startDate: bookings.startDate,
      paid: paymentItems.amount,
      paymentStatus: bookings.paymentStatus,
      sellerId: bookings.sellerId,
    })
    .from(bookings)
    .leftJoin(paymentItems, eq(paymentItems.bookingId, bookings.id))
    .where(and(eq(bookings.id, id), eq(bookings.userId, userId)))
    .get();
  const observed = current && (current.status === "pending" || current.status === "confirmed") ? current.status : "pending";
  const paid = current?.paymentStatus === "completed" ? (current.paid ?? 0) : 0;
  const refund = current ? cancellationRefund({ status: observed, startDate: current.startDate, paid }, today) : { amount: 0 };
  const at = now.toISOString();
  const cancelled = sql`exists (select 1 from ${bookings} where ${bookings.id} = ${id} and ${bookings.userId} = ${userId}
    and ${bookings.status} = 'cancelled' and ${bookings.cancelledBy} = 'customer' and ${bookings.updatedAt} = ${at})`;
  const ids = followUpIds(id);
  const sellerId = current?.sellerId ?? "";
  const [updated, , , , rows, people] = await db.batch([
    db
      .update(bookings)
      .set({ status: "cancelled", cancelledBy: "customer", updatedAt: at })
      .where(and(eq(bookings.id, id), eq(bookings.userId, userId), eq(bookings.status, observed), sql`${bookings.startDate} > ${today}`))
      .returning({ id: bookings.id }),
    queueRefund(
      db,
      id,
      "cancelled",
      sql`${bookings.status} = 'cancelled' and ${bookings.cancelledBy} = 'customer' and ${bookings.userId} = ${userId} and ${refund.amount} > 0`,
      now,
      refund.amount,
    ),
    followUpOf(
      db,
      { id: ids.cancelledToSeller, kind: "booking-cancellation", sellerId, payload: { bookingId: id, to: "seller" } },
      cancelled,
      now,
    ),
    followUpOf(
      db,
      { id: ids.cancelledToCustomer, kind: "booking-cancellation", sellerId, payload: { bookingId: id, to: "customer" } },
      cancelled,
      now,
    ),
    ...bookingReads(db, id),
    ...releaseSoldStatements(db, id, now),
  ]);
  if (updated.length === 0) {
    const row = await explainRefusal(db, id, (b) => b.userId === userId, "cancelled");
    if (row.startDate <= today) throw conflict("A booking can only be cancelled before its start date");
    // Its status changed between the read and the update (the seller answered): the policy must be read again.
    throw conflict("This booking changed while you were cancelling it; please look at it again");
  }
  return toBooking(rows[0], people);
}

/** Why a conditional update matched nothing: 404, 403 or 409 — read after the fact, never used to decide. */
async function explainRefusal(db: Db, id: string, owns: (b: { sellerId: string; userId: string }) => boolean, to: BookingStatus) {
  const row = await db
    .select({ sellerId: bookings.sellerId, userId: bookings.userId, status: bookings.status, startDate: bookings.startDate })
    .from(bookings)
    .where(eq(bookings.id, id))
    .get();
  if (!row) throw notFound(NOT_FOUND);
  if (!owns(row)) throw forbidden("You do not have permission to change this booking");
  if (!canTransition(row.status, to)) throw conflict(illegalTransitionMessage(row.status, to));
  return row;
}
