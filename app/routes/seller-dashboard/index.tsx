import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { sellerListQuery } from "@worker/domain/bookings/schemas";
import { listSellerBookings } from "@worker/domain/bookings/service";
import { StatusBadge } from "~/components/bookings/status-badge";
import { type BookingStatus, STATUS_LABELS } from "~/components/bookings/types";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageContent } from "~/components/load-state";
import { formatDate, formatRupees } from "@worker/shared/format";
import { signedInData, signedInHeaders } from "~/lib/session.server";
import { sellerDepartures } from "@worker/domain/departures/read";
import { weeklyFigures } from "@worker/domain/departures/weekly";
import { todayInIndia } from "@worker/domain/bookings/transitions";
import { UpcomingDepartures } from "~/components/departures/upcoming-departures";
import { WeeklyChart } from "~/components/departures/weekly-chart";
import "~/components/departures/departures-dashboard.css";

export const meta: MetaFunction = () => [{ title: "Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

/** The five newest bookings with the per-status counts and revenue of all of them (the orders list's summary). */
const RECENT = sellerListQuery.parse({ limit: "5" });

/** The orders' summary, the coming departures and the 12 weeks' figures: one D1 round trip with the session check. */
export async function loader({ context }: LoaderFunctionArgs) {
  return signedInData(context, "seller", async (sellerId) => {
    const [bookings, departures, weeks] = await Promise.all([
      listSellerBookings(context, sellerId, RECENT),
      sellerDepartures(context, sellerId, context.now, { from: todayInIndia(context.now) }),
      weeklyFigures(context, sellerId, context.now),
    ]);
    return { bookings, departures: departures.filter((d) => !d.past).slice(0, UPCOMING), weeks };
  });
}

const UPCOMING = 6;

const ORDER: BookingStatus[] = ["pending", "confirmed", "cancelled", "rejected"];

export default function Page() {
  const { bookings, departures, weeks } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="dash-main">
      <h1>Seller dashboard</h1>
      <PageContent label="Loading...">
        <Overview data={bookings} />
        <UpcomingDepartures departures={departures} />
        <section className="card stack" aria-labelledby="weekly">
          <h2 id="weekly">Last 12 weeks</h2>
          <WeeklyChart weeks={weeks} />
        </section>
      </PageContent>
    </main>
  );
}

function Overview({ data }: { data: Awaited<ReturnType<typeof listSellerBookings>> }) {
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
                  <Link to={`/seller-dashboard/orders/${b.bookingId}`}>{b.bookingId}</Link> · {b.packageId.name}
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
