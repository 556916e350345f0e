import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { priceLines } from "../../worker/domain/bookings/price-lines";
import { addonAmount, priceBooking } from "../../worker/domain/bookings/pricing";
import { formatRupees } from "../../worker/shared/format";
import { ASHA, SELLER_A, SELLER_B, bookingRequest, createBookingAs, resetBookingLimits } from "../support/bookings";
import { sendPageAction } from "../support/page-action";
import { type Session, bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

let w: TestWorker;
let asha: Session;
let sellerA: Session;
let sellerB: Session;
beforeAll(async () => {
  w = await startWorker();
  [asha, sellerA, sellerB] = await Promise.all([loginViaApi(w, ASHA), loginViaApi(w, SELLER_A), loginViaApi(w, SELLER_B)]);
});
beforeEach(() => resetBookingLimits(w));
afterAll(() => w?.dispose());

const cookie = (s: Session) => `tb_session=${s.token}`;
const form = (fields: Record<string, string | string[]>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) f.append(k, one);
  return f;
};
const act = (path: string, fields: Record<string, string | string[]>, as: Session) =>
  sendPageAction(w, path, form(fields), { cookie: cookie(as) });
const one = <T>(sql: string, ...values: unknown[]) =>
  w.d1
    .prepare(sql)
    .bind(...values)
    .first<T>();

/** p_port_blair: ₹25,999 per person, 6 days (5 nights); its seeded hotels, meal plans and add-ons. */
const choiceRequest = (preferences: Record<string, unknown>) =>
  bookingRequest(
    {
      packageId: "p_port_blair",
      preferences: { hotel: { roomType: "standard" }, transport: { type: "included" }, ...preferences },
    },
    { adults: 2, children: 1 },
  );

