import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { FilterButtons } from "~/components/ui/filter-buttons";
import { Link, useLoaderData } from "@remix-run/react";
import { listSellerBookings } from "@worker/domain/bookings/service";
import { sellerListQuery } from "@worker/domain/bookings/schemas";
import { StatusBadge } from "~/components/bookings/status-badge";
import { TableRegion } from "~/components/ui/table-region";
import { paymentLabel } from "~/components/bookings/types";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatDate, formatRupees } from "@worker/shared/format";
import { PageContent } from "~/components/load-state";
import { Pager } from "~/components/pager";
import { pageQuery, signedInData, signedInHeaders } from "~/lib/session.server";
import { useListFilters, withoutEmptyFilters } from "~/lib/use-list-filters";

export const meta: MetaFunction = () => [{ title: "Orders · Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  const query = pageQuery(withoutEmptyFilters(context.url), sellerListQuery, { limit: "10" });
  return signedInData(context, "seller", async (sellerId) => ({ orders: await listSellerBookings(context, sellerId, query) }));
}

const FILTERS = ["status", "paymentStatus", "q", "from", "to"] as const;

export default function Page() {
  const { params, applyFilters } = useListFilters(FILTERS);
  const { orders } = useLoaderData<typeof loader>();

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
        <FilterButtons />
      </form>

      <PageContent label="Loading orders...">
        {orders.data.length === 0 ? (
          <div className="card">
            <p className="muted">No orders match these filters.</p>
          </div>
        ) : (
          <section className="card stack" aria-label="Orders">
            <TableRegion label="Orders table">
              <table className="data-table stack-rows">
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
                  {orders.data.map((b) => (
                    <tr key={b._id}>
                      <td data-label="Booking">
                        <Link to={`/seller-dashboard/orders/${b.bookingId}`}>{b.bookingId}</Link>
                      </td>
                      <td data-label="Customer">{b.userId.name}</td>
                      <td data-label="Package">{b.packageId.name}</td>
                      <td data-label="Travel date">{formatDate(b.travelDates.startDate)}</td>
                      <td data-label="Guests">{b.customerDetails.adults + b.customerDetails.children}</td>
                      <td data-label="Total">{formatRupees(b.pricing.total)}</td>
                      <td data-label="Status">
                        <StatusBadge status={b.status} />
                      </td>
                      <td data-label="Payment">{paymentLabel(b.paymentStatus)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
            <Pager page={orders.pagination.page} pages={orders.pagination.pages} total={orders.pagination.total} noun="orders" />
          </section>
        )}
      </PageContent>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
