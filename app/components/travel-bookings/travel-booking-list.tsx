import { Link } from "@remix-run/react";
import type { TravelBookingSummary } from "@worker/domain/travel/bookings";
import { formatDate, formatRupees } from "@worker/shared/format";
import "./travel-bookings.css";

const STATUS_WORDS = { confirmed: "Confirmed", cancelled: "Cancelled" } as const;

/** The dates a traveller reads for a booking: one day, or check-in to check-out. */
export function tripDates(t: Pick<TravelBookingSummary, "kind" | "startDate" | "endDate">) {
  return t.kind === "hotel" || t.startDate !== t.endDate
    ? `${formatDate(t.startDate)} – ${formatDate(t.endDate)}`
    : formatDate(t.startDate);
}

/**
 * The traveller's flights, stays and bus trips beside their packages (issue 27): what each is, when, for whom, its
 * status and total, and a link to its page (the e-ticket or voucher and cancellation are there).
 */
export function TravelBookingList({ trips, heading, emptyText }: { trips: TravelBookingSummary[]; heading: string; emptyText: string }) {
  return (
    <section className="card stack" aria-labelledby="travel-bookings-heading" data-testid="travel-bookings">
      <h2 id="travel-bookings-heading">{heading}</h2>
      {trips.length === 0 ? (
        <p className="muted">{emptyText}</p>
      ) : (
        <ul className="booking-list">
          {trips.map((t) => (
            <li key={t.id} className="booking-item travel-booking" data-travel-booking={t.ref} data-kind={t.kind}>
              <div className="stack-tight">
                <span className="muted travel-kind">{t.kindLabel}</span>
                <h3>
                  <Link to={t.href}>{t.title}</Link>
                </h3>
                {t.lines.slice(0, 3).map((line) => (
                  <div key={line} className="muted travel-line">
                    {line}
                  </div>
                ))}
                <div className="muted">
                  {tripDates(t)} · {t.people} · {t.ref}
                </div>
                <div>{formatRupees(t.amount)}</div>
              </div>
              <div className="row">
                <span className={`badge badge-${t.status}`}>{STATUS_WORDS[t.status]}</span>
                <Link className="btn btn-outline" to={t.href}>
                  View<span className="sr-only"> booking {t.ref}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
