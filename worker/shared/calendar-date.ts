/**
 * Whether `value` is a day of the calendar written as YYYY-MM-DD: the shape, and a real day (no 2027-02-30, no
 * 2027-13-45). `Date` alone is no check: it rolls 2027-02-30 over to 2 March, and turns 2027-13-45 into an invalid
 * date whose `toISOString()` throws, which every date check and date sum must never reach with a visitor's text.
 */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(value);
}
