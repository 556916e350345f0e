import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SELLER_A, SELLER_B, bookingRequest, createBookingAs, daysFromNow } from "../support/bookings";
import { testNow } from "../support/clock";
import { hmacHex } from "../support/payments";
import { razorpayStandIn } from "../support/razorpay-standin";
import { newCustomer } from "../support/security-fixtures";
import { type Session, bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * Departures and their seats (issue 26, ADR 0044), through the real Worker and D1, with a stand-in of Razorpay's
 * API so "no order at the provider" is counted where the orders are made.
 */
const KEY_ID = "rzp_test_departures";
const KEY_SECRET = "rzp-stand-in-departures-secret";
const standIn = razorpayStandIn({ keyId: KEY_ID, keySecret: KEY_SECRET });
let w: TestWorker;
let sellerA: Session;
let sellerB: Session;

beforeAll(async () => {
  w = await startWorker({
    bindings: {
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: "rzp-webhook-departures",
      TEST_CLOCK: "1",
    },
    outbound: standIn.outbound,
  });
  [sellerA, sellerB] = await Promise.all([loginViaApi(w, SELLER_A), loginViaApi(w, SELLER_B)]);
});
afterAll(() => w?.dispose());
afterEach(() => standIn.up());

const at = (ms: number) => ({ "x-tb-now": String(ms) });
const orderCount = () => standIn.requestsTo(/^\/v1\/orders$/).length;
const seatsOf = (id: string) =>
  w.d1
    .prepare("SELECT capacity, sold, held FROM departures WHERE id = ?")
    .bind(id)
    .first<{ capacity: number; sold: number; held: number }>();

async function addDeparture(packageId: string, fields: Record<string, unknown>, seller = sellerA) {
  const res = await w.api(
    "POST",
    "/api/seller-departures",
    { packageId, startDate: daysFromNow(30), cutoffHours: 0, ...fields },
    bearer(seller),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.departure as { id: string; startDate: string };
}

/** Book Now on the departure for `adults` travellers: the checkout answer. */
const checkout = (customer: Session, packageId: string, startDate: string, adults = 1, headers: Record<string, string> = {}) =>
  w.api(
    "POST",
    "/api/payments/checkout",
    { source: "item", item: bookingRequest({ packageId, travelDates: { startDate } }, { adults, children: 0 }) },
    { ...bearer(customer), ...headers },
  );

describe("seats are never oversold", () => {
  it("20 travellers race for the last 3 seats: 3 checkouts hold them, 17 are told it sold out and no order is made for them", async () => {
    const departure = await addDeparture("p_goa", { capacity: 3 });
    const customers = await Promise.all(Array.from({ length: 20 }, (_, i) => newCustomer(w, `race${i}`)));
    const before = orderCount();
    const answers = await Promise.all(customers.map((c) => checkout(c, "p_goa", departure.startDate)));
    const won = answers.filter((a) => a.status === 201);
    const lost = answers.filter((a) => a.status !== 201);
    expect(won).toHaveLength(3);
    expect(lost).toHaveLength(17);
    for (const a of lost) {
      expect(a.status).toBe(409);
      expect(a.body).toMatchObject({ success: false, message: expect.stringMatching(/^Sold out: the departure on .+ has no seats left$/) });
    }
    expect(orderCount() - before).toBe(3);
    expect(await seatsOf(departure.id)).toEqual({ capacity: 3, sold: 0, held: 3 });
    const payments = await w.d1
      .prepare(`SELECT count(*) AS n FROM payments WHERE user_id IN (${customers.map(() => "?").join(",")})`)
      .bind(...customers.map((c) => c.user.id))
      .first<{ n: number }>();
    expect(payments?.n).toBe(3);
    const listed = await w.api("GET", "/api/seller-departures", undefined, bearer(sellerA));
    expect(listed.body.departures.find((d: { id: string }) => d.id === departure.id)).toMatchObject({
      held: 3,
      left: 0,
      label: "Sold out",
    });
  });

  it("a failed payment gives its seats back at once, and another traveller can then buy them", async () => {
    const departure = await addDeparture("p_jaipur", { capacity: 2 });
    const [first, second] = await Promise.all([newCustomer(w, "fail1"), newCustomer(w, "fail2")]);
    const held = await checkout(first, "p_jaipur", departure.startDate, 2);
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect((await checkout(second, "p_jaipur", departure.startDate, 1)).status).toBe(409);
    const failed = await w.api("POST", `/api/payments/${held.body.data.paymentId}/failure`, { reason: "Card declined" }, bearer(first));
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    expect(await seatsOf(departure.id)).toMatchObject({ sold: 0, held: 0 });
    expect((await checkout(second, "p_jaipur", departure.startDate, 2)).status).toBe(201);
  });

  it("a hold lapses after 15 minutes: the next checkout and the scheduled run give its seats back", async () => {
    const departure = await addDeparture("p_munnar", { capacity: 1 });
    const [a, b, c] = await Promise.all([newCustomer(w, "lapse1"), newCustomer(w, "lapse2"), newCustomer(w, "lapse3")]);
    const start = testNow();
    expect((await checkout(a, "p_munnar", departure.startDate, 1, at(start))).status).toBe(201);
    // At 14 minutes the seat is still held.
    expect((await checkout(b, "p_munnar", departure.startDate, 1, at(start + 14 * 60_000))).status).toBe(409);
    // At 16 minutes it is free again: the checkout's batch gives the lapsed hold back and takes the seat.
    const later = await checkout(b, "p_munnar", departure.startDate, 1, at(start + 16 * 60_000));
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    expect(await seatsOf(departure.id)).toMatchObject({ held: 1 });
    // The scheduled run gives back what nobody asked for.
    const run = await w.api("POST", "/api/dev/scheduled", {}, at(start + 32 * 60_000));
    expect(run.status).toBe(200);
    expect(await seatsOf(departure.id)).toMatchObject({ sold: 0, held: 0 });
    expect((await checkout(c, "p_munnar", departure.startDate, 1, at(start + 33 * 60_000))).status).toBe(201);
  });

  it("a captured payment turns the hold into a sold seat once, however often it is confirmed; a rejection gives it back", async () => {
    const departure = await addDeparture("p_manali", { capacity: 4 });
    const customer = await newCustomer(w, "capture");
    const session = (await checkout(customer, "p_manali", departure.startDate, 2)).body.data;
    const paymentId = standIn.pay(session.orderId);
    const body = {
      razorpay_order_id: session.orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: await hmacHex(KEY_SECRET, `${session.orderId}|${paymentId}`),
    };
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => w.api("POST", `/api/payments/${session.paymentId}/confirm`, body, bearer(customer))),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(await seatsOf(departure.id)).toEqual({ capacity: 4, sold: 2, held: 0 });
    const booking = await w.d1
      .prepare("SELECT b.id AS ref FROM bookings b JOIN payment_items i ON i.booking_id = b.id WHERE i.payment_id = ?")
      .bind(session.paymentId)
      .first<{ ref: string }>();
    const rejected = await w.api(
      "PUT",
      `/api/bookings/seller/bookings/${booking?.ref}/reject`,
      { message: "The guide is unwell" },
      bearer(sellerA),
    );
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(await seatsOf(departure.id)).toEqual({ capacity: 4, sold: 0, held: 0 });
  });
});

describe("booking a package with departures", () => {
  it("takes a request's seats, refuses a date that is no departure, a closed one and a sold-out one", async () => {
    const customer = await newCustomer(w, "request");
    const seeded = (id: string) => w.d1.prepare("SELECT start_date AS d FROM departures WHERE id = ?").bind(id).first<{ d: string }>();
    const open = (await seeded("dp_darjeeling_2"))?.d ?? "";
    const soldOut = (await seeded("dp_darjeeling_1"))?.d ?? "";
    const closed = (await seeded("dp_udaipur_3"))?.d ?? "";
    const request = (packageId: string, startDate: string) =>
      createBookingAs(w, bearer(customer), bookingRequest({ packageId, travelDates: { startDate } }, { adults: 2, children: 1 }));

    const free = await request("p_darjeeling", daysFromNow(31));
    expect(free.status).toBe(422);
    expect(free.body.message).toMatch(/choose one of its departure dates/);
    const full = await request("p_darjeeling", soldOut);
    expect(full.status).toBe(409);
    expect(full.body.message).toMatch(/^Sold out/);
    const shut = await request("p_udaipur", closed);
    expect(shut.status).toBe(409);
    expect(shut.body.message).toMatch(/is closed for booking/);

    const made = await request("p_darjeeling", open);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await seatsOf("dp_darjeeling_2")).toMatchObject({ capacity: 16, sold: 5 });
    // Cancelled, the seats come back.
    const cancelled = await w.api("PUT", `/api/bookings/${made.body.data._id}/status`, { status: "cancelled" }, bearer(customer));
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await seatsOf("dp_darjeeling_2")).toMatchObject({ sold: 2 });
  });

  it("a package without departures is still booked on request with any future date", async () => {
    const customer = await newCustomer(w, "onrequest");
    const res = await createBookingAs(
      w,
      bearer(customer),
      bookingRequest({ packageId: "p_kedarnath", travelDates: { startDate: daysFromNow(45) } }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});

describe("the seller's departures", () => {
  it("refuses bad input with clear messages", async () => {
    const post = (fields: Record<string, unknown>) =>
      w.api("POST", "/api/seller-departures", { packageId: "p_leh", startDate: daysFromNow(60), capacity: 10, ...fields }, bearer(sellerA));
    for (const capacity of [0, -4, 1.5, "ten"]) {
      const res = await post({ capacity });
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/Seats must be a whole number from 1 to 999/);
    }
    const past = await post({ startDate: daysFromNow(-1) });
    expect(past.status).toBe(422);
    expect(past.body.message).toBe("The departure date must be after today");
    for (const cutoffHours of [-1, 721]) {
      const res = await post({ cutoffHours });
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/booking cut-off must be a whole number of hours from 0 to 720/);
    }
    const group = await post({ minGroup: 11 });
    expect(group.status).toBe(422);
    expect(group.body.message).toMatch(/minimum group size/);
    expect((await w.d1.prepare("SELECT count(*) AS n FROM departures WHERE package_id = 'p_leh'").first<{ n: number }>())?.n).toBe(0);

    // Fewer seats than are sold: refused, and nothing changes.
    const below = await w.api("PUT", "/api/seller-departures/dp_udaipur_2", { capacity: 7 }, bearer(sellerA));
    expect(below.status).toBe(409);
    expect(below.body.message).toBe("This departure already has 8 seats sold or held, so it needs at least 8 seats");
    expect(await seatsOf("dp_udaipur_2")).toMatchObject({ capacity: 10 });
    const sold = await w.api("DELETE", "/api/seller-departures/dp_udaipur_2", undefined, bearer(sellerA));
    expect(sold.status).toBe(409);
    const twice = await addDeparture("p_leh", { startDate: daysFromNow(70), capacity: 5 });
    const again = await w.api(
      "POST",
      "/api/seller-departures",
      { packageId: "p_leh", startDate: twice.startDate, capacity: 5 },
      bearer(sellerA),
    );
    expect(again.status).toBe(409);
    expect((await w.api("DELETE", `/api/seller-departures/${twice.id}`, undefined, bearer(sellerA))).status).toBe(200);
  });

  it("seller B can neither read nor change seller A's departures, nor add one to A's package", async () => {
    const listB = await w.api("GET", "/api/seller-departures", undefined, bearer(sellerB));
    expect(listB.status).toBe(200);
    expect(listB.body.departures.map((d: { id: string }) => d.id).sort()).toEqual(["dp_darjeeling_1", "dp_darjeeling_2"]);
    expect((await w.api("PUT", "/api/seller-departures/dp_udaipur_1", { capacity: 500, status: "closed" }, bearer(sellerB))).status).toBe(
      404,
    );
    expect((await w.api("DELETE", "/api/seller-departures/dp_udaipur_3", undefined, bearer(sellerB))).status).toBe(404);
    const onA = await w.api(
      "POST",
      "/api/seller-departures",
      { packageId: "p_udaipur", startDate: daysFromNow(90), capacity: 5 },
      bearer(sellerB),
    );
    expect(onA.status).toBe(404);
    expect(await seatsOf("dp_udaipur_1")).toMatchObject({ capacity: 12 });
    expect(await w.d1.prepare("SELECT status FROM departures WHERE id = 'dp_udaipur_3'").first()).toEqual({ status: "closed" });
    const customer = await newCustomer(w, "not-a-seller");
    expect((await w.api("GET", "/api/seller-departures", undefined, bearer(customer))).status).toBe(403);
  });
});

describe("the pages", () => {
  const html = async (path: string, cookie?: string) => {
    const res = await w.request(path, cookie ? { headers: { cookie } } : {});
    expect(res.status, path).toBe(200);
    return res.text();
  };

  it("the package pages and the booking form show each departure's seats, and only open ones can be picked", async () => {
    for (const path of ["/tour-package/p_udaipur?book=1", "/seller/wanderlust-journeys/website/package/p_udaipur?book=1"]) {
      const page = await html(path);
      expect(page, path).toContain("Departures");
      expect(page, path).toContain("Only 2 left");
      expect(page, path).toContain("9 seats left");
      expect(page, path).toContain(">Closed<");
      // The form: one radio per departure named as the booking's start date, the closed one disabled.
      const radios = [...page.matchAll(/<input[^>]*type="radio"[^>]*name="startDate"[^>]*>/g)].map((m) => m[0]);
      expect(radios, path).toHaveLength(3);
      expect(radios.filter((r) => r.includes("disabled"))).toHaveLength(1);
    }
    const soldOut = await html("/tour-package/p_darjeeling");
    expect(soldOut).toContain("Sold out");
  });

  it("the seller's screens list their own departures only, with the 12-week chart as an image and a table", async () => {
    const a = await loginViaApi(w, SELLER_A);
    const list = await html("/seller-dashboard/event-packages", a.cookie);
    expect(list).toContain("Add a departure");
    expect(list).toContain("Udaipur");
    expect(list).not.toContain("Darjeeling");
    const index = await html("/seller-dashboard", a.cookie);
    expect(index).toContain("Upcoming departures");
    expect(index).toMatch(/<svg[^>]*role="img"/);
    expect(index).toContain("Bookings and revenue, last 12 weeks");
    expect([...index.matchAll(/<th scope="row">/g)]).toHaveLength(12);
  });
});
