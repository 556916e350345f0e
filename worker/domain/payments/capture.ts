import { breaksUnique } from "../../db/constraints";
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { bookingSequences, bookings, cartItems, packages, paymentEvents, paymentItems, payments, refunds, travellers } from "@db/schema";
import type { Db } from "../../db/client";
import { findPriceTier, isPriced, priceBooking } from "../bookings/pricing";
import { todayInIndia, yearInIndia } from "../bookings/transitions";
import { onSale } from "../on-sale";
import { pricedChoicesOf } from "../catalogue/labels";
import type { BookingDraft, PaymentRow } from "./checkout";
import { CAPTURE_ALLOWANCE_MINUTES, checkoutExpiry } from "./policy";
import { captureFollowUps } from "./emails";
import { refundIdOf } from "./refunds";
import { seatsAtCapture } from "../departures/capture-seats";
import { releaseHeldStatements, sellHeldStatements } from "../departures/holds";
import { travelBookingStatements, travelDraftOf } from "../travel/checkout";

type Statement = Parameters<Db["batch"]>[0][number];
type ItemRow = typeof paymentItems.$inferSelect;

/** Why captured money did not become a booking: the traveller reads these on the confirm answer, the page and the email. */
export const UNBOOKED = {
  gone: "The travel agent no longer offers this trip",
  offSale: "This trip is no longer on sale",
  price: "The price of this trip changed after you started paying",
  date: "The travel date has passed",
  stale: "This checkout had expired (a checkout is open for 30 minutes)",
  paidTwice: "This trip was already paid for in another checkout of your cart",
  removed: "This trip was removed from your cart before it was paid",
  failed: "The booking could not be written",
  soldOut: "The departure sold out before the payment arrived",
} as const;

export type CaptureResult = {
  outcome: "captured" | "already-captured";
  /** Set when this call captured it: the items booked, and the items refunded with the reason. */
  booked: string[];
  unbooked: { bookingId: string; reason: string }[];
  /** The outbox rows this capture wrote in its batch (receipt, sellers' requests, refunds' notice), to enqueue. */
  followUps: string[];
};

/**
 * Re-validates each item of a payment against the world as it is when the money arrives (issue 23): the checkout
 * still open when the payment was made, the cart line still in the cart, the package still on sale at the same
 * price, the start date still ahead. Answers the reason per item that cannot be booked.
 */
async function whyNotBookable(db: Db, payment: PaymentRow, items: ItemRow[], paidAt: Date, now: Date) {
  const reasons = new Map<string, string>();
  const expired = paidAt.getTime() > checkoutExpiry(payment.createdAt).getTime() + CAPTURE_ALLOWANCE_MINUTES * 60_000;
  const drafts = items.map((i) => ({ item: i, draft: i.booking as BookingDraft, travel: travelDraftOf(i.booking) !== null }));
  const cartIds = items.map((i) => i.cartItemId).filter((id): id is string => id !== null);
  const [pkgs, inCart, bookedElsewhere] = await Promise.all([
    db
      .select({
        id: packages.id,
        priceRanges: packages.priceRanges,
        durationDays: packages.durationDays,
        onSale: sql<number>`case when ${onSale()} then 1 else 0 end`,
      })
      .from(packages)
      .where(inArray(packages.id, [...new Set(drafts.filter((d) => !d.travel).map((d) => d.draft.row.packageId))])),
    cartIds.length
      ? db
          .select({ id: cartItems.id })
          .from(cartItems)
          .where(and(eq(cartItems.userId, payment.userId), inArray(cartItems.id, cartIds)))
      : Promise.resolve([]),
    cartIds.length
      ? db
          .select({ id: paymentItems.cartItemId })
          .from(paymentItems)
          .where(and(inArray(paymentItems.cartItemId, cartIds), eq(paymentItems.outcome, "booked"), ne(paymentItems.paymentId, payment.id)))
      : Promise.resolve([]),
  ]);
  const pkgOf = new Map(pkgs.map((p) => [p.id, p]));
  const present = new Set(inCart.map((c) => c.id));
  const paidElsewhere = new Set(bookedElsewhere.map((c) => c.id));
  const today = todayInIndia(now);
  for (const { item, draft, travel } of drafts) {
    if (travel) {
      // A flight, stay or bus trip (ADR 0053): re-priced at checkout; here only the cart and the checkout's window.
      let reason: string | null = null;
      if (item.cartItemId && paidElsewhere.has(item.cartItemId)) reason = UNBOOKED.paidTwice;
      else if (item.cartItemId && !present.has(item.cartItemId)) reason = UNBOOKED.removed;
      else if (expired) reason = UNBOOKED.stale;
      else if (draft.row.startDate < today) reason = UNBOOKED.date;
      if (reason) reasons.set(item.bookingId, reason);
      continue;
    }
    const pkg = pkgOf.get(draft.row.packageId);
    const tier = pkg ? findPriceTier(pkg.priceRanges, draft.row.priceTier?.label ?? 0) : null;
    const repriced =
      pkg && tier && isPriced(tier.tier)
        ? priceBooking(
            {
              unitPrice: tier.tier.price,
              adults: draft.row.adults,
              children: draft.row.children,
              durationDays: pkg.durationDays,
              roomType: draft.row.hotelPreference.roomType,
              transportType: draft.row.transportPreference.type,
              // The catalogue choices at the prices the checkout charged (ADR 0045).
              choices: pricedChoicesOf(draft.row.choices),
              // The student discount at the percent the checkout applied (ADR 0049).
              studentDiscountPercent: draft.row.studentDiscountPercent ?? 0,
              // The platform's percentages the checkout charged (issue 28): a settings change since then is not a new price.
            },
            draft.row.priceTerms ?? undefined,
          ).total
        : null;
    let reason: string | null = null;
    if (item.cartItemId && paidElsewhere.has(item.cartItemId)) reason = UNBOOKED.paidTwice;
    else if (item.cartItemId && !present.has(item.cartItemId)) reason = UNBOOKED.removed;
    else if (expired) reason = UNBOOKED.stale;
    else if (!pkg) reason = UNBOOKED.gone;
    else if (!Number(pkg.onSale)) reason = UNBOOKED.offSale;
    else if (repriced !== item.amount) reason = UNBOOKED.price;
    else if (draft.row.startDate <= today) reason = UNBOOKED.date;
    if (reason) reasons.set(item.bookingId, reason);
  }
  return reasons;
}

