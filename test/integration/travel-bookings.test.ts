import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysFromNow } from "../support/bookings";
import { followUpsDone } from "../support/follow-ups";
import { sendPageAction } from "../support/page-action";
import { payAndConfirm, startCheckout } from "../support/payments";
import { newCustomer } from "../support/security-fixtures";
import { type Session, bearer } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * Flights through the cart and checkout (issue 27, ADR 0053): the platform is the merchant; a signed offer id is
 * re-priced before money is taken; a tampered one is refused; a fare that changed is shown and must be accepted.
 */

let w: TestWorker;
beforeAll(async () => {
  w = await startWorker();
});
afterAll(() => w?.dispose());

const cookieOf = (s: Session) => `tb_session=${encodeURIComponent(s.token)}`;

async function firstOffer(body: Record<string, unknown> = {}) {
  const res = await w.api("POST", "/api/flights/search", {
    origin: "DEL",
    destination: "BOM",
    departureDate: daysFromNow(40),
    passengers: { adults: 2, children: 0, infants: 0 },
    filters: { stops: [0] },
    ...body,
  });
  expect(res.status).toBe(200);
  return res.body.data.offers[0] as { id: string; fare: { total: number }; slices: { segments: { flightNumber: string }[] }[] };
}

const passengers = {
  "travellers[0].title": "Mr",
  "travellers[0].name": "Ravi Kumar",
  "travellers[0].age": "34",
  "travellers[1].title": "Mrs",
  "travellers[1].name": "Meena Kumar",
  "travellers[1].age": "31",
};

const addOffer = (customer: Session, offerId: string, fields: Record<string, string> = passengers) =>
  sendPageAction(w, "/cart", { intent: "add-offer", offerId, ...fields }, { cookie: cookieOf(customer) });

