import { eq, inArray } from "drizzle-orm";
import { paymentItems, payments, sellers, users } from "@db/schema";
import { formatDate, formatRupees } from "../../shared/format";
import { readerOf } from "../../db/batcher";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { type Refund, emailSellerRequest, refundLine } from "../bookings/emails";
import { findBooking } from "../bookings/service";
import type { Booking } from "../bookings/shapes";
import { customerBookingUrl, platformUrl } from "../email/links";
import { trySendEmail } from "../email/send";
import type { BookingDraft } from "./checkout";
import { REQUEST_EXPIRY_HOURS } from "./policy";
import { refundIfQueued } from "./refunds";

/**
 * After a payment is captured: one receipt to the customer for the payment, and each seller is asked to answer
 * their paid request. Sent after the capture is written, which nothing here may undo (ADR 0020).
 */
export async function afterCapture(db: Db, config: AppConfig, paymentId: string) {
  try {
    const payment = await db.select().from(payments).where(eq(payments.id, paymentId)).get();
    if (!payment) return;
    const items = await db.select({ bookingId: paymentItems.bookingId }).from(paymentItems).where(eq(paymentItems.paymentId, paymentId));
    // One reader for all of them: the bookings are read in one D1 batch.
    const reader = readerOf(db);
    const booked = (await Promise.all(items.map((i) => findBooking(reader, i.bookingId)))).filter((b): b is Booking => b !== null);
    if (booked.length === 0) return;
    const sellerRows = await db
      .select({ id: sellers.id, name: sellers.name, email: sellers.email })
      .from(sellers)
      .where(inArray(sellers.id, [...new Set(booked.map((b) => b.sellerId))]));
    const sellerOf = new Map(sellerRows.map((s) => [s.id, s]));
    const customer = booked[0].userId;
    const domainFor = (b: Booking) => (payment.siteHost && payment.siteSellerId === b.sellerId ? payment.siteHost : null);
    const lines = booked.map(
      (b) =>
        `- ${b.bookingId}: ${b.packageId.name} with ${sellerOf.get(b.sellerId)?.name ?? "the travel agent"}, ${formatDate(b.travelDates.startDate)}, ${formatRupees(b.pricing.total)}\n  ${customerBookingUrl(config, b.bookingId, domainFor(b))}`,
    );
    await trySendEmail(db, config, {
      to: customer.email,
      sellerId: payment.siteSellerId,
      subject: `Payment receipt: ${formatRupees(payment.amount)} paid`,
      text: `Hello ${customer.name},\n\nThank you. We received your payment of ${formatRupees(payment.amount)} on ${formatDate(payment.capturedAt ?? payment.updatedAt)}.\n\nReceipt: ${payment.id}\nPayment reference: ${payment.providerPaymentId ?? ""}\n\n${lines.join("\n")}\n\nEach travel agent now confirms their booking. If one cannot take it, or does not answer within ${REQUEST_EXPIRY_HOURS} hours, that booking's amount is refunded in full automatically.\n\nCancellation and refund policy:\n${platformUrl(config, "/cancellation-and-refund")}`,
    });
    for (const b of booked) {
      const seller = sellerOf.get(b.sellerId);
      if (seller) await emailSellerRequest(db, config, b, seller, true);
    }
  } catch (error) {
    console.warn(`emails after payment ${paymentId} not sent`, error);
  }
}

/**
 * After a capture that could not book every trip (issue 23): each unbooked item's refund is asked of the provider
 * (the scheduled run retries what it does not take), then the traveller is told which trips were refunded and why.
 * Never fails: the capture is written.
 */
export async function afterUnbooked(
  db: Db,
  config: AppConfig,
  paymentId: string,
  unbooked: { bookingId: string; reason: string }[],
  now: Date,
) {
  if (unbooked.length === 0) return;
  try {
    for (const u of unbooked) await refundIfQueued(db, config, u.bookingId, now);
    const payment = await db.select().from(payments).where(eq(payments.id, paymentId)).get();
    const customer =
      payment && (await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, payment.userId)).get());
    if (!payment || !customer) return;
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
    await trySendEmail(db, config, {
      to: customer.email,
      sellerId: payment.siteSellerId,
      subject: `Refund of ${formatRupees(total)}: we could not book your trip`,
      text: `Hello ${customer.name},\n\nWe received your payment (${payment.id}), but could not book the following, so the money is being refunded in full:\n\n${lines.join("\n")}\n\nRefunds go back to the card, UPI account or bank account you paid with; your bank usually shows them within 5 to 7 working days. Your cart still holds these trips where they can be booked again:\n${platformUrl(config, "/cart")}`,
    });
  } catch (error) {
    console.warn(`refunds after payment ${paymentId} not all made yet (retried later)`, error);
  }
}

/** The customer hears that their request expired unanswered and is refunded. */
export async function emailExpired(db: Db, config: AppConfig, bookingId: string, refund: Refund) {
  const b = await findBooking(readerOf(db), bookingId);
  if (!b) return;
  await trySendEmail(db, config, {
    to: b.userId.email,
    sellerId: b.sellerId,
    subject: `Booking request expired: ${b.bookingId}`,
    text: `Hello ${b.userId.name},\n\nThe travel agent did not answer your request for ${b.packageId.name} (${formatDate(b.travelDates.startDate)}) within ${REQUEST_EXPIRY_HOURS} hours, so it has been cancelled.${refundLine(refund)}\n\nSee your booking:\n${customerBookingUrl(config, b.bookingId, null)}`,
  });
}
