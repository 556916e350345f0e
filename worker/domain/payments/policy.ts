/**
 * The cancellation and refund policy (ADR 0029), stated on /cancellation-and-refund. Amounts in paise.
 * - The seller rejects, or does not answer within 48 hours: the full amount.
 * - The customer cancels a request the seller has not yet confirmed: the full amount.
 * - The customer cancels a confirmed booking: the full amount 15 or more days before the start date,
 *   half from 7 to 14 days before, nothing within 7 days.
 */
export const REQUEST_EXPIRY_HOURS = 48;
export const FULL_REFUND_DAYS = 15;
export const HALF_REFUND_DAYS = 7;

/**
 * A checkout is open for 30 minutes (the provider's checkout window is closed when it ends); a payment made later,
 * or heard of later than the allowance after it, is refunded instead of booked (issue 23).
 */
export const CHECKOUT_MINUTES = 30;
export const CAPTURE_ALLOWANCE_MINUTES = 5;
/** A cart holds at most this many trips: one payment pays for all of them. */
export const MAX_CART_ITEMS = 10;
export const TRIP_GONE = "This trip is no longer available: the travel agent removed it";

export const checkoutExpiry = (createdAt: string) => new Date(Date.parse(createdAt) + CHECKOUT_MINUTES * 60_000);

const DAY_MS = 86_400_000;

/** Whole days from `today` to `startDate`, both YYYY-MM-DD (dates in India). */
export function daysBefore(startDate: string, today: string) {
  return Math.round((Date.parse(`${startDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

export function cancellationRefund(booking: { status: string; startDate: string; paid: number }, today: string) {
  if (booking.paid <= 0) return { amount: 0, percent: 0 };
  if (booking.status === "pending") return { amount: booking.paid, percent: 100 };
  const days = daysBefore(booking.startDate, today);
  if (days >= FULL_REFUND_DAYS) return { amount: booking.paid, percent: 100 };
  if (days >= HALF_REFUND_DAYS) return { amount: Math.floor(booking.paid / 2), percent: 50 };
  return { amount: 0, percent: 0 };
}

/** The policy in words, for the cancellation-and-refund page and the dashboards. */
export const REFUND_POLICY = [
  `If the travel agent rejects your request, or does not answer it within ${REQUEST_EXPIRY_HOURS} hours, the full amount is refunded automatically.`,
  "If you cancel a request before the travel agent confirms it, the full amount is refunded.",
  `If you cancel a confirmed booking ${FULL_REFUND_DAYS} or more days before the start date, the full amount is refunded; from ${HALF_REFUND_DAYS} to ${FULL_REFUND_DAYS - 1} days before, half of it; within ${HALF_REFUND_DAYS} days of the start date, nothing.`,
  "Refunds go back to the card, UPI account or bank account you paid with. We start them at once; your bank usually shows them within 5 to 7 working days.",
];
