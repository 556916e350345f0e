import { todayInIndia } from "../../worker/domain/bookings/transitions";

/**
 * The tests' clock. Normally the real one. `TB_TEST_CLOCK` moves it for a whole test file (issue 21):
 * - `+548d` (or `-3d`): that many days ahead of (behind) the real clock;
 * - an ISO instant, e.g. `2027-12-31T18:29:50Z`: the clock reads that instant when the file starts and runs on
 *   from there;
 * - `new-year`: ten seconds before midnight in India on the coming New Year's Eve, so the file runs across it;
 * - `new-year+548d`: the same, on the first New Year's Eve at least that many days ahead (far ahead and across the
 *   year's end in one run: what `npm test` uses, vitest.config.ts).
 * The seed is laid on this clock (startWorker), the date helpers count from it, and every request the
 * helpers send carries it in `x-tb-now`, which the Worker honours under TEST_CLOCK=1 outside production.
 */
function offsetOf(spec: string | undefined): number {
  if (!spec) return 0;
  const newYear = /^new-year(?:\+(\d+)d)?$/.exec(spec);
  if (newYear) {
    // 31 December, 23:59:50 in India (UTC+5:30) is 18:29:50 UTC: the first such instant at least `days` ahead.
    const from = Date.now() + Number(newYear[1] ?? 0) * 86_400_000;
    const year = new Date(from).getUTCFullYear();
    const eve = (y: number) => Date.UTC(y, 11, 31, 18, 29, 50);
    return (eve(year) > from ? eve(year) : eve(year + 1)) - Date.now();
  }
  const days = /^([+-]\d+)d$/.exec(spec);
  if (days) return Number(days[1]) * 86_400_000;
  const at = Date.parse(spec);
  if (Number.isNaN(at)) throw new Error(`TB_TEST_CLOCK must be like +548d, new-year, new-year+548d or an ISO instant, not ${spec}`);
  return at - Date.now();
}

let offset = offsetOf(process.env.TB_TEST_CLOCK);

/** True when this file runs with the clock moved. */
export let clockMoved = offset !== 0;

/**
 * Sets the clock for the test file about to run (test/setup.ts, before each file): a worker that runs several files
 * (`isolate: false`) keeps this module, and `new-year` must start ten seconds before midnight for each of them.
 */
export function startFileClock() {
  offset = offsetOf(process.env.TB_TEST_CLOCK);
  clockMoved = offset !== 0;
}

/** Now, on the tests' clock, in milliseconds since 1970. */
export const testNow = () => Date.now() + offset;

/** Now, on the tests' clock. */
export const testDate = () => new Date(testNow());

/** Today's date in India (YYYY-MM-DD) on the tests' clock: the calendar the Worker decides by. */
export const testToday = () => todayInIndia(testDate());

/** The header that carries the tests' clock to the Worker, when it is moved (none otherwise). */
export function clockHeader(): Record<string, string> {
  return clockMoved ? { "x-tb-now": String(testNow()) } : {};
}
