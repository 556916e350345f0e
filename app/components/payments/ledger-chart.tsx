import type { SellerLedger } from "@worker/domain/payments/ledger";
import { TableRegion } from "~/components/ui/table-region";
import { formatRupees } from "@worker/shared/format";
import "./ledger.css";

type Chart = SellerLedger["chart"];

const monthFormat = new Intl.DateTimeFormat("en-IN", { month: "short", year: "numeric", timeZone: "Asia/Kolkata" });
const dayFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "Asia/Kolkata" });

/** "Nov 2026" for 2026-11, "23 Nov" for 2026-11-23: periods are days or months in India. */
export function periodLabel(period: string, bucket: Chart["bucket"]) {
  const at = new Date(`${bucket === "month" ? `${period}-01` : period}T00:00:00+05:30`);
  return Number.isNaN(at.getTime()) ? period : (bucket === "month" ? monthFormat : dayFormat).format(at);
}

/** A bar's width: a share of the largest figure, never so thin that a small amount disappears. */
const widthOf = (value: number, max: number) => (value > 0 ? `max(0.4rem, ${((value / max) * 100).toFixed(2)}%)` : "0");

/**
 * Received and refunded per day or month, as bars. The bars are for the eye only; a screen reader gets the
 * caption and the same figures as a table (which anyone can open).
 */
export function LedgerChart({ chart }: { chart: Chart }) {
  const { points, bucket } = chart;
  const unit = bucket === "day" ? "day" : "month";
  if (points.length === 0) return null;
  const max = Math.max(1, ...points.flatMap((p) => [p.received, p.refunded]));
  const received = points.reduce((s, p) => s + p.received, 0);
  const refunded = points.reduce((s, p) => s + p.refunded, 0);
  const busiest = points.reduce((best, p) => (p.received > best.received ? p : best), points[0]);
  const summary = `${formatRupees(received)} received and ${formatRupees(refunded)} refunded over ${points.length} ${unit}${points.length === 1 ? "" : "s"} with payments or refunds${chart.cut ? ` (the latest ${points.length} with activity; narrow the dates to see earlier ones)` : ""}${busiest.received > 0 ? `; the most was received in ${periodLabel(busiest.period, bucket)} (${formatRupees(busiest.received)})` : ""}.`;
  return (
    <section className="card stack" aria-labelledby="ledger-chart-title">
      <h2 id="ledger-chart-title">Received and refunded by {unit}</h2>
      <figure className="ledger-chart">
        <figcaption className="muted">{summary}</figcaption>
        <div className="ledger-legend" aria-hidden="true">
          <span>
            <span className="ledger-swatch ledger-received" /> Received
          </span>
          <span>
            <span className="ledger-swatch ledger-refunded" /> Refunded
          </span>
        </div>
        <div className="ledger-bars" aria-hidden="true">
          {points.map((p) => (
            <div className="ledger-bar-row" key={p.period}>
              <span>{periodLabel(p.period, bucket)}</span>
              <div className="ledger-bar-pair">
                <div className="ledger-bar ledger-received" style={{ width: widthOf(p.received, max) }} />
                <div className="ledger-bar ledger-refunded" style={{ width: widthOf(p.refunded, max) }} />
              </div>
            </div>
          ))}
        </div>
      </figure>
      <LedgerFigures chart={chart} />
    </section>
  );
}

/** The chart's figures as a table, closed by default: what a screen reader reads instead of the bars. */
export function LedgerFigures({ chart }: { chart: Chart }) {
  const { points, bucket } = chart;
  const unit = bucket === "day" ? "day" : "month";
  return (
    <details className="ledger-figures">
      <summary>Show the chart's figures as a table</summary>
      <TableRegion label={`Received and refunded by ${unit}, table`}>
        <table className="data-table stack-rows">
          <thead>
            <tr>
              <th scope="col">{bucket === "day" ? "Day" : "Month"}</th>
              <th scope="col">Received</th>
              <th scope="col">Refunded</th>
              <th scope="col">Net</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.period}>
                <td data-label={bucket === "day" ? "Day" : "Month"}>{periodLabel(p.period, bucket)}</td>
                <td data-label="Received" className="ledger-amount">
                  {formatRupees(p.received)}
                </td>
                <td data-label="Refunded" className="ledger-amount">
                  {formatRupees(p.refunded)}
                </td>
                <td data-label="Net" className="ledger-amount">
                  {formatRupees(p.received - p.refunded)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </details>
  );
}
