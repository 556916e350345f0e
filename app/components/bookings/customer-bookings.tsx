import { Link } from "@remix-run/react";
import { useState } from "react";
import toast from "react-hot-toast";
import { api, errorMessage } from "~/lib/api";
import { formatDate, formatRupees } from "~/lib/format";
import "./bookings.css";
import { StatusBadge } from "./status-badge";
import { type Booking, type CustomerBookingsResponse, type CustomerStats, isCancellable } from "./types";
import { useApiData } from "./use-api-data";
import { LoadErrorCard, LoadingCard } from "~/components/load-state";
import { Pager } from "~/components/pager";

export function StatTiles({ stats }: { stats: CustomerStats }) {
  return (
    <div className="tiles">
      <div className="tile">
        <span className="value">{stats.activeBookings}</span>
        <span className="label">Active Bookings</span>
      </div>
      <div className="tile">
        <span className="value">{stats.completedTrips}</span>
        <span className="label">Completed Trips</span>
      </div>
      <div className="tile">
        <span className="value">{formatRupees(stats.totalSavings)}</span>
        <span className="label">Total Savings</span>
      </div>
    </div>
  );
}

/** One booking as the customer sees it: title, destination, date, price and status (spec §2 dashboard). */
function BookingItem({
  b,
  onCancel,
  busy,
  detailHref,
}: {
  b: Booking;
  onCancel: (b: Booking) => void;
  busy: boolean;
  detailHref?: (b: Booking) => string;
}) {
  const label = b.status === "confirmed" ? "Confirmed" : "Pending";
  return (
    <li className="booking-item" data-booking={b.bookingId}>
      <div>
        <h3>{b.packageId.name}</h3>
        <div className="muted">
          {b.packageId.location} · {formatDate(b.travelDates.startDate)} ·{" "}
          {detailHref ? <Link to={detailHref(b)}>{b.bookingId}</Link> : b.bookingId}
        </div>
        <div>{formatRupees(b.pricing.total)}</div>
      </div>
      <div className="row">
        {b.status === "cancelled" || b.status === "rejected" ? (
          <StatusBadge status={b.status} />
        ) : (
          <span className={`badge badge-${b.status}`}>{label}</span>
        )}
        {isCancellable(b) ? (
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => onCancel(b)}>
            Cancel<span className="sr-only"> booking {b.bookingId}</span>
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** The signed-in customer's bookings (optionally with one seller), with stats and a Cancel action. */
export function CustomerBookings({
  query,
  heading,
  showStats = true,
  paginate = false,
  emptyText = "No bookings yet",
  detailHref,
}: {
  query: Record<string, string>;
  heading: string;
  showStats?: boolean;
  paginate?: boolean;
  emptyText?: string;
  /** Where a booking id links to; the seller site has no booking page, so it passes none. */
  detailHref?: (b: Booking) => string;
}) {
  const [page, setPage] = useState(1);
  const params = new URLSearchParams({ ...query, page: String(page) });
  const { state, reload } = useApiData<CustomerBookingsResponse>(`/api/bookings?${params}`, "Failed to load your bookings");
  const [busy, setBusy] = useState(false);

  async function cancel(b: Booking) {
    if (!window.confirm(`Cancel booking ${b.bookingId} for ${b.packageId.name}? This cannot be undone.`)) return;
    setBusy(true);
    try {
      await api(`/api/bookings/${encodeURIComponent(b._id)}/status`, { method: "PUT", body: { status: "cancelled" } });
      toast.success("Booking cancelled");
      reload();
    } catch (error) {
      toast.error(errorMessage(error, "Failed to cancel booking"));
    } finally {
      setBusy(false);
    }
  }

  if (state.status === "loading") {
    return <LoadingCard label="Loading..." />;
  }
  if (state.status === "error") {
    return <LoadErrorCard message={state.message} onRetry={reload} />;
  }
  const { data, stats, pagination } = state.data;
  return (
    <div className="stack">
      {showStats ? <StatTiles stats={stats} /> : null}
      <section className="card stack" aria-labelledby="bookings-heading">
        <h2 id="bookings-heading">{heading}</h2>
        {data.length === 0 ? (
          <p className="muted">{emptyText}</p>
        ) : (
          <ul className="booking-list">
            {data.map((b) => (
              <BookingItem key={b._id} b={b} onCancel={cancel} busy={busy} detailHref={detailHref} />
            ))}
          </ul>
        )}
        {paginate && pagination.pages > 1 ? <Pager page={pagination.page} pages={pagination.pages} onPage={setPage} /> : null}
      </section>
    </div>
  );
}
