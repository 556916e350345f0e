import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { platformOverview } from "@worker/domain/superadmin/overview";
import { formatRupees } from "@worker/shared/format";
import { SUPERADMIN_NAV } from "~/components/dashboard/superadmin-shell";
import { WeeklyChart } from "~/components/departures/weekly-chart";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { signedInData, signedInHeaders } from "~/lib/session.server";
import "~/components/departures/departures-dashboard.css";

export const meta: MetaFunction = () => [{ title: "Superadmin panel | Tripbazaar" }];
export const headers = () => signedInHeaders;

/** The platform's figures, its 12 weeks and what waits, beside the session check (one D1 round trip). */
export async function loader({ context }: LoaderFunctionArgs) {
  return signedInData(context, "superadmin", async () => ({ overview: await platformOverview(context, context.now) }));
}

/** The panel's screens (its navigation) as cards: the built ones link, the rest say they are coming. */
const SCREENS = SUPERADMIN_NAV.filter((s) => s.to !== "/superadmin-panel");

export default function Page() {
  const { overview } = useLoaderData<typeof loader>();
  const { figures, weeks, queues } = overview;
  return (
    <main id="main" className="dash-main">
      <h1>Superadmin panel</h1>
      <section className="stack" aria-labelledby="figures">
        <h2 id="figures">The platform</h2>
        <div className="tiles">
          <div className="tile">
            <span className="value">{figures.customers}</span>
            <span className="label">Customers</span>
          </div>
          <div className="tile">
            <span className="value">{figures.sellers}</span>
            <span className="label">Sellers</span>
          </div>
          <div className="tile">
            <span className="value">{figures.bookings}</span>
            <span className="label">Bookings</span>
            <span className="tile-hint">{`${figures.confirmed} confirmed`}</span>
          </div>
          <div className="tile">
            <span className="value">{formatRupees(figures.gross)}</span>
            <span className="label">Gross booking value</span>
            <span className="tile-hint">Confirmed bookings, fees included</span>
          </div>
          <div className="tile">
            <span className="value">{formatRupees(figures.refunded)}</span>
            <span className="label">Refunded</span>
            <span className="tile-hint">{`${figures.refundCount} refund${figures.refundCount === 1 ? "" : "s"} made`}</span>
          </div>
        </div>
      </section>
      <section className="card stack" aria-labelledby="waiting">
        <h2 id="waiting">Waiting for you</h2>
        <ul className="plain-list stack">
          {queues.map((q) => (
            <li key={q.key} data-testid={`queue-${q.key}`}>
              <Link to={q.to}>{q.label}</Link>:{" "}
              <strong>{`${q.count} ${q.key === "applications" ? "waiting for review" : "waiting"}`}</strong>
            </li>
          ))}
        </ul>
      </section>
      <section className="card stack" aria-labelledby="weekly">
        <h2 id="weekly">Last 12 weeks, every seller</h2>
        <WeeklyChart weeks={weeks} />
      </section>
      <section className="stack" aria-labelledby="screens">
        <h2 id="screens">Screens</h2>
        <ul className="dash-cards">
          {SCREENS.map((s) => (
            <li key={s.to} className="card stack">
              <h3>{s.built ? <Link to={s.to}>{s.label}</Link> : s.label}</h3>
              <p className="muted">{s.note}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
