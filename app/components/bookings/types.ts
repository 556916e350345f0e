import { formatRupees } from "@worker/shared/format";
import { cancellationRefund } from "@worker/domain/payments/policy";
import type { BookingStatus } from "@db/bookings";
import type { Booking } from "@worker/domain/bookings/shapes";
import { APPROVED_BY_SELLER } from "@worker/domain/bookings/texts";

export type { Booking, BookingStatus };
export type BookingResponse = { success: boolean; data: Booking; message: string };

export const STATUS_LABELS: Record<BookingStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  rejected: "Rejected",
};

/**
 * A booking's payment as the spec shows it: "Completed" once paid, "Pending" otherwise, and a refund labelled as
 * such (ADR 0029).
 */
export function paymentLabel(status: string) {
  if (status === "completed") return "Completed";
  if (status === "refunded") return "Refunded";
  return "Pending";
}

/** Mirrors the server's rule: a pending or confirmed booking may be cancelled before its start date. */
/** `today` is the day the server decided on (the loader's), so the page and the server agree whatever the clock. */
export function isCancellable(b: Booking, today: string) {
  return (b.status === "pending" || b.status === "confirmed") && b.travelDates.startDate > today;
}

export const ROOM_LABELS: Record<string, string> = { standard: "Standard", deluxe: "Deluxe", suite: "Suite" };
export const TRANSPORT_LABELS: Record<string, string> = {
  included: "Included transfer",
  sedan: "Sedan",
  suv: "SUV",
  "tempo-traveller": "Tempo Traveller",
};

/**
 * What cancelling would return, as the booking shows it before Cancel is tapped and the dialog repeats it: for a
 * paid booking, the amount under the refund policy (worker/domain/payments/policy.ts, the rule the server applies).
 */
export function cancellationTerms(b: Booking, today: string) {
  if (b.paymentStatus !== "completed") return "Nothing has been paid for this booking, so no refund is due.";
  const refund = cancellationRefund({ status: b.status, startDate: b.travelDates.startDate, paid: b.pricing.total }, today);
  if (refund.amount <= 0) return "Cancelling now refunds nothing: under the refund policy nothing comes back this close to the start date.";
  const share = refund.percent === 100 ? "the full amount" : `${refund.percent}% of ${formatRupees(b.pricing.total)}`;
  return `Cancelling now refunds ${formatRupees(refund.amount)} (${share}, under the refund policy).`;
}

/**
 * The seller's own words on a booking: a rejection's reason, or an approval's message when the seller wrote one.
 * An approval without one records the spec's default, which is not shown as the seller's message.
 */
export function sellerWords(response: Booking["sellerResponse"]) {
  if (!response?.message) return null;
  if (response.status === "approved" && response.message === APPROVED_BY_SELLER) return null;
  return response.message;
}

/** "2 adults, 1 child": who travels, as the cart and booking-success list it. */
export function guestsLabel(adults: number, children: number) {
  return `${adults} adult${adults === 1 ? "" : "s"}${children ? `, ${children} child${children === 1 ? "" : "ren"}` : ""}`;
}
