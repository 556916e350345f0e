import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { StatusBadge } from "~/components/bookings/status-badge";
import type { SellerBookingsResponse } from "~/components/bookings/types";
import { useApiData } from "~/components/bookings/use-api-data";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatDate, formatRupees } from "~/lib/format";
import { LoadErrorCard, LoadingCard } from "~/components/load-state";
import { Pager } from "~/components/pager";
import { useListFilters } from "~/lib/use-list-filters";

export const meta: MetaFunction = () => [{ title: "Orders | Tripbazaar" }];

const FILTERS = ["status", "paymentStatus", "q", "from", "to"] as const;

export default function Page() {
  const { params, query, applyFilters, goTo, clear } = useListFilters(FILTERS);
  query.set("limit", "10");
  const { state, reload } = useApiData<SellerBookingsResponse>(`/api/bookings/seller/bookings?${query}`, "Failed to load orders");

  return (
    <main id="main" className="dash-main">
      <h1>Orders</h1>
      <form className="card filters" onSubmit={applyFilters} aria-label="Filter orders" key={params.toString()}>
        <div className="field">
          <label htmlFor="f-q">Search</label>
          <input id="f-q" name="q" type="search" placeholder="Booking id, customer or package" defaultValue={params.get("q") ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="f-status">Status</label>
          <select id="f-status" name="status" defaultValue={params.get("status") ?? ""}>
            <option value="">All</option>
            <option value="pending">Pending</option>
            <option value="confirmed">Confirmed</option>
            <option value="cancelled">Cancelled</option>
            <option value="rejected">Rejected</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-pay">Payment</label>
          <select id="f-pay" name="paymentStatus" defaultValue={params.get("paymentStatus") ?? ""}>
            <option value="">All</option>
            <option value="pending">Pending</option>
            <option value="completed">Completed</option>
            <option value="refunded">Refunded</option>
            <option value="failed">Failed</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-from">Travel from</label>
          <input id="f-from" name="from" type="date" defaultValue={params.get("from") ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="f-to">Travel to</label>
          <input id="f-to" name="to" type="date" defaultValue={params.get("to") ?? ""} />
        </div>
        <div className="row">
          <button type="submit" className="btn">
            Apply
          </button>
          <button type="button" className="btn btn-outline" onClick={clear}>
            Clear
          </button>
        </div>
      </form>

      {state.status === "loading" ? (
        <LoadingCard label="Loading orders..." />
      ) : state.status === "error" ? (
        <LoadErrorCard message={state.message} onRetry={reload} />
      ) : state.data.data.length === 0 ? (
        <div className="card">
          <p className="muted">No orders match these filters.</p>
        </div>
      ) : (
        <section className="card stack" aria-label="Orders">
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Booking</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Package</th>
                  <th scope="col">Travel date</th>
                  <th scope="col">Guests</th>
                  <th scope="col">Total</th>
                  <th scope="col">Status</th>
                  <th scope="col">Payment</th>
                </tr>
              </thead>
              <tbody>
                {state.data.data.map((b) => (
                  <tr key={b._id}>
                    <td>
                      <Link to={`/seller-dashboard/orders/${b._id}`}>{b.bookingId}</Link>
                    </td>
                    <td>{b.userId.name}</td>
                    <td>{b.packageId.name}</td>
                    <td>{formatDate(b.travelDates.startDate)}</td>
                    <td>{b.customerDetails.adults + b.customerDetails.children}</td>
                    <td>{formatRupees(b.pricing.total)}</td>
                    <td>
                      <StatusBadge status={b.status} />
                    </td>
                    <td>{b.paymentStatus === "completed" ? "Completed" : "Pending"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={state.data.pagination.page}
            pages={state.data.pagination.pages}
            total={state.data.pagination.total}
            noun="orders"
            onPage={goTo}
          />
        </section>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
