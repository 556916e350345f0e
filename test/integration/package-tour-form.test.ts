import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { soldOutMessage } from "../../worker/domain/departures/check";
import { SELLER_A, SELLER_B, bookingRequest, createBookingAs, daysFromNow, resetBookingLimits } from "../support/bookings";
import { sendPageAction } from "../support/page-action";
import { newCustomer } from "../support/security-fixtures";
import { type Session, bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * Issue 26: hotels, meal plans, add-ons and the itinerary chosen on the package form itself (add and modify pages),
 * by a form sent without scripts (multipart) and by the running page (JSON), seller-scoped and all-or-nothing; and
 * the cart flagging a trip whose departure sold out or closed, read in the cart's one round trip.
 */
let w: TestWorker;
let sellerA: Session;
let sellerB: Session;
beforeAll(async () => {
  w = await startWorker();
  [sellerA, sellerB] = await Promise.all([loginViaApi(w, SELLER_A), loginViaApi(w, SELLER_B)]);
});
beforeEach(() => resetBookingLimits(w));
afterAll(() => w?.dispose());

const cookie = (s: Session) => `tb_session=${s.token}`;
const rows = <T>(sql: string, ...values: unknown[]) =>
  w.d1
    .prepare(sql)
    .bind(...values)
    .all<T>()
    .then((r) => r.results);

/** The package's own fields as the form sends them without scripts. */
const jaipurFields: Record<string, string> = {
  name: "Royal Jaipur Heritage",
  city: "Jaipur",
  description: "Amber Fort at sunrise.",
  durationDays: "4",
  "priceRanges.0.label": "Per person",
  "priceRanges.0.price": "12499",
  inclusions: "Hotel stay",
  exclusions: "Flights",
};
const formOf = (fields: Record<string, string | string[]>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) f.append(k, one);
  return f;
};
const tourOf = (packageId: string) =>
  Promise.all([
    rows<{ hotel_id: string }>("SELECT hotel_id FROM package_hotels WHERE package_id = ? ORDER BY hotel_id", packageId),
    rows<{ code: string; supplement: number }>(
      "SELECT code, supplement FROM package_meal_plans WHERE package_id = ? ORDER BY code",
      packageId,
    ),
    rows<{ addon_id: string }>("SELECT addon_id FROM package_addons WHERE package_id = ? ORDER BY addon_id", packageId),
    rows<{ itinerary: string }>("SELECT itinerary FROM packages WHERE id = ?", packageId),
  ]).then(([h, m, a, p]) => ({
    hotels: h.map((r) => r.hotel_id),
    meals: m,
    addons: a.map((r) => r.addon_id),
    itinerary: JSON.parse(p[0]?.itinerary ?? "[]"),
  }));

