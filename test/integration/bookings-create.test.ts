import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { priceBooking } from "../../worker/domain/bookings/pricing";
import { yearInIndia } from "../../worker/domain/bookings/transitions";
import {
  ASHA,
  SELLER_A,
  bookingRequest,
  createBookingAs,
  daysFromNow,
  idemKey,
  resetBookingLimits,
  travellersFor,
} from "../support/bookings";
import { testDate, testNow } from "../support/clock";
import { bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";
import { followUpsDone } from "../support/follow-ups";

let w: TestWorker;
let asha: Record<string, string>;
beforeAll(async () => {
  w = await startWorker();
  asha = bearer(await loginViaApi(w, ASHA));
});
beforeEach(() => resetBookingLimits(w));
afterAll(() => w?.dispose());

const count = async (sql: string, ...args: unknown[]) =>
  (
    await w.d1
      .prepare(sql)
      .bind(...args)
      .first<{ n: number }>()
  )?.n ?? 0;

describe("POST /api/bookings pricing", () => {
  // p_goa: ₹15,999 per person, 5 days; p_jaipur: ₹12,499, 4 days; p_manali: ₹18,999, 6 days.
  const table = [
    { pkg: "p_goa", unit: 1_599_900, days: 5, adults: 1, children: 0, room: "standard", transport: "included" },
    { pkg: "p_goa", unit: 1_599_900, days: 5, adults: 2, children: 1, room: "deluxe", transport: "suv" },
    { pkg: "p_jaipur", unit: 1_249_900, days: 4, adults: 3, children: 2, room: "suite", transport: "tempo-traveller" },
    { pkg: "p_manali", unit: 1_899_900, days: 6, adults: 12, children: 0, room: "standard", transport: "sedan" },
  ];
  it.each(table)("prices $adults+$children on $pkg ($room, $transport) on the server", async (t) => {
    const body = bookingRequest(
      {
        packageId: t.pkg,
        preferences: { hotel: { name: "Any", roomType: t.room }, transport: { name: "Any", type: t.transport } },
        // Client-sent pricing and status are ignored.
        pricing: { basePrice: 1, discount: 0, roomCharge: 0, transportCharge: 0, taxes: 0, total: 1 },
        status: "confirmed",
        paymentStatus: "completed",
      },
      { adults: t.adults, children: t.children },
    );
    const res = await createBookingAs(w, asha, body);
    expect(res.status).toBe(201);
    const expected = priceBooking({
      unitPrice: t.unit,
      adults: t.adults,
      children: t.children,
      durationDays: t.days,
      roomType: t.room,
      transportType: t.transport,
    });
    expect(res.body.data.pricing).toEqual(expected);
    expect(res.body.data.status).toBe("pending");
    expect(res.body.data.paymentStatus).toBe("pending");
    const row = await w.d1.prepare("SELECT total, status, payment_status FROM bookings WHERE id = ?").bind(res.body.data._id).first();
    expect(row).toEqual({ total: expected.total, status: "pending", payment_status: "pending" });
  });

  it("hands out race-free human booking ids TB-YYYY-NNNNNN after the seeded ones", async () => {
    const before = testNow();
    const results = await Promise.all(Array.from({ length: 10 }, () => createBookingAs(w, asha)));
    const ids = results.map((r) => r.body.data.bookingId as string);
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(new Set(ids).size).toBe(10);
    // Numbers count per year in India. The clock may cross New Year's Eve while the ten are made (the suite's
    // moved-clock run starts seconds before it): each year's numbers are consecutive, and the seed's year goes on
    // after the seeded ones.
    const years = [yearInIndia(new Date(before)), yearInIndia(testDate())];
    const byYear = new Map<number, number[]>();
    for (const id of ids) {
      const [, year, number] = /^TB-(\d{4})-(\d{6})$/.exec(id) ?? [];
      expect(years, id).toContain(Number(year));
      byYear.set(
        Number(year),
        [...(byYear.get(Number(year)) ?? []), Number(number)].sort((a, b) => a - b),
      );
    }
    for (const [year, numbers] of byYear) {
      expect(numbers[numbers.length - 1] - numbers[0], String(year)).toBe(numbers.length - 1);
      if (year === w.seed.year) expect(numbers[0]).toBeGreaterThan(w.seed.sequence.last);
      // No gaps and no repeats: the year's counter is its highest number, and that many bookings carry the year.
      const counter = await w.d1.prepare("SELECT last FROM booking_sequences WHERE year = ?").bind(year).first<{ last: number }>();
      const carried = await w.d1
        // Flights, stays and bus trips take their numbers from the same counter (ADR 0053).
        .prepare(
          "SELECT (SELECT count(*) FROM bookings WHERE booking_ref LIKE ?1) + (SELECT count(*) FROM travel_bookings WHERE booking_ref LIKE ?1) AS n",
        )
        .bind(`TB-${year}-%`)
        .first<{ n: number }>();
      expect([counter?.last, carried?.n]).toEqual([numbers[numbers.length - 1], numbers[numbers.length - 1]]);
    }
  });

  it("returns the spec §3 shape and emails the seller and a receipt to the customer", async () => {
    const res = await createBookingAs(w, asha);
    const b = res.body.data;
    expect(b.packageId).toMatchObject({ _id: "p_goa", name: "Goa Beach Escape", location: "Goa", duration: "5 Days / 4 Nights" });
    expect(b.packageId.mainPhotos).toHaveLength(4);
    expect(b.userId).toMatchObject({ _id: "u_asha", name: "Asha Verma", email: ASHA });
    expect(b.customerDetails.travellers).toHaveLength(3);
    expect(b.sellerResponse).toBeNull();
    await followUpsDone(w);
    const sellerMail = await w.api("GET", `/api/dev/outbox?to=${SELLER_A}`);
    expect(JSON.stringify(sellerMail.body)).toContain(`New booking request ${b.bookingId}`);
    await followUpsDone(w);
    const receipt = await w.api("GET", `/api/dev/outbox?to=${ASHA}`);
    expect(JSON.stringify(receipt.body)).toContain(`Booking request received: ${b.bookingId}`);
  });

  it("refuses a package priced on request, a draft and another seller's unknown package", async () => {
    const leh = await createBookingAs(w, asha, bookingRequest({ packageId: "p_leh" }));
    expect(leh.status).toBe(422);
    expect(leh.body.message).toBe("This package is priced on request; please contact the seller");
    const draft = await createBookingAs(w, asha, bookingRequest({ packageId: "p_kerala_draft" }));
    expect(draft.status).toBe(404);
    expect(draft.body.message).toBe("Package not found");
  });
});

describe("POST /api/bookings price tiers", () => {
  // p_goa's priceRanges: "Per person" ₹15,999 and "Premium" ₹21,999.
  const priced = (unitPrice: number) =>
    priceBooking({ unitPrice, adults: 2, children: 1, durationDays: 5, roomType: "deluxe", transportType: "suv" });

  it("prices the second tier when the traveller chooses it, by position or by label, and records it", async () => {
    for (const priceTier of [1, "Premium", "  premium "]) {
      const res = await createBookingAs(w, asha, bookingRequest({ priceTier }));
      expect(res.status, String(priceTier)).toBe(201);
      expect(res.body.data.pricing).toEqual(priced(2_199_900));
      expect(res.body.data.priceTier).toEqual({ label: "Premium", price: 2_199_900 });
      const row = await w.d1.prepare("SELECT base_price, total, price_tier FROM bookings WHERE id = ?").bind(res.body.data._id).first();
      expect(row).toEqual({
        base_price: priced(2_199_900).basePrice,
        total: priced(2_199_900).total,
        price_tier: JSON.stringify({ label: "Premium", price: 2_199_900 }),
      });
      // The booking as the customer reads it again carries the tier.
      const read = await w.api("GET", `/api/bookings/${res.body.data._id}`, undefined, asha);
      expect(read.body.data.priceTier).toEqual({ label: "Premium", price: 2_199_900 });
    }
  });

  it("prices the first tier when none is chosen, and never a price the client sends", async () => {
    const res = await createBookingAs(w, asha, bookingRequest({ priceRanges: [{ label: "Mine", price: 100 }], unitPrice: 100 }));
    expect(res.status).toBe(201);
    expect(res.body.data.pricing).toEqual(priced(1_599_900));
    expect(res.body.data.priceTier).toEqual({ label: "Per person", price: 1_599_900 });
  });

  it("refuses a tier the package does not have with a 4xx, and writes nothing", async () => {
    const bookings = () => count("SELECT count(*) AS n FROM bookings");
    const keys = () => count("SELECT count(*) AS n FROM idempotency_keys");
    const [beforeBookings, beforeKeys] = [await bookings(), await keys()];
    const cases: [Record<string, unknown>, number][] = [
      [{ priceTier: 2 }, 422],
      [{ priceTier: 99 }, 422],
      [{ priceTier: "Platinum" }, 422],
      [{ packageId: "p_jaipur", priceTier: 1 }, 422],
      [{ priceTier: -1 }, 422],
      [{ priceTier: 1.5 }, 422],
      [{ priceTier: "" }, 422],
      [{ priceTier: { price: 100 } }, 422],
    ];
    for (const [override, status] of cases) {
      const res = await createBookingAs(w, asha, bookingRequest(override));
      expect(res.status, JSON.stringify(override)).toBe(status);
      expect(res.body.message, JSON.stringify(override)).toBe("Please choose one of this package's price tiers");
    }
    expect(await bookings()).toBe(beforeBookings);
    expect(await keys()).toBe(beforeKeys);
  });
});

describe("POST /api/bookings idempotency", () => {
  it("creates exactly one booking for 50 concurrent requests with one key, and they all get the same answer", async () => {
    const key = idemKey();
    const body = bookingRequest({ specialRequests: `race ${key}` });
    const before = await count("SELECT count(*) AS n FROM bookings");
    const results = await Promise.all(Array.from({ length: 50 }, () => createBookingAs(w, asha, body, key)));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    expect(new Set(results.map((r) => r.body.data._id)).size).toBe(1);
    expect(new Set(results.map((r) => r.body.data.bookingId)).size).toBe(1);
    expect(await count("SELECT count(*) AS n FROM bookings")).toBe(before + 1);
    expect(await count("SELECT count(*) AS n FROM bookings WHERE special_requests = ?", `race ${key}`)).toBe(1);
    expect(results.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(49);
  });

  it("replays the first answer for the same key and body, and refuses another body with 422", async () => {
    const key = idemKey();
    const first = await createBookingAs(w, asha, bookingRequest(), key);
    const again = await createBookingAs(w, asha, bookingRequest(), key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const changed = await createBookingAs(w, asha, bookingRequest({ specialRequests: "Something else" }), key);
    expect(changed.status).toBe(422);
    expect(changed.body.message).toBe("This Idempotency-Key was already used for a different booking request");
  });

  it("requires the Idempotency-Key header", async () => {
    const res = await w.api("POST", "/api/bookings", bookingRequest(), asha);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("An Idempotency-Key header is required");
  });

  it("lets the same key be used again after a refused request", async () => {
    const key = idemKey();
    const past = await createBookingAs(w, asha, bookingRequest({ travelDates: { startDate: daysFromNow(-1) } }), key);
    expect(past.status).toBe(422);
    const ok = await createBookingAs(w, asha, bookingRequest(), key);
    expect(ok.status).toBe(201);
  });
});

describe("POST /api/bookings validation", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["no start date", { travelDates: {} }, "Please choose a travel start date"],
    ["a nonsense date", { travelDates: { startDate: "2027-02-31" } }, "Please choose a valid travel start date"],
    ["a past date", { travelDates: { startDate: daysFromNow(-3) } }, "The travel start date must be in the future"],
    ["today", { travelDates: { startDate: daysFromNow(0) } }, "The travel start date must be in the future"],
    ["no adult", { customerDetails: { adults: 0, children: 1, travellers: travellersFor(0, 1) } }, "At least one adult must travel"],
    [
      "a traveller count that does not match",
      { customerDetails: { adults: 2, children: 1, travellers: travellersFor(2, 0) } },
      "Please give the details of every traveller (3 expected, 2 given)",
    ],
    [
      "13 travellers",
      { customerDetails: { adults: 13, children: 0, travellers: travellersFor(13, 0) } },
      "At most 12 travellers can be booked at once",
    ],
    [
      "12 adults and a child",
      { customerDetails: { adults: 12, children: 1, travellers: travellersFor(12, 1) } },
      "At most 12 travellers can be booked at once",
    ],
    [
      "a nameless traveller",
      {
        customerDetails: { adults: 1, children: 0, travellers: [{ title: "Mr", fullName: "  ", type: "adult", age: 30, gender: "male" }] },
      },
      "Please enter the full name of every traveller",
    ],
    [
      "a 40-year-old child",
      {
        customerDetails: {
          adults: 1,
          children: 1,
          travellers: [...travellersFor(1, 0), { title: "Mr", fullName: "Big Kid", type: "child", age: 40, gender: "male" }],
        },
      },
      "A child traveller must be younger than 18",
    ],
    [
      "an unknown room type",
      { preferences: { hotel: { name: "X", roomType: "palace" }, transport: { type: "suv" } } },
      "Room type must be one of standard, deluxe, suite",
    ],
    ["no package", { packageId: "" }, "Please choose a package"],
  ];
  it.each(cases)("refuses %s with 422 and a clear message", async (_, override, message) => {
    const res = await createBookingAs(w, asha, bookingRequest(override));
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe(message);
  });

  it("accepts exactly 12 travellers", async () => {
    const res = await createBookingAs(w, asha, bookingRequest({}, { adults: 10, children: 2 }));
    expect(res.status).toBe(201);
    expect(res.body.data.customerDetails.travellers).toHaveLength(12);
  });

  it("refuses visitors (401) and sellers (403)", async () => {
    const anon = await w.api("POST", "/api/bookings", bookingRequest(), { "idempotency-key": idemKey() });
    expect(anon.status).toBe(401);
    const seller = await loginViaApi(w, SELLER_A);
    const res = await createBookingAs(w, bearer(seller));
    expect(res.status).toBe(403);
  });
});
