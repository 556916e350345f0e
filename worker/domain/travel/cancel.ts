import { and, eq, sql } from "drizzle-orm";
import { paymentItems, payments, refunds, travelBookings } from "@db/schema";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { todayInIndia } from "../bookings/transitions";
import { conflict, notFound } from "../errors";
import { followUpIds } from "../bookings/service";
import { enqueueFollowUps, followUpOf } from "../follow-ups/outbox";
import { refundIdOf } from "../payments/refunds";
import { PLATFORM_MERCHANT_ID } from "./merchant";
import type { PricedOffer, TravelChoice } from "./offer";
import { travelInventoryOf } from "./registry";

export const TRAVEL_BOOKING_NOT_FOUND = "Booking not found";

/**
 * What cancelling gives back by the fare's rules: a refundable flight its total less the cancellation fee per
 * seated passenger, a non-refundable one its taxes (the airline keeps the fare); a stay or bus trip its total up to
 * its free-cancellation deadline, nothing after.
 */
export function refundOnCancel(offer: PricedOffer, now: Date) {
  if (offer.kind === "flight") {
    const details = offer.details as {
      cancellationFee?: number;
      fare?: { taxes: number };
      passengers?: { adults: number; children: number };
    };
    const seated = (details.passengers?.adults ?? 1) + (details.passengers?.children ?? 0);
    if (offer.refundable) return Math.max(0, offer.total - (details.cancellationFee ?? 0) * seated);
    return Math.min(offer.total, details.fare?.taxes ?? 0);
  }
  return offer.freeCancellationUntil && now.toISOString() < offer.freeCancellationUntil ? offer.total : 0;
}

/**
 * The traveller cancels their own flight, stay or bus trip (ADR 0053): the booking, its refund by the fare's rules,
 * its inventory back and the follow-up that makes the refund and emails the traveller, in one batch (the refund and
 * follow-up only if this call cancelled it). The provider is asked by the FOLLOW_UPS queue's consumer, never in this
 * request (ADR 0039), so the answer carries the refund as written: pending until the queue makes it. Another
 * traveller's booking is not found.
 */
export async function cancelTravelBooking(db: Db, config: AppConfig, userId: string, id: string, now: Date) {
  // SECURITY: scoped by the owner; another traveller's booking answers as if it did not exist.
  const booking = await db
    .select()
    .from(travelBookings)
    .where(and(eq(travelBookings.id, id), eq(travelBookings.userId, userId)))
    .get();
  if (!booking) throw notFound(TRAVEL_BOOKING_NOT_FOUND);
  if (booking.status === "cancelled") throw conflict("This booking is already cancelled");
  if (booking.startDate < todayInIndia(now)) throw conflict("This trip has already started, so it cannot be cancelled online");
  const offer = booking.offer as PricedOffer;
  const amount = refundOnCancel(offer, now);
  const at = now.toISOString();
  const cancelledNow = sql`exists (select 1 from ${travelBookings} where ${travelBookings.id} = ${id} and ${travelBookings.cancelledAt} = ${at})`;
  const [, , , written] = await db.batch([
    db
      .update(travelBookings)
      .set({ status: "cancelled", cancelledAt: at, refundAmount: amount })
      .where(and(eq(travelBookings.id, id), eq(travelBookings.status, "confirmed"))),
    db
      .insert(refunds)
      .select(
        sql`select ${refundIdOf(id)}, ${paymentItems.paymentId}, ${paymentItems.bookingId}, ${paymentItems.sellerId},
          min(${amount}, ${paymentItems.amount}), 'cancelled', 'pending', null, null, ${at}, null, 0, null, null
        from ${paymentItems} join ${payments} on ${payments.id} = ${paymentItems.paymentId}
        where ${paymentItems.bookingId} = ${id} and ${payments.status} = 'captured' and ${amount} > 0 and ${cancelledNow}`,
      )
      .onConflictDoNothing(),
    followUpOf(
      db,
      { id: followUpIds(id).cancelledToCustomer, kind: "travel-cancellation", sellerId: PLATFORM_MERCHANT_ID, payload: { bookingId: id } },
      cancelledNow,
      now,
    ),
    db
      .select({ status: refunds.status, amount: refunds.amount })
      .from(refunds)
      .where(eq(refunds.id, refundIdOf(id))),
    ...(travelInventoryOf(booking.kind).releaseStatements?.(db, { id, offer, choice: booking.choice as TravelChoice }) ?? []),
  ]);
  await enqueueFollowUps(config, [followUpIds(id).cancelledToCustomer]);
  const refund = written[0] ?? null;
  return {
    id,
    status: "cancelled" as const,
    refundAmount: amount,
    refund: refund ? { status: refund.status, amount: refund.amount } : null,
  };
}
