import { NavLink } from "@remix-run/react";
import { PageContent } from "~/components/load-state";
import "./bookings.css";

const LINKS = [
  { to: "/user-dashboard", label: "Dashboard", end: true },
  { to: "/user-dashboard/bookings", label: "My bookings" },
  { to: "/user-dashboard/upcoming-trips", label: "Upcoming trips" },
  { to: "/user-dashboard/completed-trips", label: "Completed trips" },
  { to: "/user-dashboard/settings", label: "Settings" },
];

/** The main site's user dashboard pages around their content: "Loading..." there while the next page loads. */
export function UserDashboardPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="container dash">
      <nav className="dash-nav card" aria-label="My account">
        <ul>
          {LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} end={l.end}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="dash-main">
        <h1>{title}</h1>
        <PageContent>{children}</PageContent>
      </main>
    </div>
  );
}
