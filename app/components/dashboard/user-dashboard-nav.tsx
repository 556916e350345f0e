import { PageContent } from "~/components/load-state";
import { DashboardShell } from "./dashboard-shell";

const LINKS = [
  { to: "/user-dashboard", label: "Dashboard", end: true },
  { to: "/user-dashboard/bookings", label: "My bookings" },
  { to: "/user-dashboard/upcoming-trips", label: "Upcoming trips" },
  { to: "/user-dashboard/completed-trips", label: "Completed trips" },
  { to: "/user-dashboard/verify-student", label: "Verify student" },
  { to: "/user-dashboard/settings", label: "Settings" },
];

/** The user dashboard's frame (its layout route): the account's navigation beside every page of it. */
export function UserDashboardShell({ children }: { children: React.ReactNode }) {
  return (
    <DashboardShell label="My account" menuLabel="My account menu" links={LINKS}>
      {children}
    </DashboardShell>
  );
}

/** One user dashboard page's content: "Loading..." there while the next page loads. */
export function UserDashboardPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main id="main" className="dash-main">
      <h1>{title}</h1>
      <PageContent>{children}</PageContent>
    </main>
  );
}