describe("a flight through the cart", () => {
  it("adds an offer, pays with the test provider, and books it under the platform", async () => {
    const customer = await newCustomer(w, "flyer");
    const offer = await firstOffer();
    const added = await addOffer(customer, offer.id);
    expect(added.redirect, added.text).toBe("/cart");
    const cart = await w.request("/cart", { headers: { cookie: cookieOf(customer) } });
    expect(await cart.text()).toContain("Ravi Kumar");
    const session = await startCheckout(w, bearer(customer));
    expect(session.amount).toBe(offer.fare.total);
    await payAndConfirm(w, bearer(customer), session.paymentId);
    const booking = await w.d1
      .prepare("SELECT kind, status, amount, booking_ref, user_id FROM travel_bookings WHERE payment_id = ?")
      .bind(session.paymentId)
      .first<{ kind: string; status: string; amount: number; booking_ref: string; user_id: string }>();
    expect(booking).toMatchObject({ kind: "flight", status: "confirmed", amount: offer.fare.total, user_id: customer.user.id });
    expect(booking?.booking_ref).toMatch(/^TB-\d{4}-\d{6}$/);
    const item = await w.d1.prepare("SELECT seller_id, outcome FROM payment_items WHERE payment_id = ?").bind(session.paymentId).first();
    expect(item).toEqual({ seller_id: "platform", outcome: "booked" });
    // The seats are taken from the flight: the same search now shows two fewer seats on it (or a higher fare).
    const success = await w.request(`/booking-success?payment=${session.paymentId}`, { headers: { cookie: cookieOf(customer) } });
    expect(success.status).toBe(200);
    expect(await success.text()).toContain(offer.slices[0].segments[0].flightNumber);
  });

  it("refuses a tampered offer id and passengers that do not match the fare", async () => {
    const customer = await newCustomer(w, "tamper");
    const offer = await firstOffer();
    const [body, mac] = offer.id.split(".");
    const payload = JSON.parse(Buffer.from(body, "base64url").toString());
    payload.data.total = 100;
    const forged = `${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${mac}`;
    const refused = await addOffer(customer, forged);
    expect(refused.answer).toMatchObject({ ok: false, message: "This offer is not valid. Please search again." });
    const wrong = await addOffer(customer, offer.id, {
      "travellers[0].title": "Mr",
      "travellers[0].name": "Solo Flyer",
      "travellers[0].age": "30",
    });
    expect(wrong.answer?.ok).toBe(false);
    expect(wrong.answer?.message).toContain("all 2 passengers");
    const rows = await w.d1.prepare("SELECT count(*) AS n FROM cart_items WHERE user_id = ?").bind(customer.user.id).first();
    expect(rows).toEqual({ n: 0 });
  });

  it("shows a fare that changed between search and checkout before any money is taken", async () => {
    const customer = await newCustomer(w, "fare");
    const offer = await firstOffer({ departureDate: daysFromNow(45) });
    expect((await addOffer(customer, offer.id)).redirect).toBe("/cart");
    const flight = offer.slices[0].segments[0].flightNumber.replace(" ", "-");
    const moved = await w.api("POST", "/api/dev/flight-fare", { flightKey: `${flight}:${daysFromNow(45)}`, fareAdjust: 50_000 });
    expect(moved.status).toBe(200);
    const refused = await w.api("POST", "/api/payments/checkout", { source: "cart" }, bearer(customer));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/changed from ₹[\d,]+ to ₹[\d,]+/);
    const payments = await w.d1.prepare("SELECT count(*) AS n FROM payments WHERE user_id = ?").bind(customer.user.id).first();
    expect(payments).toEqual({ n: 0 });
    const page = await (await w.request("/cart", { headers: { cookie: cookieOf(customer) } })).text();
    expect(page).toContain("The fare changed");
    const line = await w.d1.prepare("SELECT id FROM cart_items WHERE user_id = ?").bind(customer.user.id).first<{ id: string }>();
    const accepted = await sendPageAction(w, "/cart", { intent: "accept-fare", id: line?.id ?? "" }, { cookie: cookieOf(customer) });
    expect(accepted.answer?.ok).toBe(true);
    const session = await startCheckout(w, bearer(customer));
    expect(session.amount).toBe(offer.fare.total + 2 * 50_000 + 2 * 2_500);
  });

  it("cancels a flight by its fare rules with the refund through the provider; another traveller cannot cancel it", async () => {
    const owner = await newCustomer(w, "cancel");
    const other = await newCustomer(w, "snoop");
    const offer = (
      await w.api("POST", "/api/flights/search", {
        origin: "BLR",
        destination: "DEL",
        departureDate: daysFromNow(50),
        passengers: { adults: 2, children: 0, infants: 0 },
      })
    ).body.data.offers[0] as { id: string; refundable: boolean; cancellationFee: number; fare: { total: number; taxes: number } };
    expect((await addOffer(owner, offer.id)).redirect).toBe("/cart");
    const session = await startCheckout(w, bearer(owner));
    await payAndConfirm(w, bearer(owner), session.paymentId);
    const booking = await w.d1
      .prepare("SELECT id FROM travel_bookings WHERE payment_id = ?")
      .bind(session.paymentId)
      .first<{ id: string }>();
    const id = booking?.id ?? "";
    expect((await w.api("POST", `/api/travel-bookings/${id}/cancel`, undefined, bearer(other))).status).toBe(404);
    const cancelled = await w.api("POST", `/api/travel-bookings/${id}/cancel`, undefined, bearer(owner));
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const expected = offer.refundable ? offer.fare.total - 2 * offer.cancellationFee : offer.fare.taxes;
    expect(cancelled.body.data.refundAmount).toBe(expected);
    // The answer carries the refund as the cancellation wrote it; the FOLLOW_UPS queue asks the provider (ADR 0039).
    expect(cancelled.body.data.refund).toEqual({ status: "pending", amount: expected });
    await followUpsDone(w, id);
    const refund = await w.d1.prepare("SELECT status, amount FROM refunds WHERE booking_id = ?").bind(id).first();
    expect(refund).toEqual({ status: "processed", amount: expected });
    const again = await w.api("POST", `/api/travel-bookings/${id}/cancel`, undefined, bearer(owner));
    expect(again.status).toBe(409);
    const refundRows = await w.d1.prepare("SELECT count(*) AS n FROM refunds WHERE booking_id = ?").bind(id).first();
    expect(refundRows).toEqual({ n: 1 });
  });
});
