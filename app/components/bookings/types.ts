import type { BookingStatus } from "@db/bookings";
import type { Booking } from "@worker/domain/bookings/shapes";
import { todayInIndia } from "@worker/domain/bookings/transitions";

export type { Booking, BookingStatus };
export type Pagination = { page: number; limit: number; total: number; pages: number };
export type CustomerStats = { activeBookings: number; completedTrips: number; totalSavings: number };
export type CustomerBookingsResponse = { success: true; data: Booking[]; pagination: Pagination; stats: CustomerStats };
export type SellerSummary = { counts: Record<BookingStatus, number>; confirmedRevenue: number };
export type SellerBookingsResponse = { success: true; data: Booking[]; pagination: Pagination; summary: SellerSummary };
export type BookingResponse = { success: boolean; data: Booking; message: string };

export const STATUS_LABELS: Record<BookingStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  rejected: "Rejected",
};

/** Mirrors the server's rule: a pending or confirmed booking may be cancelled before its start date. */
export function isCancellable(b: Booking, today = todayInIndia()) {
  return (b.status === "pending" || b.status === "confirmed") && b.travelDates.startDate > today;
}
