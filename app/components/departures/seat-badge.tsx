import type { DepartureState } from "@worker/domain/departures/view";

/** What is left of a departure, in words (never colour alone). */
export function SeatBadge({ state, label }: { state: DepartureState; label: string }) {
  return <span className={`seat-badge seat-${state}`}>{label}</span>;
}
