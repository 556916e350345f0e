import { CustomerBookings, type CustomerBookingsData } from "./customer-bookings";

/** The seller site's customer dashboard body: real stats and recent bookings with this seller only. */
export function CustomerBookingsOverview({ bookings }: { bookings: CustomerBookingsData }) {
  return <CustomerBookings bookings={bookings} heading="Recent Bookings" />;
}
