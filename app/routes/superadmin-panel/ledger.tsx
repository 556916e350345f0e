import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { todayInIndia } from "@worker/domain/bookings/transitions";
import { platformLedger, platformLedgerQuery } from "@worker/domain/payments/ledger";
import { formatDate, formatRupees } from "@worker/shared/format";
import { LEDGER_KIND_LABELS, LEDGER_STATUSES, LEDGER_STATUS_LABELS, type LedgerStatus } from "@worker/shared/ledger";
import { PageContent } from "~/components/load-state";
import { Pager } from "~/components/pager";
import { LedgerSvgChart } from "~/components/payments/ledger-svg-chart";
import { FilterButtons } from "~/components/ui/filter-buttons";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { TableRegion } from "~/components/ui/table-region";
import { pageQuery, signedInData, signedInHeaders } from "~/lib/session.server";
import { useListFilters, withoutEmptyFilters } from "~/lib/use-list-filters";

export const meta: MetaFunction = () => [{ title: "Platform ledger · Superadmin panel | Tripbazaar" }];
export const headers = () => signedInHeaders;

/** The platform's own money for flights, stays and buses (ADR 0055), with the session check: one D1 batch. */
export async function loader({ context }: LoaderFunctionArgs) {
  const query = pageQuery(withoutEmptyFilters(context.url), platformLedgerQuery);
  const today = todayInIndia(context.now);
  return signedInData(context, "superadmin", async () => ({ ledger: await platformLedger(context, query), today }));
}

const FILTERS = ["from", "to", "kind", "status"] as const;

const KIND_LABELS = { flight: "Flights", hotel: "Stays", bus: "Buses" } as const;
const ENTRY_KIND = { flight: "Flight", hotel: "Stay", bus: "Bus" } as const;

const BADGE: Record<LedgerStatus, string> = {
  received: "badge-confirmed",
  refunded: "badge-cancelled",
  "refund-pending": "badge-pending",
  "refund-failed": "badge-rejected",
};

/** The day `days` before `today` (both YYYY-MM-DD), as the date filter takes it. */
const daysBefore = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

export default function Page() {
  const { params, applyFilters } = useListFilters(FILTERS);
  const { ledger, today } = useLoaderData<typeof loader>();
  const from = params.get("from");
  const to = params.get("to");
  const kind = params.get("kind") as keyof typeof KIND_LABELS | null;
  const filtered = FILTERS.some((k) => params.get(k));
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
      <h1>Platform ledger</h1>
      <p className="muted">
        The platform's own money: payments for the flights, stays and bus trips it sells as their merchant, the refunds of them, and what
        remains. Sellers' package payments are in each seller's own ledger.
      </p>
      <nav aria-label="Periods" className="ledger-periods">
        <Link className="btn btn-outline" to={`?from=${daysBefore(today, 6)}&to=${today}`}>
          Last 7 days
        </Link>
        <Link className="btn btn-outline" to={`?from=${daysBefore(today, 29)}&to=${today}`}>
          Last 30 days
        </Link>
        <Link className="btn btn-outline" to={`?from=${today.slice(0, 8)}01&to=${today}`}>
          This month
        </Link>
        <Link className="btn btn-outline" to="?">
          All dates
        </Link>
      </nav>
      <form className="card filters" method="get" onSubmit={applyFilters} aria-label="Filter the platform ledger" key={params.toString()}>
        <div className="field">
          <label htmlFor="f-from">From</label>
          <input id="f-from" name="from" type="date" defaultValue={from ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="f-to">To</label>
          <input id="f-to" name="to" type="date" defaultValue={to ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="f-kind">Travel</label>
          <select id="f-kind" name="kind" defaultValue={kind ?? ""}>
            <option value="">Flights, stays and buses</option>
            {Object.entries(KIND_LABELS).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </select>
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

      <PageContent label="Loading the platform ledger...">
        <section className="stack" aria-labelledby="ledger-totals">
          <h2 id="ledger-totals">
            {kind ? KIND_LABELS[kind] : "Flights, stays and buses"} {period}
          </h2>
          <div className="tiles">
            <div className="tile">
              <span className="value">{formatRupees(totals.received)}</span>
              <span className="label">Payments</span>
            </div>
            <div className="tile">
              <span className="value">{formatRupees(totals.refunded)}</span>
              <span className="label">Refunds</span>
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
          <TableRegion label="Payments, refunds and net by travel kind">
            <table className="data-table stack-rows" aria-labelledby="ledger-by-kind">
              <caption id="ledger-by-kind">By travel kind {period}</caption>
              <thead>
                <tr>
                  <th scope="col">Travel</th>
                  <th scope="col">Payments</th>
                  <th scope="col">Refunds</th>
                  <th scope="col">Net</th>
                </tr>
              </thead>
              <tbody>
                {ledger.byKind.map((k) => (
                  <tr key={k.kind}>
                    <th scope="row" data-label="Travel">
                      {KIND_LABELS[k.kind]}
                    </th>
                    <td data-label="Payments" className="ledger-amount">
                      {`${formatRupees(k.received)} (${k.payments})`}
                    </td>
                    <td data-label="Refunds" className="ledger-amount">
                      {`${formatRupees(k.refunded)} (${k.refunds})`}
                    </td>
                    <td data-label="Net" className="ledger-amount">
                      {formatRupees(k.net)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </section>

        <LedgerSvgChart chart={ledger.chart} title={`Payments and refunds by ${ledger.chart.bucket}`} />

        <section className="card stack" aria-labelledby="ledger-entries">
          <h2 id="ledger-entries">Payments and refunds</h2>
          {ledger.data.length === 0 ? (
            <p className="muted">
              {filtered
                ? "No payments or refunds match these filters."
                : "No payments yet. Paid flights, stays and bus trips will appear here."}
            </p>
          ) : (
            <>
              <TableRegion label="Platform payments and refunds table">
                <table className="data-table stack-rows">
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Type</th>
                      <th scope="col">Travel</th>
                      <th scope="col">Booking</th>
                      <th scope="col">Trip</th>
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
                        <td data-label="Travel">{e.travelKind ? ENTRY_KIND[e.travelKind] : "—"}</td>
                        <td data-label="Booking">
                          <span className="ledger-booking">{e.bookingRef}</span>
                        </td>
                        <td data-label="Trip">{e.packageName}</td>
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
        <h1>Platform ledger</h1>
        <LoadFailed fallback="Failed to load the platform ledger" />
      </main>
    </LoadErrorBoundary>
  );
}
