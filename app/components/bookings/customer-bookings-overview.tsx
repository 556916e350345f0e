import { CustomerBookings, type CustomerBookingsData } from "./customer-bookings";
import type { Booking } from "./types";

/** The seller site's customer dashboard body: real stats and recent bookings with this seller only. */
export function CustomerBookingsOverview({ bookings, detailHref }: { bookings: CustomerBookingsData; detailHref: (b: Booking) => string }) {
  return <CustomerBookings bookings={bookings} heading="Recent Bookings" detailHref={detailHref} />;
}
