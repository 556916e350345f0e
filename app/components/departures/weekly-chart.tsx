import type { WeekFigures } from "@worker/domain/departures/weekly";
import { formatDate, formatRupees } from "@worker/shared/format";

const W = 600;
const H = 220;
const PAD = { left: 8, right: 8, top: 16, bottom: 28 };

/**
 * Bookings (bars) and confirmed revenue (line) of the last 12 weeks, drawn on the server as SVG with a title and a
 * description for screen readers; the table beside it holds the same figures.
 */
export function WeeklyChart({ weeks }: { weeks: WeekFigures[] }) {
  const maxCount = Math.max(1, ...weeks.map((w) => w.bookings));
  const maxRevenue = Math.max(1, ...weeks.map((w) => w.revenue));
  const slot = (W - PAD.left - PAD.right) / weeks.length;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number, max: number) => PAD.top + plotH - (v / max) * plotH;
  const totalBookings = weeks.reduce((s, w) => s + w.bookings, 0);
  const totalRevenue = weeks.reduce((s, w) => s + w.revenue, 0);
  const line = weeks.map((w, i) => `${(PAD.left + slot * i + slot / 2).toFixed(1)},${y(w.revenue, maxRevenue).toFixed(1)}`).join(" ");
  return (
    <figure className="chart-figure">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="weekly-title weekly-desc">
        <title id="weekly-title">Bookings and revenue, last 12 weeks</title>
        <desc id="weekly-desc">
          {`Bars: bookings per week, ${totalBookings} in all, at most ${maxCount} in a week. Line: revenue of confirmed bookings per week, ${formatRupees(totalRevenue)} in all. The table below lists each week.`}
        </desc>
        <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} stroke="currentColor" strokeOpacity="0.4" />
        {weeks.map((w, i) => {
          const top = y(w.bookings, maxCount);
          return (
            <rect
              key={w.weekStart}
              x={PAD.left + slot * i + slot * 0.2}
              y={top}
              width={slot * 0.6}
              height={PAD.top + plotH - top}
              fill="var(--brand, #3949ab)"
              fillOpacity="0.55"
            />
          );
        })}
        <polyline points={line} fill="none" stroke="var(--warning)" strokeWidth="3" />
        {weeks.map((w, i) =>
          i % 3 === 0 ? (
            <text key={w.weekStart} x={PAD.left + slot * i + slot / 2} y={H - 8} textAnchor="middle" fontSize="14" fill="currentColor">
              {formatDate(w.weekStart).replace(/ \d{4}$/, "")}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="muted">Bars: bookings made each week. Line: revenue of confirmed bookings.</figcaption>
      <div className="chart-table-wrap">
        <table className="data-table">
          <caption className="sr-only">Bookings and revenue per week</caption>
          <thead>
            <tr>
              <th scope="col">Week from</th>
              <th scope="col">Bookings</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.weekStart}>
                <th scope="row">{formatDate(w.weekStart)}</th>
                <td>{w.bookings}</td>
                <td>{formatRupees(w.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
