import { DomainError, type DomainIssue, unavailable, unprocessable } from "../errors";
import { todayInIndia } from "../bookings/transitions";

/**
 * What the hotel and bus suppliers share (ADR 0047): deterministic numbers for the offline generators, India's
 * calendar, the refusal of a date in the past, and one bounded call to an aggregator's API.
 */

/** A number in [0, 1) fixed by the text (FNV-1a, 32 bits): the same hotel, room and night always give the same one. */
export function unit(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // A final avalanche so neighbouring dates do not give neighbouring numbers.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) / 2 ** 32;
}

const DAY_MS = 86_400_000;

/** The ISO date `days` after `date` (YYYY-MM-DD, calendar arithmetic in UTC, so no time zone moves it). */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
/** 0 = Sunday … 6 = Saturday. */
export const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
/** The instant of a wall-clock time in India on a date (minutes may run past midnight). */
export const indiaInstant = (date: string, minutes: number) => new Date(Date.parse(`${date}T00:00:00+05:30`) + minutes * 60_000);

export { todayInIndia };

/** Refuses a date before today in India: 422 with the field named, as the zod refusals are. */
export function refusePast(date: string, now: Date, path: string, label: string) {
  if (date < todayInIndia(now)) throw unprocessable(`${label} is in the past`, [{ path, message: `${label} is in the past` }]);
}

export function refuse(issues: DomainIssue[]) {
  if (issues.length) throw unprocessable(issues[0].message, issues);
}

/** The refusal of a request its caller cancelled: nobody reads the answer, and it is no fault of ours (no 5xx log). */
export const cancelled = () => new DomainError("unavailable", "The request was cancelled");

/** Stops a supplier's work between steps when the request was cancelled (its signal aborted). */
export function stopIfAborted(signal?: AbortSignal) {
  if (signal?.aborted) throw cancelled();
}

/** The settings of an aggregator's HTTP API (ADR 0047): its address, key and the most one call may take. */
export type AggregatorConfig = { url: string; key: string; timeoutMs: number };

/**
 * One call to an aggregator: JSON in and out, bounded by its timeout and by the request's own signal (a traveller who
 * leaves stops the call). A refusal, a timeout or an unreadable answer is a 503 "unavailable": nothing was booked.
 */
export async function callAggregator(config: AggregatorConfig, path: string, body: unknown, signal: AbortSignal | undefined, what: string) {
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const bounded = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(new URL(path, config.url), {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${config.key}`, "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: bounded,
    });
  } catch {
    if (signal?.aborted) throw cancelled();
    throw unavailable(`The ${what} supplier did not answer in time. Please try again.`);
  }
  if (response.status === 404) return null;
  if (!response.ok) throw unavailable(`The ${what} supplier refused the request (${response.status}). Please try again.`);
  try {
    return (await response.json()) as unknown;
  } catch {
    throw unavailable(`The ${what} supplier answered something we cannot read. Please try again.`);
  }
}
