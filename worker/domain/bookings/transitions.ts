import type { BookingStatus } from "@db/bookings";

/** Spec §4 and issue #5: pending -> confirmed | rejected | cancelled; confirmed -> cancelled; the rest are terminal. */
export const TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ["confirmed", "rejected", "cancelled"],
  confirmed: ["cancelled"],
  rejected: [],
  cancelled: [],
};

export const canTransition = (from: BookingStatus, to: BookingStatus) => TRANSITIONS[from].includes(to);

export function illegalTransitionMessage(from: BookingStatus, to: BookingStatus) {
  if (TRANSITIONS[from].length === 0) return `This booking is already ${from} and can no longer change`;
  return `A ${from} booking cannot be ${to === "confirmed" ? "approved" : to === "rejected" ? "rejected" : to}`;
}

const INDIA_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" });

/** Today's date (YYYY-MM-DD) in India, where the business and its customers are. */
export function todayInIndia(now = new Date()) {
  return INDIA_DAY.format(now);
}

/** The year in India: booking numbers (TB-YYYY-NNNNNN) count per Indian calendar year, not per UTC year. */
export function yearInIndia(now: Date) {
  return Number(todayInIndia(now).slice(0, 4));
}