describe("the catalogue pages", () => {
  it.each([
    ["/seller-dashboard/hotels", "SeaShell Havelock"],
    ["/seller-dashboard/add-meals", "Andaman Island Hopper"],
    ["/seller-dashboard/addon-itinerary", "Scuba dive at Havelock"],
  ])("%s renders the seller's own catalogue in one D1 round trip", async (path, seeded) => {
    const res = await w.request(path, { headers: { cookie: cookie(sellerA) } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-tb-d1-calls")).toBe("1");
    const html = await res.text();
    expect(html).toContain(seeded);
    expect(html).not.toContain("coming soon");
    // SECURITY: the other seller's catalogue is not on the page.
    const other = await (await w.request(path, { headers: { cookie: cookie(sellerB) } })).text();
    expect(other).not.toContain(seeded);
  });
});

describe("booking with a hotel, a meal plan and add-ons", () => {
  it("is priced on the server line by line, and a later catalogue price change leaves the booking's price as it was", async () => {
    const res = await createBookingAs(
      w,
      bearer(asha),
      choiceRequest({
        hotel: { roomType: "standard", roomTypeId: "rt_sea_shell_suite" },
        mealPlan: "MAP",
        addons: [
          { addonId: "ad_scuba", quantity: 2 },
          { addonId: "ad_airport", quantity: 1 },
        ],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const booking = res.body.data;
    // 3 travellers in a suite for 4: one room × 5 nights; MAP ₹1,100 × 3 × 5; scuba ₹4,500 × 2 × 3; pick-up ₹1,200 once.
    const expected = priceBooking({
      unitPrice: 2_599_900,
      adults: 2,
      children: 1,
      durationDays: 6,
      roomType: "standard",
      transportType: "included",
      choices: {
        room: { pricePerNight: 820_000, rooms: 1 },
        mealPlan: { supplement: 110_000 },
        addons: [
          { price: 450_000, unit: "person", quantity: 2 },
          { price: 120_000, unit: "booking", quantity: 1 },
        ],
      },
    });
    expect(booking.pricing).toEqual(expected);
    expect(expected.roomCharge).toBe(4_100_000);
    expect(expected.mealCharge).toBe(1_650_000);
    expect(expected.addonCharge).toBe(2_700_000 + 120_000);
    expect(booking.choices.hotel).toMatchObject({ name: "SeaShell Havelock", roomType: "Family suite", rooms: 1, nights: 5 });
    expect(booking.choices.mealPlan).toEqual({ code: "MAP", label: "Breakfast and one meal", supplement: 110_000 });
    expect(booking.choices.addons.map((a: { amount: number }) => a.amount)).toEqual([
      addonAmount({ price: 450_000, unit: "person", quantity: 2 }, 3, 5),
      120_000,
    ]);
    expect(booking.preferences.hotel.name).toBe("SeaShell Havelock");

    // The breakdown the booking page shows is the server's price, line by line, adding up to the total.
    const lines = priceLines(booking.pricing, booking.choices);
    const sum = lines.filter((l) => l.key !== "total").reduce((s, l) => s + l.amount, 0);
    expect(sum).toBe(booking.pricing.total);
    const page = await (await w.request(`/booking/${booking.bookingId}`, { headers: { cookie: cookie(asha) } })).text();
    for (const label of ["Hotel: SeaShell Havelock", "Meals: MAP", "Scuba dive at Havelock × 2", "Private airport pick-up"])
      expect(page).toContain(label);
    for (const line of lines.filter((l) => l.key === "room" || l.key === "meal" || l.key.startsWith("addon:")))
      expect(page).toContain(formatRupees(line.amount));

    // The seller raises the suite's and MAP's prices and removes the add-on: the booking keeps its price.
    expect(
      (
        await act(
          "/seller-dashboard/hotels",
          {
            intent: "edit-room",
            id: "rt_sea_shell_suite",
            hotelId: "ht_sea_shell",
            name: "Family suite",
            occupancy: "4",
            pricePerNight: "12000",
          },
          sellerA,
        )
      ).answer,
    ).toMatchObject({ ok: true });
    expect(
      (
        await act(
          "/seller-dashboard/add-meals",
          { intent: "meal-plans", packageId: "p_port_blair", offered: ["MAP"], "supplement.MAP": "2000" },
          sellerA,
        )
      ).answer,
    ).toMatchObject({ ok: true });
    expect((await act("/seller-dashboard/addon-itinerary", { intent: "delete-addon", id: "ad_airport" }, sellerA)).answer).toMatchObject({
      ok: true,
    });
    expect(await one("SELECT price_per_night AS p FROM room_types WHERE id = 'rt_sea_shell_suite'")).toEqual({ p: 1_200_000 });
    const again = await w.request(`/api/bookings/${booking._id}`, { headers: bearer(asha) });
    const after = ((await again.json()) as { data: typeof booking }).data;
    expect(after.pricing).toEqual(expected);
    expect(after.choices).toEqual(booking.choices);
  });

  it("refuses what the package does not offer, with clear messages and nothing written", async () => {
    const before = await one<{ n: number }>("SELECT count(*) AS n FROM bookings");
    const cases: [Record<string, unknown>, number, string][] = [
      [{ mealPlan: "XYZ" }, 422, "Meal plan must be one of EP, CP, MAP, AP"],
      [{ addons: [{ addonId: "ad_scuba", quantity: 3 }] }, 422, "At most 2 of “Scuba dive at Havelock” can be booked"],
      // Another seller's room type, and this seller's room type of another package.
      [{ hotel: { roomTypeId: "rt_spiti_twin" } }, 422, "Please choose one of this package's hotels and room types"],
      [{ hotel: { roomTypeId: "rt_goa_garden" } }, 422, "Please choose one of this package's hotels and room types"],
      [{ addons: [{ addonId: "ad_heater", quantity: 1 }] }, 422, "Please choose add-ons this package offers"],
    ];
    for (const [preferences, status, message] of cases) {
      const res = await createBookingAs(w, bearer(asha), choiceRequest(preferences));
      expect(res.status, JSON.stringify(preferences)).toBe(status);
      expect(res.body.message).toContain(message);
    }
    const goa = await createBookingAs(w, bearer(asha), { ...choiceRequest({ mealPlan: "EP" }), packageId: "p_goa" });
    expect(goa.status).toBe(422);
    expect(goa.body.message).toBe("This package does not offer the EP meal plan");
    expect(await one("SELECT count(*) AS n FROM bookings")).toEqual(before);
  });
});

describe("seller scoping of every catalogue action", () => {
  it("seller B can change nothing of seller A's", async () => {
    const snapshot = async () => ({
      hotel: await one("SELECT * FROM hotels WHERE id = 'ht_coral_reef'"),
      room: await one("SELECT * FROM room_types WHERE id = 'rt_coral_standard'"),
      rooms: await one("SELECT count(*) AS n FROM room_types WHERE hotel_id = 'ht_coral_reef'"),
      links: await one("SELECT count(*) AS n FROM package_hotels WHERE package_id = 'p_port_blair'"),
      addonLinks: await one("SELECT count(*) AS n FROM package_addons WHERE package_id = 'p_port_blair'"),
      meals: await one("SELECT count(*) AS n FROM package_meal_plans WHERE package_id = 'p_port_blair'"),
      addon: await one("SELECT * FROM addons WHERE id = 'ad_scuba'"),
      itinerary: await one("SELECT itinerary FROM packages WHERE id = 'p_port_blair'"),
    });
    const before = await snapshot();
    const attempts: [string, Record<string, string | string[]>, string][] = [
      ["/seller-dashboard/hotels", { intent: "edit-hotel", id: "ht_coral_reef", name: "Mine", city: "X", stars: "5" }, "Hotel not found"],
      ["/seller-dashboard/hotels", { intent: "delete-hotel", id: "ht_coral_reef" }, "Hotel not found"],
      [
        "/seller-dashboard/hotels",
        { intent: "add-room", hotelId: "ht_coral_reef", name: "X", occupancy: "2", pricePerNight: "1" },
        "Hotel not found",
      ],
      [
        "/seller-dashboard/hotels",
        { intent: "edit-room", id: "rt_coral_standard", hotelId: "ht_coral_reef", name: "X", occupancy: "2", pricePerNight: "1" },
        "Room type not found",
      ],
      ["/seller-dashboard/hotels", { intent: "delete-room", id: "rt_coral_standard" }, "Room type not found"],
      ["/seller-dashboard/hotels", { intent: "hotel-packages", id: "ht_coral_reef", packageIds: [] }, "Hotel not found"],
      ["/seller-dashboard/add-meals", { intent: "meal-plans", packageId: "p_port_blair", offered: [] }, "Package not found"],
      [
        "/seller-dashboard/addon-itinerary",
        { intent: "edit-addon", id: "ad_scuba", name: "X", price: "1", unit: "person", maxQuantity: "1" },
        "Add-on not found",
      ],
      ["/seller-dashboard/addon-itinerary", { intent: "delete-addon", id: "ad_scuba" }, "Add-on not found"],
      [
        "/seller-dashboard/addon-itinerary",
        { intent: "itinerary", packageId: "p_port_blair", "days.0.title": "Mine" },
        "Package not found",
      ],
    ];
    for (const [path, fields, message] of attempts) {
      const res = await act(path, fields, sellerB);
      expect(res.answer, `${fields.intent}`).toMatchObject({ ok: false, status: 404, message });
    }
    // Their own hotel and add-on offered on A's package: nothing is linked.
    await act(
      "/seller-dashboard/hotels",
      { intent: "hotel-packages", id: "ht_spiti_stay", packageIds: ["p_port_blair", "p_spiti"] },
      sellerB,
    );
    await act(
      "/seller-dashboard/addon-itinerary",
      {
        intent: "edit-addon",
        id: "ad_heater",
        name: "Room heater",
        price: "500",
        unit: "night",
        maxQuantity: "1",
        packageIds: ["p_port_blair"],
      },
      sellerB,
    );
    expect(await snapshot()).toEqual(before);
    expect(await one("SELECT count(*) AS n FROM package_hotels WHERE hotel_id = 'ht_spiti_stay'")).toEqual({ n: 1 });
  });

  it("refuses bad catalogue input with the field's reason", async () => {
    const cases: [string, Record<string, string>, string][] = [
      ["/seller-dashboard/hotels", { intent: "add-hotel", name: "X", city: "Y", stars: "6" }, "The star category must be between 1 and 5"],
      [
        "/seller-dashboard/hotels",
        { intent: "add-room", hotelId: "ht_coral_reef", name: "X", occupancy: "2", pricePerNight: "-5" },
        "The charge per night must be an amount in rupees",
      ],
      [
        "/seller-dashboard/addon-itinerary",
        { intent: "add-addon", name: "X", price: "10", unit: "per-hour", maxQuantity: "1" },
        "Unit must be one of person, booking, night",
      ],
      [
        "/seller-dashboard/addon-itinerary",
        { intent: "add-addon", name: "X", price: "10", unit: "person", maxQuantity: "0" },
        "maximum quantity",
      ],
    ];
    for (const [path, fields, message] of cases) {
      const res = await act(path, fields, sellerA);
      expect(res.answer?.ok).toBe(false);
      expect(res.answer?.message).toContain(message);
    }
  });

  it("the itinerary saved shows on the main site's and the seller site's package pages", async () => {
    const saved = await act(
      "/seller-dashboard/addon-itinerary",
      { intent: "itinerary", packageId: "p_goa", "days.0.title": "Beach day", "days.0.details": "Sun and sand", "days.1.title": "" },
      sellerA,
    );
    expect(saved.answer).toMatchObject({ ok: true });
    expect(await one("SELECT itinerary FROM packages WHERE id = 'p_goa'")).toEqual({
      itinerary: JSON.stringify([{ day: 1, title: "Beach day", details: "Sun and sand", overnight: "", meals: "" }]),
    });
    const main = await (await w.request("/tour-package/p_goa")).text();
    expect(main).toContain("Day 1: Beach day");
    expect(main).toContain("CP (Breakfast)");
  });
});
