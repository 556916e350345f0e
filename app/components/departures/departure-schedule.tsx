import type { DepartureView } from "@worker/domain/departures/view";
import { formatDate } from "@worker/shared/format";
import { SeatBadge } from "./seat-badge";

/** A package's departures with what is left of each, on the package pages of both sites. */
export function DepartureSchedule({ departures }: { departures: DepartureView[] | undefined }) {
  if (!departures || departures.length === 0) return null;
  return (
    <section className="stack" aria-labelledby="departures-title" data-testid="departures">
      <h2 id="departures-title">Departures</h2>
      <ul className="departure-list">
        {departures.map((d) => (
          <li key={d.id} className="departure-item departure-head">
            <span>
              {formatDate(d.startDate)}
              {d.minGroup ? <span className="muted"> · runs with at least {d.minGroup} travellers</span> : null}
            </span>
            <SeatBadge state={d.state} label={d.label} />
          </li>
        ))}
      </ul>
    </section>
  );
}
