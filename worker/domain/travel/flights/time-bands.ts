/** Departure and arrival time bands (browser-safe: the flights page's filters import them). */
export const TIME_BANDS = ["early", "morning", "afternoon", "evening"] as const;
export type TimeBand = (typeof TIME_BANDS)[number];
/** Before 06:00, 06:00–11:59, 12:00–17:59, from 18:00 (local time at the airport, all in India). */
export const TIME_BAND_LABELS: Record<TimeBand, string> = {
  early: "Before 6 AM",
  morning: "6 AM – 12 PM",
  afternoon: "12 PM – 6 PM",
  evening: "After 6 PM",
};
