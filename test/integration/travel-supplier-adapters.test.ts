import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInIndia } from "../../worker/domain/bookings/transitions";
import { testNow } from "../support/clock";
import { sendPageAction } from "../support/page-action";
import { newCustomer } from "../support/security-fixtures";
import { BUS_STANDIN_URL, HOTEL_STANDIN_URL, STANDIN_KEY, travelSupplierStandIn } from "../support/travel-supplier-standin";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * The hotel and bus suppliers behind configuration (issue 27, ADR 0047): with HOTEL_SUPPLIER_* and BUS_SUPPLIER_* set,
 * searches, pages and the cart's re-pricing go to the aggregator's HTTP API (here a local stand-in of it) with its
 * key, every call bounded by SUPPLIER_TIMEOUT_MS; a slow, refusing or unreadable aggregator is a clear 503 with
 * nothing written. Without them the offline supplier answers and nothing leaves the Worker.
 */

const standIn = travelSupplierStandIn();
let w: TestWorker;
let offline: TestWorker;
const offlineCalls: string[] = [];
let today: string;
const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  today = todayInIndia(new Date(testNow()));
  [w, offline] = await Promise.all([
    startWorker({
      bindings: {
        HOTEL_SUPPLIER_URL: HOTEL_STANDIN_URL,
        HOTEL_SUPPLIER_KEY: STANDIN_KEY,
        BUS_SUPPLIER_URL: BUS_STANDIN_URL,
        BUS_SUPPLIER_KEY: STANDIN_KEY,
        SUPPLIER_TIMEOUT_MS: "400",
      },
      outbound: standIn.outbound,
    }),
    startWorker({
      outbound: (request) => {
        offlineCalls.push(request.url);
        return new Response("no outside calls expected", { status: 502 });
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([w?.dispose(), offline?.dispose()]);
});

const stay = () => ({ city: "Goa", checkIn: day(20), checkOut: day(22), rooms: [{ adults: 2, childAges: [6] }] });
const lastRequest = () => standIn.requests[standIn.requests.length - 1];

describe("the hotel aggregator adapter", () => {
  it("prices a city's stays at the aggregator, with its key, and signs its rates", async () => {
    const res = await w.api("POST", "/api/hotels/rates", stay());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.hotels.map((h: { name: string }) => h.name)).toEqual(["Aguada Cliff Retreat"]);
    const rates = res.body.hotels[0].rates;
    expect(rates.map((r: { mealPlan: string }) => r.mealPlan).sort()).toEqual(["CP", "EP"]);
    expect(rates.every((r: { offerId: string }) => r.offerId.includes("."))).toBe(true);
    expect(lastRequest()).toMatchObject({
      method: "POST",
      url: `${HOTEL_STANDIN_URL}rates`,
      authorization: `Bearer ${STANDIN_KEY}`,
      body: { city: "Goa", checkIn: day(20), checkOut: day(22) },
    });
  });

  it("reads a hotel's content and the facility list from the aggregator; an unknown hotel is a 404", async () => {
    const hotel = await w.api("GET", `/api/hotels/${standIn.hotelId}`);
    expect(hotel.status).toBe(200);
    expect(hotel.body.hotel).toMatchObject({ name: "Aguada Cliff Retreat", starRating: 4, area: "Candolim" });
    expect((await w.api("GET", "/api/hotels/facilities")).body.facilities.map((f: { code: string }) => f.code)).toEqual(["WIFI", "POOL"]);
    expect((await w.api("GET", "/api/hotels/agg-nowhere")).status).toBe(404);
    const page = await w.request(`/hotel/${standIn.hotelId}?checkIn=${day(20)}&checkOut=${day(22)}&adults=2`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Aguada Cliff Retreat");
    expect(html).toContain("Breakfast included");
  });

  it("re-prices the aggregator's rate through it when the traveller adds it to the cart", async () => {
    const customer = await newCustomer(w, "agg-stay");
    const rate = (await w.api("POST", "/api/hotels/rates", stay())).body.hotels[0].rates[0];
    const before = standIn.requests.length;
    const added = await sendPageAction(
      w,
      "/cart",
      { intent: "add-offer", offerId: rate.offerId, "travellers[0].name": "Asha Verma" },
      { cookie: `tb_session=${encodeURIComponent(customer.token)}` },
    );
    expect(added.redirect, added.text).toBe("/cart");
    const repriced = standIn.requests.slice(before).find((r) => r.url === `${HOTEL_STANDIN_URL}rates`);
    expect(repriced?.body).toMatchObject({ hotelIds: [standIn.hotelId], checkIn: day(20), checkOut: day(22) });
  });

  it("answers 503, not a 5xx of ours, when the aggregator is slow, down or unreadable", async () => {
    try {
      for (const mode of ["slow", "down", "unreadable"] as const) {
        standIn.setMode(mode);
        const started = Date.now();
        const res = await w.api("POST", "/api/hotels/rates", stay());
        expect(res.status, mode).toBe(503);
        expect(res.body.success).toBe(false);
        expect(res.body.message).toMatch(
          mode === "slow" ? /did not answer in time/ : mode === "down" ? /refused the request \(503\)/ : /cannot read/,
        );
        // The timeout (400 ms here) bounds the call, not the stand-in's 5 s.
        expect(Date.now() - started).toBeLessThan(3_000);
      }
    } finally {
      standIn.setMode("ok");
    }
  });
});

describe("the bus aggregator adapter", () => {
  it("searches the aggregator's trips with its key, and reads a trip's seat map from it", async () => {
    const res = await w.api("POST", "/api/buses/search", { origin: "Bengaluru", destination: "Chennai", date: day(10) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.trips).toHaveLength(1);
    expect(res.body.trips[0]).toMatchObject({
      serviceId: standIn.serviceId,
      operator: { name: "Kaveri Express (stand-in)" },
      seatsLeft: 3,
    });
    expect(lastRequest()).toMatchObject({ method: "POST", url: `${BUS_STANDIN_URL}search`, authorization: `Bearer ${STANDIN_KEY}` });
    const seats = await w.api("GET", `/api/buses/trips/${standIn.serviceId}/${day(10)}`);
    expect(seats.status).toBe(200);
    expect(seats.body.seats.filter((s: { available: boolean }) => s.available)).toHaveLength(3);
    expect(lastRequest().url).toBe(`${BUS_STANDIN_URL}trips/${standIn.serviceId}/${day(10)}/seats`);
    expect((await w.api("GET", `/api/buses/trips/agg-nothing/${day(10)}`)).status).toBe(404);
  });

  it("answers 503 when the bus aggregator does not answer in time", async () => {
    standIn.setMode("slow");
    try {
      const res = await w.api("POST", "/api/buses/search", { origin: "Bengaluru", destination: "Chennai", date: day(10) });
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/bus supplier did not answer in time/);
    } finally {
      standIn.setMode("ok");
    }
  });
});

describe("without the supplier variables", () => {
  it("answers from the offline supplier over the seeded tables, and calls nothing outside", async () => {
    const hotels = await offline.api("POST", "/api/hotels/rates", stay());
    expect(hotels.status).toBe(200);
    expect(hotels.body.hotels.length).toBeGreaterThanOrEqual(4);
    expect(hotels.body.hotels.map((h: { name: string }) => h.name)).not.toContain("Aguada Cliff Retreat");
    const buses = await offline.api("POST", "/api/buses/search", { origin: "Bengaluru", destination: "Chennai", date: day(10) });
    expect(buses.body.trips.length).toBeGreaterThanOrEqual(5);
    expect(offlineCalls).toEqual([]);
  });
});
