import { describe, expect, it } from "vitest";
import { fareOn, layoutSeats, priceSeats } from "../../worker/domain/travel/buses/trips";
import { bandOf, facetsOf } from "../../worker/domain/travel/buses/service";
import { GST_SLAB_LIMIT, fits, gstRateOf, priceRate, roomNight } from "../../worker/domain/travel/hotels/pricing";
import { aggregatorHotelSupplier } from "../../worker/domain/travel/hotels/aggregator";
import { readerOf } from "../../worker/db/batcher";

const policies = { childAgeMax: 11, coupleFriendly: true, petsAllowed: false, idRequired: true, localIdAllowed: true, notes: [] };
const hotel = { id: "h1", stars: 3, baseRate: 3_000_00, policies };
const room = { code: "STD", name: "Standard", maxAdults: 2, maxChildren: 1, maxTotal: 3, rateFactor: 100, inventory: 50 };
const now = new Date("2026-11-01T00:00:00Z");

describe("hotel rates (the offline generator)", () => {
  it("taxes a room night at 5% up to ₹7,500 and 18% above", () => {
    expect(gstRateOf(GST_SLAB_LIMIT)).toBe(5);
    expect(gstRateOf(GST_SLAB_LIMIT + 1)).toBe(18);
    expect(gstRateOf(1_000_00)).toBe(5);
  });

  it("is the same for the same hotel, room and night, and differs across nights", () => {
    expect(roomNight(hotel, room, "2026-12-10")).toBe(roomNight(hotel, room, "2026-12-10"));
    const nights = new Set(["2026-12-07", "2026-12-08", "2026-12-09", "2026-12-10", "2026-12-11"].map((d) => roomNight(hotel, room, d)));
    expect(nights.size).toBeGreaterThan(1);
  });

  it("counts a child over the policy's age as an adult, so the room no longer fits", () => {
    expect(fits(room, { checkIn: "2026-12-10", checkOut: "2026-12-12", rooms: [{ adults: 2, childAges: [6] }] }, policies)).toBe(true);
    expect(fits(room, { checkIn: "2026-12-10", checkOut: "2026-12-12", rooms: [{ adults: 2, childAges: [12] }] }, policies)).toBe(false);
  });

  it("adds the nights, the tax by slab and a deadline two days before check-in for a refundable rate", () => {
    const stay = { checkIn: "2026-12-10", checkOut: "2026-12-12", rooms: [{ adults: 2, childAges: [6] }] };
    const rate = priceRate(hotel, room, stay, "CP", true, now);
    expect(rate).not.toBeNull();
    if (!rate) return;
    expect(rate.nightly.map((n) => n.date)).toEqual(["2026-12-10", "2026-12-11"]);
    expect(rate.base).toBe(rate.nightly[0].amount + rate.nightly[1].amount);
    expect(rate.total).toBe(rate.base + rate.tax);
    expect(rate.freeCancellationUntil).toBe("2026-12-08T06:30:00.000Z");
    const late = priceRate(hotel, room, stay, "CP", true, new Date("2026-12-09T00:00:00Z"));
    expect(late?.refundable).toBe(false);
    expect(late?.freeCancellationUntil).toBeNull();
    // Children under 6 eat free: the CP rate for a 5-year-old costs less than for a 6-year-old.
    const younger = priceRate(hotel, room, { ...stay, rooms: [{ adults: 2, childAges: [5] }] }, "CP", true, now);
    expect(younger?.total).toBeLessThan(rate.total);
  });
});

describe("bus trips (the offline generator)", () => {
  it("lays out 40 seats on a 2+2 seater and 30 berths on two decks of a 2+1 sleeper", () => {
    expect(layoutSeats("seater_2x2")).toHaveLength(40);
    const sleeper = layoutSeats("sleeper_2x1");
    expect(sleeper).toHaveLength(30);
    expect(sleeper.filter((s) => s.deck === "upper")).toHaveLength(15);
    expect(new Set(sleeper.map((s) => s.name)).size).toBe(30);
  });

  it("prices the same service and date alike, and seats with GST", () => {
    const service = { id: "bs_x", baseFare: 1_000_00 };
    expect(fareOn(service, "2026-12-10")).toBe(fareOn(service, "2026-12-10"));
    expect(priceSeats(1_000_00, 5, 2)).toEqual({ base: 2_000_00, tax: 100_00, total: 2_100_00 });
    expect(priceSeats(1_000_00, 0, 1)).toEqual({ base: 1_000_00, tax: 0, total: 1_000_00 });
  });

  it("bands departures by the hour in India", () => {
    expect(bandOf("2026-12-10T00:00:00.000Z")).toBe("early"); // 05:30 IST
    expect(bandOf("2026-12-10T00:30:00.000Z")).toBe("morning"); // 06:00 IST
    expect(bandOf("2026-12-10T12:30:00.000Z")).toBe("night"); // 18:00 IST
    expect(facetsOf([]).busTypes.ac).toEqual({ count: 0, minFare: null });
  });
});

describe("the hotel aggregator adapter", () => {
  it("gives up after its timeout with a clear 'unavailable', and stops when the request is cancelled", async () => {
    const original = globalThis.fetch;
    globalThis.fetch = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason)))) as typeof fetch;
    try {
      const supplier = aggregatorHotelSupplier({ url: "https://hotels.example/api/", key: "k", timeoutMs: 20 });
      const reader = readerOf({} as never);
      await expect(supplier.facilities(reader, { now })).rejects.toMatchObject({ kind: "unavailable", message: /did not answer in time/ });
      const controller = new AbortController();
      const pending = supplier.content(reader, "h1", { now, signal: controller.signal });
      controller.abort();
      await expect(pending).rejects.toMatchObject({ kind: "unavailable", message: "The request was cancelled" });
    } finally {
      globalThis.fetch = original;
    }
  });
});
