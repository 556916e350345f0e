import { type DepartureView, isBookable } from "@worker/domain/departures/view";
import { formatDate } from "@worker/shared/format";
import { SeatBadge } from "./seat-badge";

/**
 * The booking form's choice of departure (ADR 0044): one radio per departure, named `startDate` as the booking
 * request's travel date, so it posts without scripts. Sold-out and closed ones are shown and cannot be chosen.
 */
export function DeparturePicker({
  departures,
  value,
  onChange,
}: {
  departures: DepartureView[];
  value: string;
  onChange: (startDate: string) => void;
}) {
  const bookable = departures.filter(isBookable);
  const chosen = bookable.some((d) => d.startDate === value) ? value : (bookable[0]?.startDate ?? "");
  return (
    <fieldset className="traveller-fieldset departure-options">
      <legend>Departure</legend>
      {bookable.length === 0 ? <p role="note">Every departure of this package is sold out or closed.</p> : null}
      {departures.map((d) => {
        const open = isBookable(d);
        return (
          <label key={d.id} className="departure-option">
            <input
              type="radio"
              name="startDate"
              value={d.startDate}
              checked={open && chosen === d.startDate}
              disabled={!open}
              required
              onChange={() => onChange(d.startDate)}
            />
            <span>{formatDate(d.startDate)}</span>
            <SeatBadge state={d.state} label={d.label} />
          </label>
        );
      })}
    </fieldset>
  );
}
