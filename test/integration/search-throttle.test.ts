import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_THROTTLED } from "../../worker/domain/travel/throttle";
import { daysFromNow } from "../support/bookings";
import { RATE_LIMITERS, type TestWorker, startWorker } from "../support/worker";

/**
 * ADR 0063: the public searches (flights, hotels and their rates, buses, by the API and by their pages) count each client
 * address on Cloudflare's Rate Limiting binding, at wrangler.toml's limit (Miniflare's binding locally). Past it, one
 * address gets a 429 (the pages say why) while every other address still searches.
 */

let w: TestWorker;
beforeAll(async () => {
  w = await startWorker();
});
afterAll(() => w?.dispose());

const { limit, period } = RATE_LIMITERS.SEARCH_LIMITER.simple;
const flights = { origin: "DEL", destination: "BOM", departureDate: daysFromNow(30) };
const buses = { origin: "Bengaluru", destination: "Chennai", date: daysFromNow(10) };
const stay = { city: "Goa", checkIn: daysFromNow(20), checkOut: daysFromNow(22), rooms: [{ adults: 2, childAges: [] }] };
const from = (address: string) => ({ "cf-connecting-ip": address });

/**
 * The binding counts in fixed windows of `period` seconds on the clock. A flood started near a window's end would be
 * counted in two: wait for a fresh window when less than ten seconds of this one are left (the test needs one or two).
 */
async function inOneWindow() {
  const left = period * 1000 - (Date.now() % (period * 1000));
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe("the public searches per client address", () => {
  it("are answered up to the limit, then 429 for that client only, by the API and on the pages", async () => {
    expect(limit).toBeGreaterThanOrEqual(60);
    await inOneWindow();
    // One client moving through the addresses of its own IPv6 /64 is still one client (clientBucket).
    const address = (n: number) => `2001:db8:77:1::${n.toString(16)}`;
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await w.api("POST", "/api/flights/search", flights, from(address(i + 1)))).status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    // One more from the same client, by any search, is refused with the API's error shape, nothing searched.
    for (const [path, body] of [
      ["/api/flights/search", flights],
      ["/api/buses/search", buses],
      ["/api/hotels/rates", stay],
    ] as const) {
      const refused = await w.api("POST", path, body, from(address(0xfff0)));
      expect(refused.status, path).toBe(429);
      expect(refused.body, path).toEqual({ success: false, message: SEARCH_THROTTLED });
    }
    // The search pages say so where their results would be.
    for (const path of [
      `/flights/search?from=DEL&to=BOM&date=${flights.departureDate}&adults=1`,
      `/buses/search?from=Bengaluru&to=Chennai&date=${buses.date}&passengers=1`,
      `/hotels/search?city=Goa&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&adults=2`,
      `/hotel/sh_goa_sea_breeze?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&adults=2`,
    ]) {
      const page = await w.request(path, { headers: from(address(0xfff1)) });
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toContain(SEARCH_THROTTLED);
    }

    // Other clients (the next /64, an IPv4 address) search as before, by the API and on a page.
    for (const other of ["2001:db8:77:2::1", "198.51.100.9"]) {
      const answer = await w.api("POST", "/api/flights/search", flights, from(other));
      expect(answer.status, other).toBe(200);
      expect(answer.body.data.offers.length, other).toBeGreaterThan(0);
    }
    const page = await (
      await w.request(`/buses/search?from=Bengaluru&to=Chennai&date=${buses.date}&passengers=1`, { headers: from("198.51.100.9") })
    ).text();
    expect(page).not.toContain(SEARCH_THROTTLED);
  });

  it("declare their 429 in the API document", async () => {
    const doc = (await w.api("GET", "/api/openapi.json")).body;
    for (const path of ["/api/flights/search", "/api/buses/search", "/api/hotels/rates"])
      expect(doc.paths[path].post.responses["429"], path).toBeDefined();
  });
});
