import { and, asc, eq, ne, sql } from "drizzle-orm";
import { bookings, paymentItems, payments, refunds, sellers, travelBookings } from "@db/schema";
import type { Reader } from "../../db/batcher";
import { notFound } from "../errors";
import type { BookingDraft } from "./checkout";
import { PAYMENT_NOT_FOUND } from "./confirm";
import { bookingIdOf } from "../bookings/shapes";
import { travelBookingPath } from "../travel/bookings";

/**
 * One checkout as its traveller sees it (booking-success): the payment, and per seller the bookings it made,
 * with their state and any refund. Read in one batch; only the payer's own payment is found.
 */
export async function readPaymentAs({ db, load }: Reader, userId: string, paymentId: string | null) {
  // Without an id, the traveller's latest payment (booking-success opened on its own).
  const target =
    paymentId ??
    sql<string>`(select ${payments.id} from ${payments} where ${payments.userId} = ${userId} order by ${payments.createdAt} desc limit 1)`;
  const [paymentRows, items, refundRows] = await Promise.all([
    load(
      db
        .select({
          id: payments.id,
          status: payments.status,
          amount: payments.amount,
          provider: payments.provider,
          providerPaymentId: payments.providerPaymentId,
          failureReason: payments.failureReason,
          capturedAt: payments.capturedAt,
          createdAt: payments.createdAt,
          siteSellerId: payments.siteSellerId,
        })
        .from(payments)
        .where(and(eq(payments.id, target), eq(payments.userId, userId))),
    ),
    load(
      db
        .select({
          bookingId: paymentItems.bookingId,
          sellerId: paymentItems.sellerId,
          amount: paymentItems.amount,
          draft: paymentItems.booking,
          unbookedReason: paymentItems.unbookedReason,
          sellerName: sql<string>`${sellers.name}`.as("seller_name"),
          bookingRef: bookings.bookingRef,
          status: bookings.status,
          paymentStatus: bookings.paymentStatus,
          responseMessage: bookings.sellerResponseMessage,
          // A flight, stay or bus trip the platform sold (ADR 0053): its own row, with its own page.
          // Aliased: D1 answers rows keyed by column name, and a package booking's columns have the same names.
          travelRef: sql<string | null>`${travelBookings.bookingRef}`.as("travel_ref"),
          travelStatus: sql<"confirmed" | "cancelled" | null>`${travelBookings.status}`.as("travel_status"),
        })
        .from(paymentItems)
        .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
        .innerJoin(sellers, eq(sellers.id, paymentItems.sellerId))
        .leftJoin(bookings, eq(bookings.id, paymentItems.bookingId))
        .leftJoin(travelBookings, eq(travelBookings.id, paymentItems.bookingId))
        .where(and(eq(paymentItems.paymentId, target), eq(payments.userId, userId)))
        .orderBy(asc(paymentItems.sellerId), asc(paymentItems.bookingId)),
    ),
    load(
      db
        .select({ bookingId: refunds.bookingId, amount: refunds.amount, status: refunds.status, reason: refunds.reason })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(and(eq(refunds.paymentId, target), eq(payments.userId, userId), ne(refunds.reason, "duplicate"))),
    ),
  ]);
  const payment = paymentRows[0];
  if (!payment) {
    if (paymentId === null) return null;
    throw notFound(PAYMENT_NOT_FOUND);
  }
  const refundOf = new Map(refundRows.map((r) => [r.bookingId, r]));
  const sellersSeen = new Map<string, { sellerId: string; sellerName: string; bookings: ReturnType<typeof line>[] }>();
  function line(i: (typeof items)[number]) {
    const draft = i.draft as BookingDraft;
    return {
      _id: i.bookingId,
      bookingId: i.bookingRef ?? i.travelRef ?? null,
      /** A travel booking's own page; a package booking's is the site's /booking/{number}. */
      page: i.travelRef ? travelBookingPath(i.travelRef) : null,
      packageName: draft.packageName,
      startDate: draft.row.startDate,
      adults: draft.row.adults,
      children: draft.row.children,
      amount: i.amount,
      status: i.status ?? i.travelStatus ?? null,
      paymentStatus: i.paymentStatus ?? (i.travelRef ? ("completed" as const) : null),
      sellerMessage: i.responseMessage,
      unbookedReason: i.unbookedReason,
      refund: refundOf.get(i.bookingId) ?? null,
    };
  }
  for (const i of items) {
    const group = sellersSeen.get(i.sellerId) ?? { sellerId: i.sellerId, sellerName: i.sellerName, bookings: [] };
    group.bookings.push(line(i));
    sellersSeen.set(i.sellerId, group);
  }
  return { ...payment, sellers: [...sellersSeen.values()] };
}

/** Whose view of a booking's money: its seller, its customer, or (null) a superadmin. */
export type MoneyScope = { sellerId: string } | { userId: string } | null;

/**
 * What was paid for a booking and what came back, for the booking's pages. Scoped like every seller-owned read:
 * a seller sees only rows with their `seller_id`, a customer only their own payment's.
 */
/** What was paid and refunded for a booking, named by its number or its id (bookingIdOf). */
export async function bookingMoney({ db, load }: Reader, bookingId: string, scope: MoneyScope) {
  const paidScope =
    scope && "sellerId" in scope ? eq(paymentItems.sellerId, scope.sellerId) : scope ? eq(payments.userId, scope.userId) : undefined;
  const refundScope =
    scope && "sellerId" in scope ? eq(refunds.sellerId, scope.sellerId) : scope ? eq(payments.userId, scope.userId) : undefined;
  const [paid, back] = await Promise.all([
    load(
      db
        .select({
          paymentId: payments.id,
          amount: paymentItems.amount,
          // D1 batches key rows by column name: the two amounts need their own names.
          paymentTotal: sql<number>`${payments.amount}`.as("payment_total"),
          status: payments.status,
          provider: payments.provider,
          providerPaymentId: payments.providerPaymentId,
          capturedAt: payments.capturedAt,
        })
        .from(paymentItems)
        .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
        .where(and(eq(paymentItems.bookingId, bookingIdOf(bookingId)), eq(payments.status, "captured"), paidScope)),
    ),
    load(
      db
        .select({
          id: refunds.id,
          amount: refunds.amount,
          status: refunds.status,
          reason: refunds.reason,
          createdAt: refunds.createdAt,
          processedAt: refunds.processedAt,
          providerRefundId: refunds.providerRefundId,
        })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(and(eq(refunds.bookingId, bookingIdOf(bookingId)), ne(refunds.reason, "duplicate"), refundScope)),
    ),
  ]);
  return { payment: paid[0] ?? null, refund: back[0] ?? null };
}

export type BookingMoney = Awaited<ReturnType<typeof bookingMoney>>;
