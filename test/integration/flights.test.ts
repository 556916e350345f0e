import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysFromNow } from "../support/bookings";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * Flight search (issue 27, spec §7): POST /api/flights/search over the built-in offline supplier, its clear 4xx,
 * its determinism, and its cancellation: an aborted request stops the supplier's work on the server.
 */

let w: TestWorker;
beforeAll(async () => {
  w = await startWorker();
});
afterAll(() => w?.dispose());

const search = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  w.api("POST", "/api/flights/search", { origin: "DEL", destination: "BOM", departureDate: daysFromNow(30), ...body }, headers);

type Offer = {
  id: string;
  fare: { base: number; taxes: number; total: number };
  slices: {
    stops: number;
    duration: number;
    segments: { carrier: string; flightNumber: string; departure: { at: string; terminal: string } }[];
  }[];
  validatingCarrier: string;
  seatsLeft: number;
  baggage: { checkedKg: number };
  refundable: boolean;
};

describe("POST /api/flights/search", () => {
  it("answers DEL → BOM offers with segments, fares in paise, baggage, seats left and facets", async () => {
    const res = await search({ passengers: { adults: 2, children: 0, infants: 0 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { offers, facets, count, total } = res.body.data as { offers: Offer[]; facets: any; count: number; total: number };
    expect(count).toBeGreaterThan(5);
    expect(count).toBe(total);
    const offer = offers[0];
    expect(offer.slices[0].segments[0].departure.terminal).toMatch(/^\d$/);
    expect(Number.isInteger(offer.fare.total)).toBe(true);
    expect(offer.fare.total).toBe(offer.fare.base + offer.fare.taxes);
    // DEL → BOM economy for two, a few weeks out: plausible rupees (₹3,000–₹25,000 per person).
    expect(offer.fare.total / 2).toBeGreaterThan(300_000);
    expect(offer.fare.total / 2).toBeLessThan(2_500_000);
    expect(offer.baggage.checkedKg).toBe(15);
    expect(offer.seatsLeft).toBeGreaterThanOrEqual(2);
    expect(offer.seatsLeft).toBeLessThanOrEqual(9);
    // Sorted by price by default; facets give the lowest fare per airline.
    const totals = offers.map((o) => o.fare.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(facets.airlines.length).toBeGreaterThanOrEqual(3);
    for (const a of facets.airlines)
      expect(a.lowestFare).toBe(Math.min(...offers.filter((o) => o.validatingCarrier === a.code).map((o) => o.fare.total)));
    expect(facets.stops[0]).toMatchObject({ stops: 0 });
  });

  it("gives the same flights and fares for the same route and date (deterministic)", async () => {
    const a = await search({});
    const b = await search({});
    const strip = (offers: Offer[]) => offers.map(({ id: _id, ...o }) => o);
    expect(strip(b.body.data.offers)).toEqual(strip(a.body.data.offers));
    const other = await search({ departureDate: daysFromNow(31) });
    expect(strip(other.body.data.offers)).not.toEqual(strip(a.body.data.offers));
  });

  it("filters by stops, airline, departure band and maximum price, and sorts by duration and departure", async () => {
    const all = (await search({})).body.data.offers as Offer[];
    const nonStop = (await search({ filters: { stops: [0] } })).body.data;
    expect(nonStop.offers.every((o: Offer) => o.slices[0].stops === 0)).toBe(true);
    expect(nonStop.total).toBe(all.length);
    const indigo = (await search({ filters: { airlines: ["6E"] } })).body.data.offers as Offer[];
    expect(indigo.length).toBeGreaterThan(0);
    expect(indigo.every((o) => o.validatingCarrier === "6E")).toBe(true);
    const morning = (await search({ filters: { departureTimes: ["morning"] } })).body.data.offers as Offer[];
    for (const o of morning) expect(Number(o.slices[0].segments[0].departure.at.slice(11, 13))).toBeGreaterThanOrEqual(6);
    const cap = all[Math.floor(all.length / 2)].fare.total;
    const cheap = (await search({ filters: { maxPrice: cap } })).body.data.offers as Offer[];
    expect(cheap.length).toBeLessThan(all.length);
    expect(cheap.every((o) => o.fare.total <= cap)).toBe(true);
    const byDuration = (await search({ sort: "duration" })).body.data.offers as Offer[];
    expect(byDuration.map((o) => o.slices[0].duration)).toEqual(byDuration.map((o) => o.slices[0].duration).sort((a, b) => a - b));
    const byDeparture = (await search({ sort: "departure" })).body.data.offers as Offer[];
    const times = byDeparture.map((o) => o.slices[0].segments[0].departure.at);
    expect(times).toEqual([...times].sort());
  });

  it("answers a return trip with two slices, and Goa covers both its airports", async () => {
    const back = await search({ returnDate: daysFromNow(35) });
    expect(back.status).toBe(200);
    expect(back.body.data.offers[0].slices).toHaveLength(2);
    const goa = await search({ destination: "GOA" });
    const airports = new Set((goa.body.data.offers as any[]).map((o) => o.slices[0].segments.at(-1).arrival.airport));
    expect([...airports].sort()).toEqual(["GOI", "GOX"]);
  });

  it.each([
    ["origin equal to the destination", { destination: "DEL" }, "destination"],
    ["a date in the past", { departureDate: daysFromNow(-1) }, "departureDate"],
    ["more than 9 passengers", { passengers: { adults: 6, children: 4, infants: 0 } }, "passengers"],
    ["an unknown airport", { origin: "XXX" }, "origin"],
    ["a return before the departure", { returnDate: daysFromNow(20) }, "returnDate"],
    ["no adult", { passengers: { adults: 0, children: 1, infants: 0 } }, "passengers.adults"],
  ])("refuses %s with a clear 422", async (_name, body, path) => {
    const res = await search(body);
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect((res.body.issues as { path: string }[]).map((i) => i.path)).toContain(path);
  });

  it("refuses malformed JSON with a 400", async () => {
    const res = await w.request("/api/flights/search", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(res.status).toBe(400);
  });

  it("stops the supplier's work when the caller aborts the search", async () => {
    const before = (await w.api("GET", "/api/dev/flight-supplier")).body;
    const controller = new AbortController();
    const pending = w
      .request("/api/flights/search", {
        method: "POST",
        headers: { "content-type": "application/json", "x-tb-supplier-delay": "300", "x-tb-search-id": "s1" },
        body: JSON.stringify({ origin: "DEL", destination: "BLR", departureDate: daysFromNow(30) }),
        signal: controller.signal,
      })
      .catch((error: Error) => error);
    await new Promise((r) => setTimeout(r, 450));
    controller.abort();
    // Cloudflare fires the request's signal when its caller goes away (enable_request_signal); Miniflare does not
    // forward the disconnect, so the test stands in for it by the search's name.
    expect((await w.api("POST", "/api/dev/flight-searches/s1/abort")).body).toEqual({ aborted: true });
    expect(await pending).toBeInstanceOf(Error);
    // Five carriers at 300 ms each would take 1.5 s; the aborted one stops after the first or second.
    await new Promise((r) => setTimeout(r, 1_500));
    const after = (await w.api("GET", "/api/dev/flight-supplier")).body;
    expect(after.started - before.started).toBe(1);
    expect(after.aborted - before.aborted).toBe(1);
    expect(after.completed - before.completed).toBe(0);
    expect(after.carriersGenerated - before.carriersGenerated).toBeLessThan(5);
  });

  it("renders the flights page with the filters in the address, the booking page for a guest, and the home tab", async () => {
    const date = daysFromNow(30);
    const page = await w.request(`/flights/search?from=DEL&to=BOM&date=${date}&adults=2&stops=0&sort=price`);
    expect(page.status).toBe(200);
    const html = (await page.text()).replaceAll("&amp;", "&");
    expect(html).toContain("Non-stop");
    const link = /\/flight-booking\?offer=([^"]+)"/.exec(html);
    expect(link).not.toBeNull();
    const booking = await w.request(`/flight-booking?offer=${link?.[1]}`);
    expect(booking.status).toBe(200);
    expect(await booking.text()).toContain("Log in to book");
    expect((await w.request("/flight-booking?offer=forged.id")).status).toBe(404);
    const past = await w.request(`/flights/search?from=DEL&to=BOM&date=${daysFromNow(-2)}`);
    expect(await past.text()).toContain("The departure date has passed");
    const home = await w.request("/?tab=flights");
    expect(await home.text()).toContain("Search flights");
  });
});
