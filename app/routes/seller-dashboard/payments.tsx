import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { FilterButtons } from "~/components/ui/filter-buttons";
import { Link, useLoaderData } from "@remix-run/react";
import { ledgerQuery, sellerLedger } from "@worker/domain/payments/ledger";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { TableRegion } from "~/components/ui/table-region";
import { PageContent } from "~/components/load-state";
import { Pager } from "~/components/pager";
import { LedgerChart } from "~/components/payments/ledger-chart";
import { formatDate, formatRupees } from "@worker/shared/format";
import { CSV_MAX_ROWS, LEDGER_KIND_LABELS, LEDGER_STATUSES, LEDGER_STATUS_LABELS, type LedgerStatus } from "@worker/shared/ledger";
import { pageQuery, signedInData, signedInHeaders } from "~/lib/session.server";
import { useListFilters, withoutEmptyFilters } from "~/lib/use-list-filters";

export const meta: MetaFunction = () => [{ title: "Payments · Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

/** The ledger's page, totals and chart with the session check: one D1 batch. */
export async function loader({ context }: LoaderFunctionArgs) {
  const query = pageQuery(withoutEmptyFilters(context.url), ledgerQuery);
  return signedInData(context, "seller", async (sellerId) => ({ ledger: await sellerLedger(context, sellerId, query) }));
}

const FILTERS = ["from", "to", "status"] as const;

const BADGE: Record<LedgerStatus, string> = {
  received: "badge-confirmed",
  refunded: "badge-cancelled",
  "refund-pending": "badge-pending",
  "refund-failed": "badge-rejected",
};

export default function Page() {
  const { params, applyFilters } = useListFilters(FILTERS);
  const { ledger } = useLoaderData<typeof loader>();
  const filters = new URLSearchParams();
  for (const k of FILTERS) {
    const v = params.get(k);
    if (v) filters.set(k, v);
  }
  const filtered = filters.toString();
  const csvHref = `/seller-dashboard/payments.csv${filtered ? `?${filtered}` : ""}`;
  const from = params.get("from");
  const to = params.get("to");
  const period =
    from && to
      ? `from ${formatDate(from)} to ${formatDate(to)}`
      : from
        ? `since ${formatDate(from)}`
        : to
          ? `up to ${formatDate(to)}`
          : "for all dates";
  const { totals } = ledger;

  return (
    <main id="main" className="dash-main">
      <h1>Payments</h1>
      <form className="card filters" onSubmit={applyFilters} aria-label="Filter payments" key={params.toString()}>
        <div className="field">
          <label htmlFor="f-from">From</label>
          <input id="f-from" name="from" type="date" defaultValue={from ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="f-to">To</label>
          <input id="f-to" name="to" type="date" defaultValue={to ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="f-status">Status</label>
          <select id="f-status" name="status" defaultValue={params.get("status") ?? ""}>
            <option value="">All</option>
            {LEDGER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LEDGER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <FilterButtons />
      </form>

      <PageContent label="Loading payments...">
        <section className="stack" aria-labelledby="ledger-totals">
          <div className="ledger-actions">
            <h2 id="ledger-totals">Totals {period}</h2>
            <a className="btn btn-outline" href={csvHref} download>
              Download CSV
            </a>
          </div>
          <div className="tiles">
            <div className="tile">
              <span className="value">{formatRupees(totals.received)}</span>
              <span className="label">Received</span>
            </div>
            <div className="tile">
              <span className="value">{formatRupees(totals.refunded)}</span>
              <span className="label">Refunded</span>
            </div>
            <div className="tile">
              <span className="value">{formatRupees(totals.net)}</span>
              <span className="label">Net</span>
            </div>
            {totals.refundPending > 0 ? (
              <div className="tile">
                <span className="value">{formatRupees(totals.refundPending)}</span>
                <span className="label">Refunds on their way</span>
              </div>
            ) : null}
          </div>
          {ledger.pagination.total > CSV_MAX_ROWS ? (
            <p className="muted">
              The CSV holds the newest {CSV_MAX_ROWS.toLocaleString("en-IN")} entries; choose a shorter range for older ones.
            </p>
          ) : null}
        </section>

        <LedgerChart chart={ledger.chart} />

        <section className="card stack" aria-labelledby="ledger-entries">
          <h2 id="ledger-entries">Payments and refunds</h2>
          {ledger.data.length === 0 ? (
            <p className="muted">
              {filtered ? "No payments or refunds match these filters." : "No payments yet. Paid booking requests will appear here."}
            </p>
          ) : (
            <>
              <TableRegion label="Payments and refunds table">
                <table className="data-table stack-rows">
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Type</th>
                      <th scope="col">Booking</th>
                      <th scope="col">Package</th>
                      <th scope="col">Customer</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Status</th>
                      <th scope="col">Reference</th>
                    </tr>
                  </thead>
                  <tbody>
                    {ledger.data.map((e) => (
                      <tr key={e.id}>
                        <td data-label="Date">{formatDate(e.date)}</td>
                        <td data-label="Type">{LEDGER_KIND_LABELS[e.kind]}</td>
                        <td data-label="Booking">
                          <Link className="ledger-booking" to={`/seller-dashboard/orders/${encodeURIComponent(e.bookingRef)}`}>
                            {e.bookingRef}
                          </Link>
                        </td>
                        <td data-label="Package">{e.packageName}</td>
                        <td data-label="Customer">{e.customerName}</td>
                        <td data-label="Amount" className={`ledger-amount${e.amount < 0 ? " negative" : ""}`}>
                          {formatRupees(e.amount)}
                        </td>
                        <td data-label="Status">
                          <span className={`badge ${BADGE[e.status]}`}>{LEDGER_STATUS_LABELS[e.status]}</span>
                        </td>
                        <td data-label="Reference">
                          <span className="ledger-reference">{e.reference ?? "—"}</span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
              <Pager
                page={ledger.pagination.page}
                pages={ledger.pagination.pages}
                total={ledger.pagination.total}
                noun={ledger.pagination.total === 1 ? "entry" : "entries"}
              />
            </>
          )}
        </section>
      </PageContent>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <LoadErrorBoundary>
      <main id="main" className="dash-main">
        <h1>Payments</h1>
        <LoadFailed fallback="Failed to load your payments" />
      </main>
    </LoadErrorBoundary>
  );
}