describe("the package form's hotels, meal plans, add-ons and itinerary", () => {
  it("the modify page offers the seller's own hotels and add-ons with what the package chose, in one D1 round trip", async () => {
    const res = await w.request("/seller-dashboard/packages/modify-package/p_port_blair", { headers: { cookie: cookie(sellerA) } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-tb-d1-calls")).toBe("1");
    const html = await res.text();
    expect(html).toContain("Coral Reef Resort, Port Blair (3 star)");
    const boxes = [...html.matchAll(/<input[^>]*name="hotelIds"[^>]*>/g)].map((m) => m[0]);
    expect(boxes.find((b) => b.includes('value="ht_coral_reef"'))).toContain("checked");
    expect(boxes.find((b) => b.includes('value="ht_goa_palms"'))).not.toContain("checked");
    expect(html).toContain('name="meal.MAP.supplement"');
    expect(html).toContain("Day-by-day itinerary");
    // SECURITY: the other seller's hotels are not offered.
    expect(html).not.toContain("Kaza Mountain Lodge");
    const add = await w.request("/seller-dashboard/packages/add-package", { headers: { cookie: cookie(sellerA) } });
    expect(add.headers.get("x-tb-d1-calls")).toBe("1");
    expect(await add.text()).toContain("Coral Reef Resort, Port Blair (3 star)");
  });

  it("saves them with the package from a form sent without scripts, and a seller's other choices are replaced", async () => {
    const sent = await sendPageAction(
      w,
      "/seller-dashboard/packages/modify-package/p_jaipur",
      formOf({
        ...jaipurFields,
        tour: "1",
        hotelIds: ["ht_coral_reef", "ht_spiti_stay"],
        "meal.MAP": "on",
        "meal.MAP.supplement": "800",
        "meal.CP": "on",
        "meal.CP.supplement": "",
        "meal.AP.supplement": "1500",
        addonIds: "ad_scuba",
        "days.0.title": "Arrival",
        "days.0.details": "Check in",
        "days.0.overnight": "Jaipur",
        "days.0.meals": "Dinner",
        "days.1.title": "",
        "days.1.details": "",
      }),
      { cookie: cookie(sellerA) },
    );
    expect(sent.answer, sent.text).toMatchObject({ ok: true });
    const saved = await tourOf("p_jaipur");
    // SECURITY: seller B's hotel (ht_spiti_stay) is not linked to seller A's package.
    expect(saved.hotels).toEqual(["ht_coral_reef"]);
    // An unticked plan is not offered whatever its supplement; a ticked one left blank is included (₹0).
    expect(saved.meals).toEqual([
      { code: "CP", supplement: 0 },
      { code: "MAP", supplement: 80000 },
    ]);
    expect(saved.itinerary).toEqual([{ day: 1, title: "Arrival", details: "Check in", overnight: "Jaipur", meals: "Dinner" }]);
    const addons = await rows<{ id: string }>("SELECT id FROM addons WHERE seller_id = 's_wanderlust' AND id = 'ad_scuba'");
    expect(saved.addons).toEqual(addons.map((a) => a.id));

    // The running page sends JSON; nothing ticked now means none.
    const json = await sendPageAction(
      w,
      "/seller-dashboard/packages/modify-package/p_jaipur",
      {
        name: "Royal Jaipur Heritage",
        city: "Jaipur",
        description: "",
        durationDays: 4,
        images: [],
        priceRanges: [{ label: "Per person", price: 1_249_900 }],
        inclusions: [],
        exclusions: [],
        tour: { hotelIds: [], mealPlans: [{ code: "AP", supplement: "1650" }], addonIds: [], itinerary: [] },
      },
      { cookie: cookie(sellerA), json: true },
    );
    expect(json.answer, json.text).toMatchObject({ ok: true });
    expect(await tourOf("p_jaipur")).toEqual({ hotels: [], meals: [{ code: "AP", supplement: 165000 }], addons: [], itinerary: [] });
  });

  it("a new package is saved with its choices in the same write", async () => {
    const sent = await sendPageAction(
      w,
      "/seller-dashboard/packages/add-package",
      formOf({
        ...jaipurFields,
        name: "Udaipur Lakes Weekend",
        tour: "1",
        hotelIds: "ht_coral_reef",
        "meal.EP": "on",
        "days.0.title": "Lake Pichola",
      }),
      { cookie: cookie(sellerA) },
    );
    expect(sent.answer, sent.text).toMatchObject({ ok: true });
    const [made] = await rows<{ id: string }>(
      "SELECT id FROM packages WHERE name = 'Udaipur Lakes Weekend' AND seller_id = 's_wanderlust'",
    );
    const saved = await tourOf(made.id);
    expect(saved.hotels).toEqual(["ht_coral_reef"]);
    expect(saved.meals).toEqual([{ code: "EP", supplement: 0 }]);
    expect(saved.itinerary).toEqual([{ day: 1, title: "Lake Pichola", details: "", overnight: "", meals: "" }]);
  });

  it("refuses an unknown meal code or a bad supplement with the reason and writes nothing, the package included", async () => {
    const before = await tourOf("p_goa");
    const [{ name: nameBefore }] = await rows<{ name: string }>("SELECT name FROM packages WHERE id = 'p_goa'");
    for (const [tour, message] of [
      [{ mealPlans: [{ code: "XP", supplement: "10" }] }, "Meal plan must be one of EP, CP, MAP, AP"],
      [{ mealPlans: [{ code: "MAP", supplement: "-5" }] }, "supplement must be an amount in rupees"],
      [{ itinerary: [{ title: "x".repeat(121), details: "", overnight: "", meals: "" }] }, "A day's title can have at most 120 characters"],
    ] as const) {
      const res = await sendPageAction(
        w,
        "/seller-dashboard/packages/modify-package/p_goa",
        {
          name: "Renamed",
          city: "Goa",
          durationDays: 5,
          images: [],
          priceRanges: [{ label: "Per person", price: 1_599_900 }],
          inclusions: [],
          exclusions: [],
          tour,
        },
        { cookie: cookie(sellerA), json: true },
      );
      expect(res.answer?.ok).toBe(false);
      expect(res.answer?.message).toContain(message);
    }
    expect(await tourOf("p_goa")).toEqual(before);
    expect(await rows("SELECT name FROM packages WHERE id = 'p_goa'")).toEqual([{ name: nameBefore }]);
  });

  it("seller B cannot change seller A's package's choices through their own form", async () => {
    const before = await tourOf("p_port_blair");
    const res = await sendPageAction(
      w,
      "/seller-dashboard/packages/modify-package/p_port_blair",
      formOf({ ...jaipurFields, tour: "1", hotelIds: "ht_spiti_stay" }),
      { cookie: cookie(sellerB) },
    );
    expect(res.answer?.ok).toBe(false);
    expect(res.status).toBe(404);
    expect(await tourOf("p_port_blair")).toEqual(before);
  });
});

describe("the cart and a departure that sold out", () => {
  it("flags the trip in checkout's words, leaves it unpayable, and reads the cart in one round trip", async () => {
    // A departure of one seat on Manali; a traveller puts it in the cart, someone else books it.
    const date = daysFromNow(25);
    await w.d1
      .prepare(
        "INSERT INTO departures (id, seller_id, package_id, start_date, capacity, sold, held, cutoff_hours, min_group, status) VALUES ('dp_cart', 's_wanderlust', 'p_manali', ?, 1, 0, 0, 24, NULL, 'open')",
      )
      .bind(date)
      .run();
    const request = bookingRequest({ packageId: "p_manali", travelDates: { startDate: date } }, { adults: 1, children: 0 });
    const waiting = await newCustomer(w, "cartwait");
    expect((await w.api("POST", "/api/cart", request, bearer(waiting))).status).toBe(201);
    let cart = await w.api("GET", "/api/cart", undefined, bearer(waiting));
    expect(cart.body.data).toMatchObject({ payable: true, items: [{ problem: null }] });

    const other = await newCustomer(w, "cartother");
    expect((await createBookingAs(w, bearer(other), request)).status).toBe(201);
    cart = await w.api("GET", "/api/cart", undefined, bearer(waiting));
    expect(cart.body.data).toMatchObject({ payable: false, total: 0, items: [{ problem: soldOutMessage(date), pricing: null }] });

    const page = await w.request("/cart", { headers: { cookie: `tb_session=${waiting.token}` } });
    expect(page.headers.get("x-tb-d1-calls")).toBe("1");
    expect(await page.text()).toContain(soldOutMessage(date).replace(/'/g, "&#x27;"));

    // Closed by the seller: the cart says so.
    await w.d1.prepare("UPDATE departures SET sold = 0, status = 'closed' WHERE id = 'dp_cart'").run();
    cart = await w.api("GET", "/api/cart", undefined, bearer(waiting));
    expect(cart.body.data.items[0].problem).toMatch(/^The departure on .+ is closed for booking$/);
    // Gone: the date is no longer a departure of a package that has others.
    await w.d1.prepare("UPDATE departures SET start_date = ? WHERE id = 'dp_cart'").bind(daysFromNow(26)).run();
    cart = await w.api("GET", "/api/cart", undefined, bearer(waiting));
    expect(cart.body.data.items[0].problem).toContain("This departure is no longer offered");
  });
});
