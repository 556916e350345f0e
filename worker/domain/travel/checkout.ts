import { and, eq, sql } from "drizzle-orm";
import { bookingSequences, paymentItems, travelBookings } from "@db/schema";
import { readerOf } from "../../db/batcher";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { formatRupees } from "../../shared/format";
import { conflict, unprocessable } from "../errors";
import type { PricedOffer, TravelChoice } from "./offer";
import { type TravelLine, noteChangedFare, openOffer, repriceOffer } from "./cart";
import { PLATFORM_MERCHANT_ID, PLATFORM_MERCHANT_NAME } from "./merchant";
import { travelInventoryOf } from "./registry";

type Statement = Parameters<Db["batch"]>[0][number];

/**
 * A travel line as checkout stores it on its payment item (ADR 0053): the fields a package draft's readers use
 * (`packageName`, `sellerName`, `row.startDate`, `row.total`…) plus `travel`, the offer and choice that the capture
 * writes as the booking.
 */
export type TravelDraft = {
  packageName: string;
  sellerName: string;
  row: { sellerId: string; startDate: string; adults: number; children: number; total: number };
  travel: { kind: PricedOffer["kind"]; offerId: string; choice: TravelChoice; offer: PricedOffer };
};

export const travelDraftOf = (booking: unknown): TravelDraft | null => {
  const draft = booking as Partial<TravelDraft> | null;
  return draft?.travel && typeof draft.travel === "object" ? (draft as TravelDraft) : null;
};

export const fareChangedMessage = (title: string, before: number, after: number) =>
  `The fare of ${title} changed from ${formatRupees(before)} to ${formatRupees(after)}. Nothing was charged; please accept the new fare in your cart to continue.`;

/**
 * Re-prices a cart's travel line at checkout, before any order exists at the provider: the same price gives its
 * draft; a new price is noted on the line (the cart shows old and new and asks the traveller to accept) and refused;
 * a sold-out or invalid offer is refused with its reason.
 */
export async function travelDraftAtCheckout(db: Db, config: AppConfig, userId: string, cartItemId: string, line: TravelLine, now: Date) {
  if (line.changed) throw conflict(fareChangedMessage(line.offer.title, line.changed.previousTotal, line.changed.offer.total));
  const { payload } = await openOffer(config, line.offerId);
  const outcome = await repriceOffer(readerOf(db), config, payload, line.offerId, line.choice, now);
  if (outcome.status === "sold_out" || outcome.status === "invalid")
    throw unprocessable(`A trip in your cart cannot be booked: ${outcome.message} Please remove it.`, [
      { path: `cart.${cartItemId}`, message: outcome.message },
    ]);
  if (outcome.offer.total !== line.offer.total) {
    await noteChangedFare(db, userId, cartItemId, line, outcome.offer);
    throw conflict(fareChangedMessage(line.offer.title, line.offer.total, outcome.offer.total));
  }
  const people = line.choice.travellers.length;
  const adults = line.choice.travellers.filter((t) => (t.age ?? 99) >= 12).length;
  const draft: TravelDraft = {
    packageName: outcome.offer.title,
    sellerName: PLATFORM_MERCHANT_NAME,
    row: {
      sellerId: PLATFORM_MERCHANT_ID,
      startDate: outcome.offer.startDate,
      adults,
      children: people - adults,
      total: outcome.offer.total,
    },
    travel: { kind: line.kind, offerId: line.offerId, choice: line.choice, offer: outcome.offer },
  };
  return draft;
}

/** The statements that write a paid travel item's booking with its number (TB-YYYY-NNNNNN) and take its inventory. */
export function travelBookingStatements(
  db: Db,
  payment: { id: string; userId: string },
  item: { bookingId: string },
  draft: TravelDraft,
  year: number,
  createdAt: string,
): Statement[] {
  const { offer, choice, kind } = draft.travel;
  return [
    db
      .insert(bookingSequences)
      .values({ year, last: 1 })
      .onConflictDoUpdate({ target: bookingSequences.year, set: { last: sql`${bookingSequences.last} + 1` } }),
    db.insert(travelBookings).values({
      id: item.bookingId,
      bookingRef: `allocating:${item.bookingId}`,
      kind,
      userId: payment.userId,
      paymentId: payment.id,
      title: offer.title,
      startDate: offer.startDate,
      endDate: offer.endDate,
      amount: offer.total,
      offer,
      choice,
      createdAt,
    }),
    db
      .update(travelBookings)
      .set({
        bookingRef: sql`(select printf('TB-%d-%06d', ${bookingSequences.year}, ${bookingSequences.last}) from ${bookingSequences} where ${bookingSequences.year} = ${year})`,
      })
      .where(eq(travelBookings.id, item.bookingId)),
    ...(travelInventoryOf(kind).bookStatements?.(db, { id: item.bookingId, offer, choice }) ?? []),
    db
      .update(paymentItems)
      .set({ outcome: "booked" })
      .where(and(eq(paymentItems.bookingId, item.bookingId), sql`${paymentItems.outcome} is null`)),
  ];
}
