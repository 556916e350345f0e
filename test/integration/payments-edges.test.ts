import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SELLER_A, bookingRequest, idemKey } from "../support/bookings";
import { testNow } from "../support/clock";
import { newCustomer, newPackage } from "../support/security-fixtures";
import { type Session, bearer, loginViaApi } from "../support/session";
import { fillCart, sendWebhook, signPayment, startCheckout, webhookBody } from "../support/payments";
import { type TestWorker, startWorker } from "../support/worker";
import { followUpsDone } from "../support/follow-ups";

/**
 * Issue 23: a captured payment always ends as a booking or a refund; a checkout goes stale; a cart is paid once;
 * a package in carts can be deleted; booking requests are rate limited.
 */
let w: TestWorker;
let seller: Session;
beforeAll(async () => {
  w = await startWorker({ bindings: { TEST_CLOCK: "1" } });
  seller = await loginViaApi(w, SELLER_A);
});
afterAll(() => w?.dispose());

const one = <T>(sql: string, ...params: unknown[]) =>
  w.d1
    .prepare(sql)
    .bind(...params)
    .first<T>();
const count = async (sql: string, ...params: unknown[]) => (await one<{ n: number }>(sql, ...params))?.n ?? 0;

/** A published package of the Wanderlust seller, nobody has booked yet. */
async function freshPackage(name: string) {
  const id = await newPackage(w, seller, { name });
  const published = await w.api("PUT", `/api/seller-admin/packages/${id}/status`, { status: "published" }, bearer(seller));
  expect(published.status).toBe(200);
  return id;
}

/** What Razorpay's Checkout hands the page after a payment: signed with the key secret over our order id. */
async function providerPaid(orderId: string) {
  const id = `pay_${crypto.randomUUID().replace(/-/g, "").slice(0, 14)}`;
  return { razorpay_order_id: orderId, razorpay_payment_id: id, razorpay_signature: await signPayment(orderId, id) };
}

const capturedEvent = (paid: { razorpay_order_id: string; razorpay_payment_id: string }, amount: number) =>
  webhookBody("payment.captured", {
    id: paid.razorpay_payment_id,
    entity: "payment",
    order_id: paid.razorpay_order_id,
    amount,
    currency: "INR",
    status: "captured",
  });

const bookingsOfPayment = (paymentId: string) =>
  count("SELECT count(*) AS n FROM bookings b JOIN payment_items i ON i.booking_id = b.id WHERE i.payment_id = ?", paymentId);
const refundsOf = (paymentId: string) =>
  w.d1
    .prepare("SELECT amount, reason, status FROM refunds WHERE payment_id = ? ORDER BY id")
    .bind(paymentId)
    .all<{ amount: number; reason: string; status: string }>()
    .then((r) => r.results);
const outboxOf = async (email: string) => {
  await followUpsDone(w);
  return (await w.api("GET", `/api/dev/outbox?to=${encodeURIComponent(email)}`)).body.messages as { subject: string; text: string }[];
};
const later = (minutes: number) => ({ "x-tb-now": String(testNow() + minutes * 60_000) });