/** The statements that write one item's booking, `pending` and paid, with its number and travellers. */
function bookingStatements(db: Db, payment: PaymentRow, item: ItemRow, year: number, createdAt: string): Statement[] {
  const travel = travelDraftOf(item.booking);
  if (travel) return travelBookingStatements(db, payment, item, travel, year, createdAt);
  const draft = item.booking as BookingDraft;
  return [
    db
      .insert(bookingSequences)
      .values({ year, last: 1 })
      .onConflictDoUpdate({ target: bookingSequences.year, set: { last: sql`${bookingSequences.last} + 1` } }),
    db.insert(bookings).values({
      ...draft.row,
      id: item.bookingId,
      bookingRef: `allocating:${item.bookingId}`,
      userId: payment.userId,
      status: "pending",
      paymentStatus: "completed",
      createdAt,
      updatedAt: createdAt,
    }),
    db
      .update(bookings)
      .set({
        bookingRef: sql`(select printf('TB-%d-%06d', ${bookingSequences.year}, ${bookingSequences.last}) from ${bookingSequences} where ${bookingSequences.year} = ${year})`,
      })
      .where(eq(bookings.id, item.bookingId)),
    // One statement per traveller: D1 allows at most 100 bound parameters per statement.
    ...draft.travellers.map((t, i) =>
      db
        .insert(travellers)
        .values({ id: `${item.bookingId}_t${i + 1}`, bookingId: item.bookingId, sellerId: item.sellerId, position: i + 1, ...t }),
    ),
    // SECURITY: the partial unique index on a booked cart line makes a second paid checkout of the same cart fail here.
    db
      .update(paymentItems)
      .set({ outcome: "booked" })
      .where(and(eq(paymentItems.bookingId, item.bookingId), isNull(paymentItems.outcome))),
  ];
}

/**
 * The item's money goes back: the refund row (no booking exists; the scheduled run retries what the provider does
 * not take) and the item marked refunded with the reason. The refund's id is the item's, so a second capture fails
 * on it and writes nothing.
 */
function refundStatements(db: Db, item: ItemRow, reason: string, createdAt: string): Statement[] {
  return [
    db.insert(refunds).values({
      id: refundIdOf(item.bookingId),
      paymentId: item.paymentId,
      bookingId: item.bookingId,
      sellerId: item.sellerId,
      amount: item.amount,
      reason: "unbooked",
      status: "pending",
      createdAt,
    }),
    db
      .update(paymentItems)
      .set({ outcome: "refunded", unbookedReason: reason })
      .where(and(eq(paymentItems.bookingId, item.bookingId), isNull(paymentItems.outcome))),
  ];
}

const textOf = (error: unknown) => (error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : "");
/** Another capture of the same payment got there first: its marker row (`capture:<payment id>`) is the clash. */
const isUniqueClash = (error: unknown) => breaksUnique(error, "payment_events.id");
const isConstraint = (error: unknown) => /constraint failed/i.test(textOf(error));
const isCartPaidTwice = (error: unknown) => /payment_items\.cart_item_id/.test(textOf(error));

