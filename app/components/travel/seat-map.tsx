import { formatRupees } from "@worker/shared/format";

type Seat = { name: string; deck: "lower" | "upper"; row: number; col: number; berth: boolean; window: boolean; available: boolean };

/**
 * A bus's seats as checkboxes named `seat` (works without scripts): a taken seat is disabled; each deck is a fieldset.
 * The aisle is an empty column: after the second seat of a 2+2 row, after the first berth of a 2+1 one.
 */
export function SeatMap({ seats, fare }: { seats: Seat[]; fare: number }) {
  const decks = (["lower", "upper"] as const).filter((d) => seats.some((s) => s.deck === d));
  return (
    <div className="seat-decks">
      {decks.map((deck) => {
        const deckSeats = seats.filter((s) => s.deck === deck);
        const sleeper = deckSeats.some((s) => s.berth);
        const aisleAfter = sleeper ? 0 : 1;
        return (
          <fieldset key={deck} className="seat-deck">
            <legend>{decks.length > 1 ? `${deck === "lower" ? "Lower" : "Upper"} deck` : "Seats"}</legend>
            <div className={`seat-grid${sleeper ? " sleeper" : ""}`}>
              {deckSeats.map((s) => (
                <label
                  key={s.name}
                  className={`seat${s.berth ? " berth" : ""}${s.available ? "" : " taken"}`}
                  style={{ gridRow: s.row, gridColumn: s.col + (s.col > aisleAfter ? 2 : 1) }}
                >
                  <input
                    type="checkbox"
                    name="seat"
                    value={s.name}
                    disabled={!s.available}
                    aria-label={`${s.berth ? "Berth" : "Seat"} ${s.name}${s.window ? ", window" : ""}, ${s.available ? formatRupees(fare) : "taken"}`}
                  />
                  <span aria-hidden="true">{s.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
