/** A rating as five stars, read out as "4 out of 5 stars" (the stars themselves are hidden from screen readers). */
export function Stars({ rating, label }: { rating: number; label?: string }) {
  const full = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={label ?? `${rating} out of 5 stars`}>
      <span aria-hidden="true">{"★".repeat(full)}</span>
      <span className="off" aria-hidden="true">
        {"★".repeat(5 - full)}
      </span>
    </span>
  );
}

const MONTH = new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "UTC" });
/** "March 2026" for "2026-03". */
export const formatMonth = (yearMonth: string) => MONTH.format(new Date(`${yearMonth}-15T00:00:00Z`));

/** "4.5" for 4.5, "4.0" for 4. */
export const formatRating = (rating: number) => rating.toFixed(1);
