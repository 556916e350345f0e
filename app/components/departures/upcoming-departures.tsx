import { Link } from "@remix-run/react";
import type { SellerDeparture } from "@worker/domain/departures/read";
import { formatDate } from "@worker/shared/format";
import { SeatBadge } from "./seat-badge";

/** The seller's next departures with seats sold and left (the dashboard's index). */
export function UpcomingDepartures({ departures }: { departures: SellerDeparture[] }) {
  return (
    <section className="card stack" aria-labelledby="upcoming-departures">
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h2 id="upcoming-departures">Upcoming departures</h2>
        <Link to="/seller-dashboard/event-packages">All departures</Link>
      </div>
      {departures.length === 0 ? (
        <p className="muted">No upcoming departures. Your packages are booked on request.</p>
      ) : (
        <ul className="departure-list">
          {departures.map((d) => (
            <li key={d.id} className="departure-item departure-head">
              <span>
                <strong>{d.packageName}</strong> · {formatDate(d.startDate)}
                <span className="muted">{` · ${d.sold} sold, ${d.left} left of ${d.capacity}`}</span>
              </span>
              <SeatBadge state={d.state} label={d.label} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
