import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { StatusBadge } from "~/components/bookings/status-badge";
import { type BookingStatus, STATUS_LABELS, type SellerBookingsResponse } from "~/components/bookings/types";
import { useApiData } from "~/components/bookings/use-api-data";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatDate, formatRupees } from "~/lib/format";
import { LoadErrorCard, LoadingCard } from "~/components/load-state";

export const meta: MetaFunction = () => [{ title: "Seller dashboard | Tripbazaar" }];

const ORDER: BookingStatus[] = ["pending", "confirmed", "cancelled", "rejected"];

export default function Page() {
  const { state, reload } = useApiData<SellerBookingsResponse>("/api/bookings/seller/bookings?limit=5", "Failed to load your bookings");
  return (
    <main id="main" className="dash-main">
      <h1>Seller dashboard</h1>
      {state.status === "loading" ? (
        <LoadingCard label="Loading..." />
      ) : state.status === "error" ? (
        <LoadErrorCard message={state.message} onRetry={reload} />
      ) : (
        <Overview data={state.data} />
      )}
    </main>
  );
}

function Overview({ data }: { data: SellerBookingsResponse }) {
  const { counts, confirmedRevenue } = data.summary;
  const total = ORDER.reduce((s, k) => s + counts[k], 0);
  const max = Math.max(1, ...ORDER.map((k) => counts[k]));
  return (
    <>
      <div className="tiles">
        <div className="tile">
          <span className="value">{total}</span>
          <span className="label">Bookings</span>
        </div>
        <div className="tile">
          <span className="value">{counts.pending}</span>
          <span className="label">Awaiting your answer</span>
        </div>
        <div className="tile">
          <span className="value">{counts.confirmed}</span>
          <span className="label">Confirmed</span>
        </div>
        <div className="tile">
          <span className="value">{formatRupees(confirmedRevenue)}</span>
          <span className="label">Revenue of confirmed bookings</span>
        </div>
      </div>
      <section className="card stack" aria-labelledby="by-status">
        <h2 id="by-status">Bookings by status</h2>
        <div className="bars">
          {ORDER.map((k) => (
            <div className="bar-row" key={k}>
              <span>{STATUS_LABELS[k]}</span>
              <div className="bar-track" aria-hidden="true">
                <div className={`bar-fill ${k}`} style={{ width: `${(counts[k] / max) * 100}%` }} />
              </div>
              <span>{counts[k]}</span>
            </div>
          ))}
        </div>
      </section>
      <section className="card stack" aria-labelledby="recent">
        <div className="row" style={{ justifyContent: "space-between" }}>
          <h2 id="recent">Recent bookings</h2>
          <Link to="/seller-dashboard/orders">All orders</Link>
        </div>
        {data.data.length === 0 ? (
          <p className="muted">No bookings yet.</p>
        ) : (
          <ul className="booking-list">
            {data.data.map((b) => (
              <li key={b._id} className="booking-item">
                <div>
                  <Link to={`/seller-dashboard/orders/${b._id}`}>{b.bookingId}</Link> · {b.packageId.name}
                  <div className="muted">
                    {b.userId.name} · {formatDate(b.travelDates.startDate)} · {formatRupees(b.pricing.total)}
                  </div>
                </div>
                <StatusBadge status={b.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
