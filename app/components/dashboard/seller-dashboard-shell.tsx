import { DashboardShell } from "./dashboard-shell";

/** Every entry of spec §2 "Seller dashboard"; `built: false` pages show a coming-soon note, never fake data. */
export const SELLER_DASHBOARD_NAV = [
  { to: "/seller-dashboard", label: "Dashboard", built: true, end: true },
  { to: "/seller-dashboard/packages", label: "Packages", built: true },
  { to: "/seller-dashboard/hotels", label: "Hotels", built: true },
  { to: "/seller-dashboard/orders", label: "Orders", built: true },
  // Not in spec §2's list: the inbox behind the seller website's contact form.
  { to: "/seller-dashboard/messages", label: "Messages", built: true },
  // Not in spec §2's list either: travellers' reviews of the seller's packages, with the reply and the report (issue 28).
  { to: "/seller-dashboard/reviews", label: "Reviews", built: true },
  { to: "/seller-dashboard/payments", label: "Payments", built: true },
  { to: "/seller-dashboard/pdf-template", label: "PDF Template", built: true },
  { to: "/seller-dashboard/website", label: "Website", built: true },
  { to: "/seller-dashboard/addon-itinerary", label: "Add-on Itinerary", built: true },
  { to: "/seller-dashboard/add-meals", label: "Add Meals", built: true },
  { to: "/seller-dashboard/event-packages", label: "Event Packages", built: true },
  { to: "/seller-dashboard/settings", label: "Settings", built: true },
] as const;

export function SellerDashboardShell({ children }: { children: React.ReactNode }) {
  return (
    <DashboardShell label="Seller dashboard" menuLabel="Dashboard menu" links={SELLER_DASHBOARD_NAV}>
      {children}
    </DashboardShell>
  );
}
