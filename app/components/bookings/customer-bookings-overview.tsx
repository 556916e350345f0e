import { CustomerBookings } from "./customer-bookings";

/** The seller site's customer dashboard body: real stats and recent bookings with this seller only. */
export function CustomerBookingsOverview({ sellerId }: { sellerId: string }) {
  return <CustomerBookings query={{ sellerId, limit: "5" }} heading="Recent Bookings" />;
}
