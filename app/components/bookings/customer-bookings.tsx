import { type FetcherWithComponents, Link, useFetcher } from "@remix-run/react";
import { SAVINGS_NOTE } from "@worker/domain/bookings/price-lines";
import { toNearestRupee } from "@worker/domain/bookings/pricing";
import type { listCustomerBookings } from "@worker/domain/bookings/service";
import { Pager } from "~/components/pager";
import type { ActionResult } from "~/lib/action-result";
import { formatDate, formatRupees } from "@worker/shared/format";
import { useActionToast } from "~/lib/use-action-toast";
import "./bookings.css";
import { CancelBookingForm } from "./cancel-booking";
import { StatusBadge } from "./status-badge";
import { type Booking, isCancellable, sellerWords } from "./types";

/** A page of the customer's bookings with the dashboard stats, as the page's loader read it. */
export type CustomerBookingsData = Awaited<ReturnType<typeof listCustomerBookings>>;
type CustomerStats = CustomerBookingsData["stats"];

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
        {/* Whole rupees, as the totals are; the sum itself stays exact in paise. */}
        <span className="value">{formatRupees(toNearestRupee(stats.totalSavings))}</span>
        <span className="label">Total Savings</span>
        <span className="tile-hint">{SAVINGS_NOTE}</span>
      </div>
    </div>
  );
}

/** One booking as the customer sees it: title, destination, date, price and status (spec §2 dashboard). */
function BookingItem({
  b,
  fetcher,
  today,
  detailHref,
}: {
  b: Booking;
  /** The list's Cancel: one at a time. */
  fetcher: FetcherWithComponents<ActionResult>;
  /** The day the server listed the bookings on (it decides what can still be cancelled). */
  today: string;
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
        <div>
          {formatRupees(b.pricing.total)}
          {b.paymentStatus === "completed" ? " · Paid" : b.paymentStatus === "refunded" ? " · Refunded" : ""}
        </div>
        {b.sellerResponse && sellerWords(b.sellerResponse) ? (
          <p className="muted booking-response">
            {`${b.sellerResponse.status === "rejected" ? "Reason" : "Seller's message"}: ${sellerWords(b.sellerResponse)}`}
          </p>
        ) : null}
      </div>
      <div className="row">
        {b.status === "cancelled" || b.status === "rejected" ? (
          <StatusBadge status={b.status} />
        ) : (
          <span className={`badge badge-${b.status}`}>{label}</span>
        )}
        {isCancellable(b, today) ? (
          <CancelBookingForm booking={b} today={today} fetcher={fetcher}>
            Cancel<span className="sr-only"> booking {b.bookingId}</span>
          </CancelBookingForm>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The signed-in customer's bookings (optionally with one seller), with stats and a Cancel action.
 * The page's loader reads them; Cancel posts `{ intent: "cancel", id }` to the page's action, and the
 * list follows by revalidation. Other pages of the list are `?page=` addresses.
 */
export function CustomerBookings({
  bookings,
  heading,
  showStats = true,
  paginate = false,
  emptyText = "No bookings yet",
  detailHref,
}: {
  bookings: CustomerBookingsData;
  heading: string;
  showStats?: boolean;
  paginate?: boolean;
  emptyText?: string;
  /** Where a booking id links to (the main site's booking page, or the seller site's own). */
  detailHref?: (b: Booking) => string;
}) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher, "Failed to cancel booking");

  const { data, stats, pagination } = bookings;
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
              <BookingItem key={b._id} b={b} fetcher={fetcher} today={bookings.today} detailHref={detailHref} />
            ))}
          </ul>
        )}
        {paginate && pagination.pages > 1 ? <Pager page={pagination.page} pages={pagination.pages} /> : null}
      </section>
    </div>
  );
}
