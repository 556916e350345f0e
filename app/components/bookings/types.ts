import type { BookingStatus } from "@db/bookings";
import type { Booking } from "@worker/domain/bookings/shapes";
import { todayInIndia } from "@worker/domain/bookings/transitions";

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
export function isCancellable(b: Booking, today = todayInIndia()) {
  return (b.status === "pending" || b.status === "confirmed") && b.travelDates.startDate > today;
}

export const ROOM_LABELS: Record<string, string> = { standard: "Standard", deluxe: "Deluxe", suite: "Suite" };
export const TRANSPORT_LABELS: Record<string, string> = {
  included: "Included transfer",
  sedan: "Sedan",
  suv: "SUV",
  "tempo-traveller": "Tempo Traveller",
};
