import { eq, inArray } from "drizzle-orm";
import { outbox, paymentItems, payments, sellers, travelBookings, users } from "@db/schema";
import { formatDate, formatRupees } from "../../shared/format";
import { readerOf } from "../../db/batcher";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { type Refund, refundLine, sellerRequestEmail } from "../bookings/emails";
import { findBooking } from "../bookings/service";
import type { Booking } from "../bookings/shapes";
import { customerBookingUrl, platformUrl } from "../email/links";
import type { Email } from "../email/send";
import type { OutboxRow } from "../follow-ups/outbox";
import type { BookingDraft } from "./checkout";
import { REQUEST_EXPIRY_HOURS } from "./policy";
import { PLATFORM_MERCHANT_ID } from "../travel/merchant";
import { travelBookingPath } from "../travel/bookings";
import { refundIfQueued } from "./refunds";

export type PaymentFollowUpKind = "payment-receipt" | "seller-request" | "payment-unbooked";
type ItemRef = { bookingId: string; sellerId: string };
type UnbookedPayload = { paymentId: string; unbooked: { bookingId: string; reason: string }[] };

/** The ids of a capture's follow-ups: fixed per payment and booking, so each is written at most once. */
export const paymentFollowUpIds = {
  receipt: (paymentId: string) => `fu_receipt_${paymentId}`,
  sellerRequest: (bookingId: string) => `fu_request_${bookingId}`,
  unbooked: (paymentId: string) => `fu_unbooked_${paymentId}`,
};

/**
 * A capture's follow-ups as statements of the capture's own batch (ADR 0039, 0043): the customer's receipt and each
 * seller's paid request when something was booked, and the refunds of what was not (made by the consumer, which then
 * tells the customer). Written with the capture or not at all, so a fault between the two loses nothing; the
 * consumer writes each email when it first handles the row.
 */
export function captureFollowUps(
  db: Db,
  payment: { id: string; siteSellerId: string | null },
  booked: ItemRef[],
  unbooked: (ItemRef & { reason: string })[],
  createdAt: string,
) {
  const rows: { id: string; kind: PaymentFollowUpKind; sellerId: string | null; payload: unknown }[] = [];
  if (booked.length > 0) {
    rows.push({
      id: paymentFollowUpIds.receipt(payment.id),
      kind: "payment-receipt",
      sellerId: payment.siteSellerId,
      payload: { paymentId: payment.id },
    });
    // The platform's own flights, stays and bus trips (ADR 0053) have no travel agent to ask.
    for (const b of booked.filter((x) => x.sellerId !== PLATFORM_MERCHANT_ID))
      rows.push({
        id: paymentFollowUpIds.sellerRequest(b.bookingId),
        kind: "seller-request",
        sellerId: b.sellerId,
        payload: { bookingId: b.bookingId },
      });
  }
  if (unbooked.length > 0) {
    const payload: UnbookedPayload = {
      paymentId: payment.id,
      unbooked: unbooked.map((u) => ({ bookingId: u.bookingId, reason: u.reason })),
    };
    rows.push({ id: paymentFollowUpIds.unbooked(payment.id), kind: "payment-unbooked", sellerId: payment.siteSellerId, payload });
  }
  return {
    ids: rows.map((r) => r.id),
    statements: rows.map((r) =>
      db
        .insert(outbox)
        .values({ id: r.id, kind: r.kind, sellerId: r.sellerId, payload: r.payload, to: "", subject: "", text: "", createdAt }),
    ),
  };
}

/** A capture's follow-up as the queue's consumer writes it; a failure throws, for the queue to retry. */
export async function paymentFollowUpEmail(db: Db, config: AppConfig, row: OutboxRow, now: Date): Promise<Email> {
  const payload = row.payload as { paymentId?: string; bookingId?: string };
  if (row.kind === "seller-request") return sellerRequestOf(db, config, payload.bookingId ?? "");
  if (row.kind === "payment-unbooked") return unbookedEmail(db, config, row.payload as UnbookedPayload, now);
  return receiptEmail(db, config, payload.paymentId ?? "");
}