describe("a captured payment always ends as a booking or a refund", () => {
  it("the package deleted during checkout: the payment is captured and refunded, no booking, webhook and confirm 2xx", async () => {
    const pkg = await freshPackage("Vanishing Coast");
    const c = await newCustomer(w, "gone");
    const session = await startCheckout(w, bearer(c), { source: "item", item: bookingRequest({ packageId: pkg }) });
    // Nobody booked it and no cart holds it: the seller may delete it while the traveller is paying.
    expect((await w.api("DELETE", `/api/seller-admin/packages/${pkg}`, undefined, bearer(seller))).status).toBe(200);
    // Our own checkout refuses to take money for it...
    const refused = await w.api("POST", `/api/payments/${session.paymentId}/test-pay`, { outcome: "success" }, bearer(c));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, message: expect.stringContaining("cannot be booked now") });
    // ...but the provider's window was already open: the money is taken, and the webhook comes first.
    const paid = await providerPaid(session.orderId);
    const hook = await sendWebhook(w, capturedEvent(paid, session.amount), { eventId: `evt_${crypto.randomUUID().slice(0, 12)}` });
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    const again = await sendWebhook(w, capturedEvent(paid, session.amount), { eventId: `evt_${crypto.randomUUID().slice(0, 12)}` });
    expect(again.status).toBe(200);
    const confirmed = await w.api("POST", `/api/payments/${session.paymentId}/confirm`, paid, bearer(c));
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      booked: 0,
      refunded: [{ packageName: "Vanishing Coast", amount: session.amount, reason: "The travel agent no longer offers this trip" }],
    });
    expect(confirmed.body.message).toMatch(/refunded in full/);

    expect(await bookingsOfPayment(session.paymentId)).toBe(0);
    expect(await one("SELECT status FROM payments WHERE id = ?", session.paymentId)).toEqual({ status: "captured" });
    // The refund is the capture follow-up's work, on the queue (ADR 0043): read it once the queue has handled it.
    await followUpsDone(w);
    expect(await refundsOf(session.paymentId)).toEqual([{ amount: session.amount, reason: "unbooked", status: "processed" }]);
    const mail = await outboxOf(c.user.email);
    expect(mail.filter((m) => m.subject.startsWith("Refund of"))).toHaveLength(1);
    expect(mail.find((m) => m.subject.startsWith("Refund of"))?.text).toContain("no longer offers this trip");
    const view = await w.api("GET", `/api/payments/${session.paymentId}`, undefined, bearer(c));
    expect(view.body.data.sellers[0].bookings[0]).toMatchObject({
      status: null,
      unbookedReason: expect.any(String),
      refund: { status: "processed" },
    });
  });

  it("a price changed after checkout: refused before the provider, and refunded when paid anyway", async () => {
    const pkg = await freshPackage("Repriced Ridge");
    const c = await newCustomer(w, "repriced");
    await fillCart(w, bearer(c), [pkg]);
    const session = await startCheckout(w, bearer(c));
    const edit = await w.api(
      "PUT",
      `/api/seller-admin/packages/${pkg}`,
      {
        name: "Repriced Ridge",
        city: "Sampleton",
        description: "Dearer now.",
        durationDays: 3,
        priceRanges: [{ label: "Per person", price: 2_000_00 }],
      },
      bearer(seller),
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const refused = await w.api("POST", `/api/payments/${session.paymentId}/reopen`, undefined, bearer(c));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/price of Repriced Ridge changed/);
    const confirmed = await w.api("POST", `/api/payments/${session.paymentId}/confirm`, await providerPaid(session.orderId), bearer(c));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.refunded[0].reason).toMatch(/price of this trip changed/);
    expect(await bookingsOfPayment(session.paymentId)).toBe(0);
    // The cart keeps the trip, at its new price, to pay again.
    const cart = await w.api("GET", "/api/cart", undefined, bearer(c));
    expect(cart.body.data.items).toHaveLength(1);
    expect(cart.body.data.total).toBeGreaterThan(session.amount);
  });
});

describe("deleting a package travellers hold in their carts", () => {
  it("succeeds, and the cart says the trip is no longer available", async () => {
    const pkg = await freshPackage("Cart-held Cove");
    const c = await newCustomer(w, "held");
    await fillCart(w, bearer(c), [pkg]);
    const del = await w.api("DELETE", `/api/seller-admin/packages/${pkg}`, undefined, bearer(seller));
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    const cart = await w.api("GET", "/api/cart", undefined, bearer(c));
    expect(cart.status).toBe(200);
    expect(cart.body.data.payable).toBe(false);
    expect(cart.body.data.items[0]).toMatchObject({
      packageName: "Cart-held Cove",
      pricing: null,
      problem: expect.stringMatching(/no longer available/),
    });
    const checkout = await w.api("POST", "/api/payments/checkout", { source: "cart" }, bearer(c));
    expect(checkout.status).toBe(422);
    expect(checkout.body.message).toMatch(/no longer available/);
    // The traveller can still remove it.
    expect((await w.api("DELETE", `/api/cart/${cart.body.data.items[0].id}`, undefined, bearer(c))).status).toBe(200);
  });

  it("with a booking: 409 and the advice to unpublish, never a 5xx", async () => {
    const pkg = await freshPackage("Booked Bay");
    const c = await newCustomer(w, "booked");
    const made = await w.api("POST", "/api/bookings", bookingRequest({ packageId: pkg }), { ...bearer(c), "idempotency-key": idemKey() });
    expect(made.status).toBe(201);
    const del = await w.api("DELETE", `/api/seller-admin/packages/${pkg}`, undefined, bearer(seller));
    expect(del.status).toBe(409);
    expect(del.body.message).toMatch(/Unpublish/);
  });
});

