import { ComingSoon } from "~/components/coming-soon";

// Placeholder until issue #5 lands: stats tiles and recent bookings of the signed-in customer with this seller.
export function CustomerBookingsOverview({ sellerId }: { sellerId: string }) {
  return <ComingSoon title={`Bookings with ${sellerId}`} />;
}
