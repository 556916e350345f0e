import { and, eq } from "drizzle-orm";
import { customDomains, paymentItems, payments } from "@db/schema";
import { formatDate, formatRupees } from "../../shared/format";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import type { Tenant } from "../../tenant";
import { canonicalDomainOf, customerBookingUrl, platformUrl, sellerBookingUrl } from "../email/links";
import { type Email, trySendEmail } from "../email/send";
import { lineAmount, priceLines } from "./price-lines";
import type { Booking } from "./shapes";

/** A booking's refund as its emails tell it; null when none is due. */
export type Refund = { amount: number; status: string } | null;

/** How a refund reads in an email to the customer. */
export function refundLine(refund: Refund) {
  if (!refund) return "";
  const state = refund.status === "processed" ? "has been refunded" : "is being refunded";
  return `\n\n${formatRupees(refund.amount)} ${state} to the card, UPI or bank account you paid with. Banks usually show a refund within 5 to 7 working days.`;
}

function summary(b: Booking) {
  const guests = `${b.customerDetails.adults} adult(s), ${b.customerDetails.children} child(ren)`;
  return [
    `Booking: ${b.bookingId}`,
    `Package: ${b.packageId.name} (${b.packageId.location}, ${b.packageId.duration})`,
    `Travel date: ${formatDate(b.travelDates.startDate)}`,
    `Guests: ${guests}`,
    ...(b.priceTier ? [`Price tier: ${b.priceTier.label} (${formatRupees(b.priceTier.price)} per person)`] : []),
    `Total: ${formatRupees(b.pricing.total)}`,
  ].join("\n");
}

/** The breakdown in the words of the booking pages, each line with its hint; the summary above gives the total. */
const breakdown = (b: Booking) =>
  priceLines(b.pricing, b.choices)
    .filter((line) => line.key !== "total")
    .map((line) => `${line.label}: ${lineAmount(line)}${line.hint ? ` (${line.hint})` : ""}`)
    .join("\n");

/** The seller's own domain the booking was made on, when the request came from it (ADR 0026). */
function bookedOnDomain(tenant: Tenant, b: Booking) {
  return tenant.kind === "seller" && tenant.mode === "domain" && tenant.sellerId === b.sellerId ? tenant.hostname : null;
}

/** The seller is asked to answer a request; a paid one says so (ADR 0029). */
export async function emailSellerRequest(db: Db, config: AppConfig, b: Booking, seller: { email: string }, paid: boolean) {
  await trySendEmail(db, config, sellerRequestEmail(config, b, seller, paid));
}

/** The seller's email asking them to answer a request (paid: within 48 hours, or it is refunded). */
export function sellerRequestEmail(config: AppConfig, b: Booking, seller: { email: string }, paid: boolean): Email {
  return {
    to: seller.email,
    sellerId: b.sellerId,
    subject: paid ? `New paid booking request ${b.bookingId}` : `New booking request ${b.bookingId}`,
    text: `${b.userId.name} (${b.userId.email}) has requested a booking${paid ? ` and paid ${formatRupees(b.pricing.total)}` : ""}.\n\n${summary(b)}\n\nSpecial requests: ${b.specialRequests ?? "none"}\n\n${paid ? "Please answer within 48 hours: an unanswered request is refunded to the customer automatically.\n\n" : ""}Approve or reject it in your seller dashboard:\n${sellerBookingUrl(config, b.bookingId)}`,
  };
}

/** The seller is asked to answer; the customer gets a receipt linking to the booking on the site they booked on. */
export async function emailNewRequest(db: Db, config: AppConfig, b: Booking, seller: { email: string; name: string }, from: Tenant) {
  await emailSellerRequest(db, config, b, seller, false);
  await trySendEmail(db, config, {
    to: b.userId.email,
    sellerId: b.sellerId,
    subject: `Booking request received: ${b.bookingId}`,
    text: `Hello ${b.userId.name},\n\nThank you for your booking request with ${seller.name}. It is pending until the seller confirms it.\n\n${summary(b)}\n\nPrice breakdown:\n${breakdown(b)}\n\nSee your booking:\n${customerBookingUrl(config, b.bookingId, bookedOnDomain(from, b))}`,
  });
}

