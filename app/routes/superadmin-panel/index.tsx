import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useApiData } from "~/components/bookings/use-api-data";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Superadmin panel | Tripbazaar" }];

/** Spec §1 lists the panel's screens; the ones with behaviour link here, the rest say so. */
const SCREENS = [
  { to: "/superadmin-panel/requests", label: "Seller requests", built: true, note: "" },
  { to: "/superadmin-panel/domains", label: "Custom domains", built: true, note: "Activate sellers' own domains." },
  { to: "/superadmin-panel/users", label: "Users", built: true, note: "Find accounts; disable or enable them." },
  { to: "/superadmin-panel/seller-packages", label: "Seller packages", built: false, note: "Coming soon." },
  { to: "/superadmin-panel/edits", label: "Edits", built: false, note: "Coming soon." },
  { to: "/superadmin-panel/settings", label: "Settings", built: false, note: "Coming soon." },
];

export default function Page() {
  const { state } = useApiData<{ pagination: { total: number } }>(
    "/api/superadmin/seller-requests?status=pending",
    "Failed to load requests",
  );
  const pending = state.status === "ready" ? state.data.pagination.total : null;
  return (
    <main id="main" className="container page stack">
      <h1>Superadmin panel</h1>
      <ul className="grid-cards plain-list">
        {SCREENS.map((s) => (
          <li key={s.to} className="card stack">
            <h2 style={{ margin: 0, fontSize: "2rem" }}>{s.built ? <Link to={s.to}>{s.label}</Link> : s.label}</h2>
            {s.to.endsWith("/requests") ? (
              <p className="muted" role="status">
                {state.status === "error" ? state.message : pending === null ? "Loading..." : `${pending} waiting for review`}
              </p>
            ) : (
              <p className="muted">{s.note}</p>
            )}
          </li>
        ))}
      </ul>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
