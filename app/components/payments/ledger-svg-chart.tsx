import type { SellerLedger } from "@worker/domain/payments/ledger";
import { formatRupees } from "@worker/shared/format";
import { LedgerFigures, periodLabel } from "./ledger-chart";
import "./ledger.css";

type Chart = SellerLedger["chart"];

const WIDTH = 600;
const HEIGHT = 200;

/**
 * Received and refunded per day or month as an SVG drawn on the server (no chart library, no script): a pair of bars
 * per period on a shared scale. The SVG stretches to the card's width, so its labels are HTML around it, never SVG
 * text that would stretch with it. A screen reader gets the caption and the same figures as a table.
 */
export function LedgerSvgChart({ chart, title }: { chart: Chart; title: string }) {
  const { points, bucket } = chart;
  if (points.length === 0) return null;
  const unit = bucket === "day" ? "day" : "month";
  const max = Math.max(1, ...points.flatMap((p) => [p.received, p.refunded]));
  const received = points.reduce((s, p) => s + p.received, 0);
  const refunded = points.reduce((s, p) => s + p.refunded, 0);
  const slot = WIDTH / points.length;
  const bar = Math.max(1, slot * 0.36);
  const heightOf = (value: number) => (value > 0 ? Math.max(2, (value / max) * (HEIGHT - 4)) : 0);
  const summary = `${formatRupees(received)} received and ${formatRupees(refunded)} refunded, ${formatRupees(received - refunded)} net, over ${points.length} ${unit}${points.length === 1 ? "" : "s"} with payments or refunds${chart.cut ? ` (the latest ${points.length} with activity; narrow the dates to see earlier ones)` : ""}.`;
  return (
    <section className="card stack" aria-labelledby="ledger-chart-title">
      <h2 id="ledger-chart-title">{title}</h2>
      <figure className="ledger-chart">
        <figcaption className="muted">{summary}</figcaption>
        <div className="ledger-legend" aria-hidden="true">
          <span>
            <span className="ledger-swatch ledger-received" /> Received
          </span>
          <span>
            <span className="ledger-swatch ledger-refunded" /> Refunded
          </span>
          <span className="muted">Scale: up to {formatRupees(max)}</span>
        </div>
        <svg className="ledger-svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" data-testid="ledger-svg">
          <title>{summary}</title>
          <line className="ledger-axis" x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} />
          {points.map((p, i) => {
            const x = i * slot + (slot - 2 * bar) / 2;
            const label = periodLabel(p.period, bucket);
            return (
              <g key={p.period}>
                <rect className="ledger-svg-received" x={x} y={HEIGHT - heightOf(p.received)} width={bar} height={heightOf(p.received)}>
                  <title>{`${label}: ${formatRupees(p.received)} received`}</title>
                </rect>
                <rect
                  className="ledger-svg-refunded"
                  x={x + bar}
                  y={HEIGHT - heightOf(p.refunded)}
                  width={bar}
                  height={heightOf(p.refunded)}
                >
                  <title>{`${label}: ${formatRupees(p.refunded)} refunded`}</title>
                </rect>
              </g>
            );
          })}
        </svg>
        <div className="ledger-svg-periods" aria-hidden="true">
          <span>{periodLabel(points[0].period, bucket)}</span>
          {points.length > 1 ? <span>{periodLabel(points[points.length - 1].period, bucket)}</span> : null}
        </div>
      </figure>
      <LedgerFigures chart={chart} />
    </section>
  );
}