/**
 * Where a booking was made, for links to it: a paid booking's checkout recorded its site (the seller's own domain,
 * while that domain is still active, else the platform). An unpaid request made before payments recorded nothing,
 * so it goes to the seller's canonical site: its custom domain when one is active, else the platform (ADR 0026).
 */
async function bookedDomainOf(db: Db, b: Booking): Promise<string | null> {
  const paid = await db
    .select({ host: payments.siteHost, active: customDomains.hostname })
    .from(paymentItems)
    .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
    .leftJoin(
      customDomains,
      and(eq(customDomains.hostname, payments.siteHost), eq(customDomains.sellerId, b.sellerId), eq(customDomains.status, "active")),
    )
    .where(eq(paymentItems.bookingId, b._id))
    .get();
  if (paid) return paid.active ?? null;
  return canonicalDomainOf(db, b.sellerId);
}

/**
 * The customer's email with the seller's answer, linking to the booking on the site it was made on. `sellerWrote` is
 * the seller's own message, quoted only when there is one: a default the seller never typed is not their words.
 * Written by the queue's consumer after the decision (ADR 0039), so it can say whether the refund was already made.
 */
export async function decisionEmail(
  db: Db,
  config: AppConfig,
  b: Booking,
  { refund = null, sellerWrote }: { refund?: Refund; sellerWrote: string | null },
): Promise<Email> {
  const approved = b.status === "confirmed";
  const link = customerBookingUrl(config, b.bookingId, await bookedDomainOf(db, b));
  return {
    to: b.userId.email,
    sellerId: b.sellerId,
    subject: approved ? `Booking confirmed: ${b.bookingId}` : `Booking rejected: ${b.bookingId}`,
    text: approved
      ? `Hello ${b.userId.name},\n\nGood news: your booking has been confirmed by the seller.\n\n${summary(b)}${sellerWrote ? `\n\nMessage from the seller: ${sellerWrote}` : ""}\n\nSee your booking:\n${link}\n\nDownload your voucher (PDF):\n${link}/voucher.pdf`
      : `Hello ${b.userId.name},\n\nSorry, the seller could not accept your booking request.\n\n${summary(b)}\n\nReason: ${sellerWrote ?? ""}${refundLine(refund)}\n\nSee your booking:\n${link}`,
  };
}

/** The seller's email of a cancellation by the customer, with the refund the policy gives. */
export function cancellationEmailToSeller(config: AppConfig, b: Booking, sellerEmail: string, refund: Refund = null): Email {
  return {
    to: sellerEmail,
    sellerId: b.sellerId,
    subject: `Booking cancelled by the customer: ${b.bookingId}`,
    text: `${b.userId.name} has cancelled this booking.\n\n${summary(b)}${refund ? `\n\nRefunded to the customer under the cancellation policy: ${formatRupees(refund.amount)}` : ""}\n\nSee it in your seller dashboard:\n${sellerBookingUrl(config, b.bookingId)}`,
  };
}

/** The customer's email of their own cancellation, with the refund the policy gives. */
export function cancellationEmailToCustomer(config: AppConfig, b: Booking, refund: Refund = null): Email {
  const paid = b.paymentStatus === "completed" || b.paymentStatus === "refunded";
  return {
    to: b.userId.email,
    sellerId: b.sellerId,
    subject: `Booking cancelled: ${b.bookingId}`,
    text: `Hello ${b.userId.name},\n\nYour booking has been cancelled.\n\n${summary(b)}${refund ? refundLine(refund) : paid ? "\n\nUnder the cancellation policy no refund is due this close to the start date." : ""}\n\nCancellation and refund policy:\n${platformUrl(config, "/cancellation-and-refund")}`,
  };
}