describe("a checkout lives 30 minutes, and a cart is paid once", () => {
  it("a stale checkout is refused before the provider, and refunded when captured anyway", async () => {
    const c = await newCustomer(w, "stale");
    await fillCart(w, bearer(c), ["p_goa"]);
    const session = await startCheckout(w, bearer(c));
    const paidLate = await w.api(
      "POST",
      `/api/payments/${session.paymentId}/test-pay`,
      { outcome: "success" },
      { ...bearer(c), ...later(31) },
    );
    expect(paidLate.status).toBe(409);
    expect(paidLate.body.message).toMatch(/expired/);
    const reopened = await w.api("POST", `/api/payments/${session.paymentId}/reopen`, undefined, { ...bearer(c), ...later(31) });
    expect(reopened.status).toBe(409);
    // A payment the provider took anyway, 40 minutes in, is refunded and the cart kept.
    const confirmed = await w.api("POST", `/api/payments/${session.paymentId}/confirm`, await providerPaid(session.orderId), {
      ...bearer(c),
      ...later(40),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.refunded[0].reason).toMatch(/checkout had expired/);
    expect(await bookingsOfPayment(session.paymentId)).toBe(0);
    // The refund is asked of the provider by the capture's follow-up, on the queue (ADR 0043).
    await followUpsDone(w);
    expect(await refundsOf(session.paymentId)).toEqual([{ amount: session.amount, reason: "unbooked", status: "processed" }]);
    expect((await w.api("GET", "/api/cart", undefined, bearer(c))).body.data.items).toHaveLength(1);
  });

  it("the same cart checked out twice (two tabs) and paid twice at once: one charge kept, the other refunded", async () => {
    const c = await newCustomer(w, "twice");
    await fillCart(w, bearer(c), ["p_goa", "p_spiti"]);
    const first = await startCheckout(w, bearer(c));
    const second = await startCheckout(w, bearer(c));
    // Only the newest is payable through us.
    const stalePay = await w.api("POST", `/api/payments/${first.paymentId}/test-pay`, { outcome: "success" }, bearer(c));
    expect(stalePay.status).toBe(409);
    expect(stalePay.body.message).toMatch(/newer checkout/);
    const [a, b] = await Promise.all([
      w.api("POST", `/api/payments/${first.paymentId}/confirm`, await providerPaid(first.orderId), bearer(c)),
      w.api("POST", `/api/payments/${second.paymentId}/confirm`, await providerPaid(second.orderId), bearer(c)),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const booked = [a.body.data.booked, b.body.data.booked].sort();
    expect(booked).toEqual([0, 2]);
    const refundedAnswer = a.body.data.booked === 0 ? a.body : b.body;
    expect(refundedAnswer.data.refunded).toHaveLength(2);
    expect(refundedAnswer.data.refunded[0].reason).toMatch(/already paid for/);
    expect(await count("SELECT count(*) AS n FROM bookings WHERE user_id = ?", c.user.id)).toBe(2);
    await followUpsDone(w);
    const refunds = [...(await refundsOf(first.paymentId)), ...(await refundsOf(second.paymentId))];
    expect(refunds.map((r) => r.status)).toEqual(["processed", "processed"]);
    expect(refunds.reduce((s, r) => s + r.amount, 0)).toBe(first.amount);
    expect((await w.api("GET", "/api/cart", undefined, bearer(c))).body.data.items).toHaveLength(0);
  });
});

describe("booking requests are rate limited", () => {
  it("40 requests from one account: 429 past the limit, nothing written for them, no more emails than the limit", async () => {
    const c = await newCustomer(w, "flood");
    const answers = [];
    for (let i = 0; i < 40; i++)
      answers.push(await w.api("POST", "/api/bookings", bookingRequest(), { ...bearer(c), "idempotency-key": idemKey() }));
    const statuses = answers.map((r) => r.status);
    const made = statuses.filter((s) => s === 201).length;
    expect(made).toBe(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(answers.find((r) => r.status === 429)?.body).toEqual({
      success: false,
      message: expect.stringMatching(/Too many booking requests/),
    });
    expect(await count("SELECT count(*) AS n FROM bookings WHERE user_id = ?", c.user.id)).toBe(10);
    const customerMail = (await outboxOf(c.user.email)).filter((m) => /booking request/i.test(m.subject));
    expect(customerMail.length).toBeLessThanOrEqual(10);
    // A retry of an accepted request still replays its answer.
    const key = idemKey();
    const other = await newCustomer(w, "replay");
    const firstTry = await w.api("POST", "/api/bookings", bookingRequest(), { ...bearer(other), "idempotency-key": key });
    const replays = await Promise.all(
      Array.from({ length: 15 }, () => w.api("POST", "/api/bookings", bookingRequest(), { ...bearer(other), "idempotency-key": key })),
    );
    expect(firstTry.status).toBe(201);
    expect(new Set(replays.map((r) => r.status))).toEqual(new Set([201]));
  });
});