/**
 * Records a captured payment, in ONE batch, as bookings or refunds (ADR 0029, issue 23): every item that can still
 * be booked is written `pending` and paid; every item that cannot (the trip gone, off sale or repriced, the date
 * passed, the checkout stale, the cart already paid) is refunded in full. Should the bookings' batch still fail on
 * a constraint (the package deleted a moment ago), the whole payment is refunded instead: money that was captured
 * never stays without a booking or a refund, and no constraint error reaches the caller.
 *
 * Each item's booking and refund ids were fixed at checkout, so a second capture of the same payment (the Checkout
 * callback and the webhook, or 20 at once) fails on those keys as a whole and writes nothing: exactly one effect.
 * `also` joins the batch (the webhook's event row). `paidAt` is when the provider took the payment.
 */
export async function capturePayment(
  db: Db,
  payment: PaymentRow,
  providerPaymentId: string,
  now: Date,
  also: Statement[] = [],
  paidAt: Date = now,
): Promise<CaptureResult> {
  const none: CaptureResult = { outcome: "already-captured", booked: [], unbooked: [], followUps: [] };
  if (payment.status === "captured") return none;
  const items = await db.select().from(paymentItems).where(eq(paymentItems.paymentId, payment.id));
  const createdAt = now.toISOString();
  const capture = db
    .update(payments)
    .set({ status: "captured", providerPaymentId, capturedAt: createdAt, failureReason: null, updatedAt: createdAt })
    .where(and(eq(payments.id, payment.id), ne(payments.status, "captured")));
  // Seats on departures (ADR 0044): held ones become sold with the booking, or go back with the refund.
  const seats = await seatsAtCapture(
    db,
    items.map((i) => i.bookingId),
  );
  const attempt = async (reasons: Map<string, string>): Promise<CaptureResult> => {
    const year = yearInIndia(now);
    // SECURITY: one capture row per payment. Two captures that both read the payment before either wrote (the
    // Checkout callback and the webhook at once) would otherwise both write: one the bookings, the other refunds of
    // items it found gone from the cart. The second now clashes on this key and its whole batch writes nothing.
    const marker = db
      .insert(paymentEvents)
      .values({ id: `capture:${payment.id}`, provider: payment.provider, type: "capture", paymentId: payment.id, outcome: "applied" });
    const statements: Statement[] = [...also, marker, capture];
    const booked: string[] = [];
    const unbooked: CaptureResult["unbooked"] = [];
    for (const item of items) {
      const reason = reasons.get(item.bookingId);
      if (reason) {
        statements.push(...refundStatements(db, item, reason, createdAt));
        if (seats.withSeats.has(item.bookingId)) statements.push(...releaseHeldStatements(db, item.bookingId, now));
        unbooked.push({ bookingId: item.bookingId, reason });
      } else {
        statements.push(...bookingStatements(db, payment, item, year, createdAt));
        if (seats.withSeats.has(item.bookingId)) statements.push(...sellHeldStatements(db, item.bookingId, item.sellerId, now));
        booked.push(item.bookingId);
      }
    }
    // Booked lines leave the cart; refunded ones stay, so the traveller can see why and pay again.
    const fromCart = items
      .filter((i) => !reasons.has(i.bookingId))
      .map((i) => i.cartItemId)
      .filter((id): id is string => id !== null);
    if (fromCart.length > 0)
      statements.push(db.delete(cartItems).where(and(eq(cartItems.userId, payment.userId), inArray(cartItems.id, fromCart))));
    const itemOf = new Map(items.map((i) => [i.bookingId, i]));
    const followUps = captureFollowUps(
      db,
      payment,
      booked.map((id) => ({ bookingId: id, sellerId: itemOf.get(id)?.sellerId ?? "" })),
      unbooked.map((u) => ({ ...u, sellerId: itemOf.get(u.bookingId)?.sellerId ?? "" })),
      createdAt,
    );
    statements.push(...followUps.statements);
    await db.batch(statements as [Statement, ...Statement[]]);
    return { outcome: "captured", booked, unbooked, followUps: followUps.ids };
  };
  try {
    const reasons = await whyNotBookable(db, payment, items, paidAt, now);
    for (const id of seats.gone) if (!reasons.has(id)) reasons.set(id, UNBOOKED.soldOut);
    return await attempt(reasons);
  } catch (error) {
    if (isCartPaidTwice(error)) return retryAsRefund(attempt, items, UNBOOKED.paidTwice, none);
    if (isUniqueClash(error)) return none;
    if (!isConstraint(error)) throw error;
    console.warn(`payment ${payment.id}: its bookings could not be written, so it is refunded`, error);
    return retryAsRefund(attempt, items, UNBOOKED.failed, none);
  }
}

async function retryAsRefund(
  attempt: (reasons: Map<string, string>) => Promise<CaptureResult>,
  items: ItemRow[],
  reason: string,
  none: CaptureResult,
) {
  try {
    return await attempt(new Map(items.map((i) => [i.bookingId, reason])));
  } catch (error) {
    if (isUniqueClash(error)) return none;
    throw error;
  }
}