/** One receipt to the customer for the payment, listing every trip it booked. */
async function receiptEmail(db: Db, config: AppConfig, paymentId: string): Promise<Email> {
  const payment = await db.select().from(payments).where(eq(payments.id, paymentId)).get();
  if (!payment) throw new Error(`Payment ${paymentId} no longer exists`);
  const items = await db.select({ bookingId: paymentItems.bookingId }).from(paymentItems).where(eq(paymentItems.paymentId, paymentId));
  // One reader for all of them: the bookings are read in one D1 batch.
  const reader = readerOf(db);
  const booked = (await Promise.all(items.map((i) => findBooking(reader, i.bookingId)))).filter((b): b is Booking => b !== null);
  // Flights, stays and bus trips the platform sold (ADR 0053) are on the same receipt.
  const travel = await db.select().from(travelBookings).where(eq(travelBookings.paymentId, paymentId));
  if (booked.length === 0 && travel.length === 0) throw new Error(`Payment ${paymentId} booked nothing to send a receipt for`);
  const travelLines = travel.map(
    (t) =>
      `- ${t.bookingRef}: ${t.title}, ${formatDate(t.startDate)}, ${formatRupees(t.amount)}\n  ${platformUrl(config, travelBookingPath(t.bookingRef))}`,
  );
  if (booked.length === 0) {
    const customer = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, payment.userId)).get();
    if (!customer) throw new Error(`The customer of payment ${paymentId} no longer exists`);
    return {
      to: customer.email,
      sellerId: null,
      subject: `Payment receipt: ${formatRupees(payment.amount)} paid`,
      text: `Hello ${customer.name},\n\nThank you. We received your payment of ${formatRupees(payment.amount)} on ${formatDate(payment.capturedAt ?? payment.updatedAt)}.\n\nReceipt: ${payment.id}\nPayment reference: ${payment.providerPaymentId ?? ""}\n\n${travelLines.join("\n")}\n\nYour e-tickets are on each booking's page.\n\nCancellation and refund policy:\n${platformUrl(config, "/cancellation-and-refund")}`,
    };
  }
  const sellerRows = await db
    .select({ id: sellers.id, name: sellers.name })
    .from(sellers)
    .where(inArray(sellers.id, [...new Set(booked.map((b) => b.sellerId))]));
  const sellerOf = new Map(sellerRows.map((s) => [s.id, s]));
  const customer = booked[0].userId;
  const domainFor = (b: Booking) => (payment.siteHost && payment.siteSellerId === b.sellerId ? payment.siteHost : null);
  const lines = booked.map(
    (b) =>
      `- ${b.bookingId}: ${b.packageId.name} with ${sellerOf.get(b.sellerId)?.name ?? "the travel agent"}, ${formatDate(b.travelDates.startDate)}, ${formatRupees(b.pricing.total)}\n  ${customerBookingUrl(config, b.bookingId, domainFor(b))}`,
  );
  return {
    to: customer.email,
    sellerId: payment.siteSellerId,
    subject: `Payment receipt: ${formatRupees(payment.amount)} paid`,
    text: `Hello ${customer.name},\n\nThank you. We received your payment of ${formatRupees(payment.amount)} on ${formatDate(payment.capturedAt ?? payment.updatedAt)}.\n\nReceipt: ${payment.id}\nPayment reference: ${payment.providerPaymentId ?? ""}\n\n${[...lines, ...travelLines].join("\n")}\n\nEach travel agent now confirms their booking. If one cannot take it, or does not answer within ${REQUEST_EXPIRY_HOURS} hours, that booking's amount is refunded in full automatically.\n\nCancellation and refund policy:\n${platformUrl(config, "/cancellation-and-refund")}`,
  };
}

/** The seller of one paid booking is asked to answer it. */
async function sellerRequestOf(db: Db, config: AppConfig, bookingId: string): Promise<Email> {
  const booking = await findBooking(readerOf(db), bookingId);
  if (!booking) throw new Error(`Booking ${bookingId} no longer exists`);
  const seller = await db.select({ email: sellers.email }).from(sellers).where(eq(sellers.id, booking.sellerId)).get();
  if (!seller) throw new Error(`Seller ${booking.sellerId} no longer exists`);
  return sellerRequestEmail(config, booking, seller, true);
}

/**
 * After a capture that could not book every trip (issue 23): each unbooked item's refund is asked of the provider
 * (once: the refund row says whether it was; the scheduled run retries what it does not take), then the traveller
 * is told which trips were refunded and why.
 */
async function unbookedEmail(db: Db, config: AppConfig, { paymentId, unbooked }: UnbookedPayload, now: Date): Promise<Email> {
  for (const u of unbooked) {
    try {
      await refundIfQueued(db, config, u.bookingId, now);
    } catch (error) {
      console.warn(`refund of ${u.bookingId} not made yet (retried later)`, error);
    }
  }
  const payment = await db.select().from(payments).where(eq(payments.id, paymentId)).get();
  const customer =
    payment && (await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, payment.userId)).get());
  if (!payment || !customer) throw new Error(`Payment ${paymentId} or its customer no longer exists`);
  const items = await db
    .select({ bookingId: paymentItems.bookingId, amount: paymentItems.amount, booking: paymentItems.booking })
    .from(paymentItems)
    .where(
      inArray(
        paymentItems.bookingId,
        unbooked.map((u) => u.bookingId),
      ),
    );
  const reasonOf = new Map(unbooked.map((u) => [u.bookingId, u.reason]));
  const lines = items.map((i) => {
    const draft = i.booking as BookingDraft;
    return `- ${draft.packageName} with ${draft.sellerName}, ${formatDate(draft.row.startDate)}: ${formatRupees(i.amount)} refunded. ${reasonOf.get(i.bookingId)}.`;
  });
  const total = items.reduce((sum, i) => sum + i.amount, 0);
  return {
    to: customer.email,
    sellerId: payment.siteSellerId,
    subject: `Refund of ${formatRupees(total)}: we could not book your trip`,
    text: `Hello ${customer.name},\n\nWe received your payment (${payment.id}), but could not book the following, so the money is being refunded in full:\n\n${lines.join("\n")}\n\nRefunds go back to the card, UPI account or bank account you paid with; your bank usually shows them within 5 to 7 working days. Your cart still holds these trips where they can be booked again:\n${platformUrl(config, "/cart")}`,
  };
}

/** The customer hears that their request expired unanswered and is refunded (the expiry's follow-up, ADR 0039). */
export function expiredEmail(config: AppConfig, b: Booking, refund: Refund): Email {
  return {
    to: b.userId.email,
    sellerId: b.sellerId,
    subject: `Booking request expired: ${b.bookingId}`,
    text: `Hello ${b.userId.name},\n\nThe travel agent did not answer your request for ${b.packageId.name} (${formatDate(b.travelDates.startDate)}) within ${REQUEST_EXPIRY_HOURS} hours, so it has been cancelled.${refundLine(refund)}\n\nSee your booking:\n${customerBookingUrl(config, b.bookingId, null)}`,
  };
}
