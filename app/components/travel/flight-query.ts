/** The flights page's address ⇄ the search's input (browser-safe: no zod here; the server validates). */
export type FlightParams = {
  from: string;
  to: string;
  date: string;
  back: string;
  adults: string;
  children: string;
  infants: string;
  cabin: string;
  sort: string;
  stops: string[];
  airline: string[];
  dep: string[];
  arr: string[];
  max: string;
};

export function flightParamsOf(url: URL): FlightParams {
  const q = url.searchParams;
  const one = (k: string, d = "") => (q.get(k) ?? d).trim().slice(0, 20);
  const many = (k: string) =>
    q
      .getAll(k)
      .map((v) => v.trim().slice(0, 20))
      .slice(0, 10);
  return {
    from: one("from").toUpperCase(),
    to: one("to").toUpperCase(),
    date: one("date"),
    back: one("return"),
    adults: one("adults", "1"),
    children: one("children", "0"),
    infants: one("infants", "0"),
    cabin: one("cabin", "ECONOMY"),
    sort: one("sort", "price"),
    stops: many("stops"),
    airline: many("airline"),
    dep: many("dep"),
    arr: many("arr"),
    max: one("max"),
  };
}

const int = (v: string) => (/^\d+$/.test(v) ? Number(v) : Number.NaN);

/** The body POST /api/flights/search takes, from the address. */
export function searchBodyOf(p: FlightParams) {
  return {
    origin: p.from,
    destination: p.to,
    departureDate: p.date,
    ...(p.back ? { returnDate: p.back } : {}),
    passengers: { adults: int(p.adults), children: int(p.children || "0"), infants: int(p.infants || "0") },
    cabin: p.cabin,
    sort: p.sort,
    filters: {
      ...(p.stops.length ? { stops: p.stops.map(int) } : {}),
      ...(p.airline.length ? { airlines: p.airline } : {}),
      ...(p.dep.length ? { departureTimes: p.dep } : {}),
      ...(p.arr.length ? { arrivalTimes: p.arr } : {}),
      ...(p.max ? { maxPrice: int(p.max) * 100 } : {}),
    },
  };
}
