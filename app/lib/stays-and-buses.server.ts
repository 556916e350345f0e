import type { AppLoadContext } from "@remix-run/cloudflare";
import { clientIp } from "@worker/client-ip";
import { DomainError } from "@worker/domain/errors";
import { type BusSearchInput, busSearchInput } from "@worker/domain/travel/buses/schemas";
import { type HotelRatesInput, hotelRatesInput } from "@worker/domain/travel/hotels/schemas";
import type { SearchContext } from "@worker/domain/travel/offer";
import { addDays, todayInIndia } from "@worker/domain/travel/supplier";
import type { ZodError } from "zod";
import { isCalendarDate } from "@worker/shared/calendar-date";

/**
 * The hotel and bus pages' addresses (issue 27): what the search forms put in the query string, read back into the
 * services' inputs with the API's own zod schemas. A refusal becomes a message on the page, never an error page.
 */

const int = (v: string | null, fallback: number) => {
  const n = Number.parseInt(v ?? "", 10);
  return Number.isFinite(n) ? n : fallback;
};
const firstIssue = (error: ZodError) => error.issues[0]?.message ?? "Check the search";

/** A stay from `checkIn`, `checkOut`, `rooms`, `adults` and repeated `age` (each room alike); defaults two weeks ahead. */
export function stayFromUrl(url: URL, now: Date) {
  const p = url.searchParams;
  const today = todayInIndia(now);
  const checkIn = p.get("checkIn") || addDays(today, 14);
  const checkOut = p.get("checkOut") || addDays(isCalendarDate(checkIn) ? checkIn : today, 2);
  const rooms = Math.min(9, Math.max(1, int(p.get("rooms"), 1)));
  const adults = Math.min(9, Math.max(1, int(p.get("adults"), 2)));
  const ages = p
    .getAll("age")
    .filter((a) => a !== "")
    .slice(0, 3)
    .map((a) => int(a, -1));
  return { checkIn, checkOut, roomCount: rooms, adults, ages, rooms: Array.from({ length: rooms }, () => ({ adults, childAges: ages })) };
}

export type StayForm = ReturnType<typeof stayFromUrl>;

export function parseStay(fields: Record<string, unknown>): { input: HotelRatesInput; error: null } | { input: null; error: string } {
  const parsed = hotelRatesInput.safeParse(fields);
  return parsed.success ? { input: parsed.data, error: null } : { input: null, error: firstIssue(parsed.error) };
}

export const BUS_FILTER_KEYS = { type: "busTypes", seat: "seatTypes", time: "departure" } as const;

/** A bus search from `from`, `to`, `date`, `passengers`, repeated `type`, `seat`, `time`, `maxPrice` (rupees) and `sort`. */
export function busSearchFromUrl(url: URL, now: Date) {
  const p = url.searchParams;
  const form = {
    from: p.get("from") ?? "",
    to: p.get("to") ?? "",
    date: p.get("date") || addDays(todayInIndia(now), 7),
    passengers: Math.min(99, Math.max(0, int(p.get("passengers"), 1))),
    type: p.getAll("type"),
    seat: p.getAll("seat"),
    time: p.getAll("time"),
    maxPrice: p.get("maxPrice") ?? "",
    sort: p.get("sort") || "departure",
    trip: p.get("trip") ?? "",
  };
  return form;
}
export type BusForm = ReturnType<typeof busSearchFromUrl>;

export function parseBusSearch(form: BusForm): { input: BusSearchInput; error: null } | { input: null; error: string } {
  const maxRupees = Number.parseInt(form.maxPrice, 10);
  const parsed = busSearchInput.safeParse({
    origin: form.from,
    destination: form.to,
    date: form.date,
    passengers: form.passengers,
    filters: {
      ...(form.type.length ? { busTypes: form.type } : {}),
      ...(form.seat.length ? { seatTypes: form.seat } : {}),
      ...(form.time.length ? { departure: form.time } : {}),
      ...(Number.isFinite(maxRupees) && maxRupees > 0 ? { maxPrice: maxRupees * 100 } : {}),
    },
    sort: form.sort,
  });
  return parsed.success ? { input: parsed.data, error: null } : { input: null, error: firstIssue(parsed.error) };
}

/** A service's refusal (a date in the past, too far ahead) as the page's message; anything else is thrown on. */
export async function refusalAsMessage<T>(work: Promise<T>): Promise<{ value: T; error: null } | { value: null; error: string }> {
  try {
    return { value: await work, error: null };
  } catch (error) {
    if (error instanceof DomainError && error.kind !== "unavailable") return { value: null, error: error.message };
    throw error;
  }
}

/** A search page's context for the suppliers: the day, the request's signal, and the client address it is counted against. */
export const searchContext = (context: AppLoadContext, request: Request): SearchContext => ({
  now: context.now,
  signal: request.signal,
  client: clientIp(request),
});
