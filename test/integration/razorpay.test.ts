import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SELLER_A, SELLER_B } from "../support/bookings";
import { TEST_ENV } from "../support/env";
import { fillCart, hmacHex, sendWebhook } from "../support/payments";
import { RAZORPAY_ORIGIN, razorpayStandIn } from "../support/razorpay-standin";
import { newCustomer } from "../support/security-fixtures";
import { type Session, bearer, latestEmail, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";
import { followUpsDone } from "../support/follow-ups";

/**
 * The whole money path with the REAL Razorpay adapter (ADR 0029): the Worker is configured with Razorpay's three
 * keys and every fetch it makes is answered by a local stand-in of Razorpay's API (test/support/razorpay-standin.ts,
 * through Miniflare's outbound handler). Signatures are computed here, independently of the code under test.
 * "No answer" is the stand-in's handler throwing as Node's fetch does when nothing listens; Miniflare hands the
 * Worker a bare 500 for it. A fetch that rejects inside the Worker is covered by test/unit/payments.test.ts.
 */

const KEY_ID = "rzp_test_TbStandIn0001";
const KEY_SECRET = "rzp-stand-in-key-secret-7f3a9c";
const WEBHOOK_SECRET = "rzp-stand-in-webhook-secret-51d2e8";
const BASIC = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString("base64")}`;
const PROVIDER_DOWN = /payment provider did not answer.*No money was taken/;

const standIn = razorpayStandIn({ keyId: KEY_ID, keySecret: KEY_SECRET });
let w: TestWorker;

beforeAll(async () => {
  w = await startWorker({
    bindings: { RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET, TEST_CLOCK: "1" },
    outbound: standIn.outbound,
  });
});
afterAll(() => w?.dispose());
afterEach(() => {
  standIn.up();
  standIn.answerRefundsAs("processed");
});

type Checkout = { paymentId: string; provider: string; key: string; orderId: string; amount: number; currency: string };

const signCallback = (orderId: string, paymentId: string, secret = KEY_SECRET) => hmacHex(secret, `${orderId}|${paymentId}`);

/** A new customer with `packages` in the cart, at checkout; returns the answer's session and the cart as priced. */
async function checkoutCart(tag: string, packages: string[]) {
  const customer = await newCustomer(w, tag);
  await fillCart(w, bearer(customer), packages);
  const cart = await w.api("GET", "/api/cart", undefined, bearer(customer));
  const res = await w.api("POST", "/api/payments/checkout", { source: "cart" }, bearer(customer));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { customer, cart: cart.body.data as { total: number; items: { sellerId: string; pricing: { total: number } }[] }, res };
}

/** Pays the order in (stand-in) Checkout and posts the callback as the page does. */
async function payAndConfirm(customer: Session, session: Checkout) {
  const paymentId = standIn.pay(session.orderId);
  const body = {
    razorpay_order_id: session.orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: await signCallback(session.orderId, paymentId),
  };
  const res = await w.api("POST", `/api/payments/${session.paymentId}/confirm`, body, bearer(customer));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return paymentId;
}

const bookingsOf = (paymentId: string) =>
  w.d1
    .prepare(
      `SELECT b.id, b.status, b.payment_status AS paymentStatus, b.seller_id AS sellerId, b.total, i.amount AS paid
       FROM bookings b JOIN payment_items i ON i.booking_id = b.id WHERE i.payment_id = ? ORDER BY b.seller_id`,
    )
    .bind(paymentId)
    .all<{ id: string; status: string; paymentStatus: string; sellerId: string; total: number; paid: number }>()
    .then((r) => r.results);

const paymentRow = (id: string) =>
  w.d1
    .prepare(
      "SELECT provider, provider_order_id AS orderId, provider_payment_id AS providerPaymentId, amount, status FROM payments WHERE id = ?",
    )
    .bind(id)
    .first<{ provider: string; orderId: string; providerPaymentId: string | null; amount: number; status: string }>();

const refundOf = (bookingId: string) =>
  w.d1
    .prepare(
      "SELECT id, amount, reason, status, provider_refund_id AS providerRefundId, processed_at AS processedAt FROM refunds WHERE booking_id = ?",
    )
    .bind(bookingId)
    .first<{ id: string; amount: number; reason: string; status: string; providerRefundId: string | null; processedAt: string | null }>();

const paymentsOfUser = async (userId: string) =>
  (await w.d1.prepare("SELECT count(*) AS n FROM payments WHERE user_id = ?").bind(userId).first<{ n: number }>())?.n ?? 0;

/** The seller's rejection, then its follow-up on the queue (the refund and the customer's email, ADR 0039) handled. */
const reject = async (sellerEmail: string, bookingId: string, message = "Fully booked on those dates") => {
  const answer = await w.api(
    "PUT",
    `/api/bookings/seller/bookings/${bookingId}/reject`,
    { message },
    bearer(await loginViaApi(w, sellerEmail)),
  );
  await followUpsDone(w, bookingId);
  return answer;
};

const refundRequestsFor = (providerPaymentId: string) => standIn.requestsTo(new RegExp(`^/v1/payments/${providerPaymentId}/refund$`));

describe("checkout with Razorpay", () => {
  it("creates exactly one Razorpay order for a two-seller cart: the server's total in paise, our payment id as the receipt", async () => {
    const ordersBefore = standIn.requestsTo(/^\/v1\/orders$/).length;
    const { customer, cart, res } = await checkoutCart("rzp-order", ["p_goa", "p_spiti"]);
    const session = res.body.data as Checkout;
    expect(cart.items.map((i) => i.sellerId).sort()).toEqual(["s_himalayan", "s_wanderlust"]);
    expect(cart.total).toBe(cart.items.reduce((s, i) => s + i.pricing.total, 0));

    const orders = standIn.requestsTo(/^\/v1\/orders$/).slice(ordersBefore);
    expect(orders).toHaveLength(1);
    const [order] = orders;
    expect(order.url).toBe(`${RAZORPAY_ORIGIN}/v1/orders`);
    expect(order.method).toBe("POST");
    expect(order.authorization).toBe(BASIC);
    expect(order.contentType).toMatch(/^application\/json\b/);
    expect(order.answered).toBe(200);
    expect(Number.isInteger(order.body.amount)).toBe(true);
    expect(order.body).toMatchObject({ amount: cart.total, currency: "INR", receipt: session.paymentId });
    expect(order.body.receipt.length).toBeLessThanOrEqual(40);
    expect(order.body.notes).toEqual({ customer: customer.user.id });

    // What the page opens Checkout with: the key id, never a secret; the order the stand-in created.
    const created = standIn.orders.get(session.orderId);
    expect(created).toMatchObject({ amount: cart.total, receipt: session.paymentId, status: "created" });
    expect(session).toMatchObject({ provider: "razorpay", key: KEY_ID, amount: cart.total, currency: "INR" });
    const answer = JSON.stringify(res.body);
    expect(answer).not.toContain(KEY_SECRET);
    expect(answer).not.toContain(WEBHOOK_SECRET);
    expect(
      JSON.stringify((await w.api("POST", `/api/payments/${session.paymentId}/reopen`, undefined, bearer(customer))).body),
    ).not.toContain(KEY_SECRET);

    expect(await paymentRow(session.paymentId)).toEqual({
      provider: "razorpay",
      orderId: session.orderId,
      providerPaymentId: null,
      amount: cart.total,
      status: "created",
    });
    expect(await bookingsOf(session.paymentId)).toHaveLength(0);

    // The test provider's pay endpoint does not exist under Razorpay, and asks Razorpay nothing.
    const requestsBefore = standIn.requests.length;
    const testPay = await w.api("POST", `/api/payments/${session.paymentId}/test-pay`, { outcome: "success" }, bearer(customer));
    expect(testPay.status).toBe(404);
    expect(standIn.requests.length).toBe(requestsBefore);
    expect(await bookingsOf(session.paymentId)).toHaveLength(0);
  });
});

describe("Razorpay Checkout's callback", () => {
  it("a signature under the key secret books; one under the webhook secret, the test provider's, or for another order is 400 and books nothing", async () => {
    const { customer, cart, res } = await checkoutCart("rzp-callback", ["p_goa", "p_spiti"]);
    const session = res.body.data as Checkout;
    const other = (await checkoutCart("rzp-callback-other", ["p_goa"])).res.body.data as Checkout;
    const paymentId = standIn.pay(session.orderId);
    const otherPaymentId = standIn.pay(other.orderId);
    const good = await signCallback(session.orderId, paymentId);

    const refused = [
      // The webhook secret is not the key secret.
      {
        razorpay_order_id: session.orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: await signCallback(session.orderId, paymentId, WEBHOOK_SECRET),
      },
      // The test provider's secret means nothing once Razorpay is configured.
      {
        razorpay_order_id: session.orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: await signCallback(session.orderId, paymentId, TEST_ENV.TEST_PAYMENTS_KEY_SECRET),
      },
      // A genuine signature, but for another order (someone else's cheaper one), presented as that order…
      {
        razorpay_order_id: other.orderId,
        razorpay_payment_id: otherPaymentId,
        razorpay_signature: await signCallback(other.orderId, otherPaymentId),
      },
      // …or claimed for this order.
      {
        razorpay_order_id: session.orderId,
        razorpay_payment_id: otherPaymentId,
        razorpay_signature: await signCallback(other.orderId, otherPaymentId),
      },
      // A signature for this order and another payment.
      { razorpay_order_id: session.orderId, razorpay_payment_id: otherPaymentId, razorpay_signature: good },
    ];
    for (const body of refused) {
      const answer = await w.api("POST", `/api/payments/${session.paymentId}/confirm`, body, bearer(customer));
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ success: false, message: expect.stringMatching(/could not verify/) });
    }
    expect(await bookingsOf(session.paymentId)).toHaveLength(0);
    expect((await paymentRow(session.paymentId))?.status).toBe("created");
    const refusals = await w.d1
      .prepare("SELECT count(*) AS n FROM payment_events WHERE payment_id = ? AND outcome = 'refused'")
      .bind(session.paymentId)
      .first<{ n: number }>();
    expect(refusals?.n).toBe(refused.length);

    const requestsBefore = standIn.requests.length;
    const ok = await w.api(
      "POST",
      `/api/payments/${session.paymentId}/confirm`,
      { razorpay_order_id: session.orderId, razorpay_payment_id: paymentId, razorpay_signature: good },
      bearer(customer),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ status: "captured", captured: true });
    // The signature is verified locally; then Razorpay is asked once what the payment is (ADR 0043): it is captured.
    expect(standIn.requests.slice(requestsBefore).map((r) => [r.method, new URL(r.url).pathname])).toEqual([
      ["GET", `/v1/payments/${paymentId}`],
    ]);
    const made = await bookingsOf(session.paymentId);
    expect(made.map((b) => [b.sellerId, b.status, b.paymentStatus])).toEqual([
      ["s_himalayan", "pending", "completed"],
      ["s_wanderlust", "pending", "completed"],
    ]);
    expect(made.reduce((s, b) => s + b.total, 0)).toBe(cart.total);
    expect(await paymentRow(session.paymentId)).toMatchObject({ status: "captured", providerPaymentId: paymentId, amount: cart.total });
    expect((await w.api("GET", "/api/cart", undefined, bearer(customer))).body.data.items).toHaveLength(0);
    // The receipt is the queue's work, written with the capture (ADR 0043).
    await followUpsDone(w);
    expect((await latestEmail(w, customer.user.email)).subject).toMatch(/Payment receipt/);

    // The same callback again has no second effect; the other customer's order is untouched.
    const again = await w.api(
      "POST",
      `/api/payments/${session.paymentId}/confirm`,
      { razorpay_order_id: session.orderId, razorpay_payment_id: paymentId, razorpay_signature: good },
      bearer(customer),
    );
    expect(again.status).toBe(200);
    expect(again.body.data.captured).toBe(false);
    expect(await bookingsOf(session.paymentId)).toHaveLength(2);
    expect(await bookingsOf(other.paymentId)).toHaveLength(0);
    expect((await paymentRow(other.paymentId))?.status).toBe("created");
  });
});

describe("Razorpay's webhooks", () => {
  it("payment.captured signed with the webhook secret captures when the callback never came; signed with the key secret it is refused", async () => {
    const { customer, res } = await checkoutCart("rzp-hook", ["p_goa", "p_spiti"]);
    const session = res.body.data as Checkout;
    const paymentId = standIn.pay(session.orderId);
    const event = standIn.paymentCapturedEvent(paymentId);

    const underKeySecret = await sendWebhook(w, event, { secret: KEY_SECRET, eventId: "evt_rzp_hook_key" });
    expect(underKeySecret.status).toBe(400);
    expect(underKeySecret.body).toMatchObject({ success: false, message: "Invalid webhook signature" });
    const unsigned = await sendWebhook(w, event, { signature: "", eventId: "evt_rzp_hook_none" });
    expect(unsigned.status).toBe(400);
    // The signature covers the raw bytes: the same event re-serialised does not verify.
    const reserialised = JSON.stringify(JSON.parse(event), null, 2);
    const moved = await sendWebhook(w, reserialised, { signature: await hmacHex(WEBHOOK_SECRET, event), eventId: "evt_rzp_hook_moved" });
    expect(moved.status).toBe(400);
    expect(await bookingsOf(session.paymentId)).toHaveLength(0);
    expect((await paymentRow(session.paymentId))?.status).toBe("created");

    const captured = await sendWebhook(w, event, { secret: WEBHOOK_SECRET, eventId: "evt_rzp_hook_ok" });
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ success: true, outcome: "applied" });
    const made = await bookingsOf(session.paymentId);
    expect(made.map((b) => [b.sellerId, b.status, b.paymentStatus])).toEqual([
      ["s_himalayan", "pending", "completed"],
      ["s_wanderlust", "pending", "completed"],
    ]);
    expect(await paymentRow(session.paymentId)).toMatchObject({ status: "captured", providerPaymentId: paymentId });

    // Razorpay delivering it again, and the late callback, change nothing.
    expect((await sendWebhook(w, event, { secret: WEBHOOK_SECRET, eventId: "evt_rzp_hook_ok" })).body.outcome).toBe("duplicate");
    expect((await sendWebhook(w, event, { secret: WEBHOOK_SECRET, eventId: "evt_rzp_hook_retry" })).body.outcome).toBe("duplicate");
    const late = await w.api(
      "POST",
      `/api/payments/${session.paymentId}/confirm`,
      {
        razorpay_order_id: session.orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: await signCallback(session.orderId, paymentId),
      },
      bearer(customer),
    );
    expect(late.status).toBe(200);
    expect(late.body.data.captured).toBe(false);
    expect(await bookingsOf(session.paymentId)).toHaveLength(2);
  });
});

describe("refunds through Razorpay", () => {
  it("a rejection asks Razorpay for the booking's amount; a pending refund completes on a signed refund.processed, once", async () => {
    standIn.answerRefundsAs("pending");
    const { customer, res } = await checkoutCart("rzp-refund", ["p_goa", "p_spiti"]);
    const session = res.body.data as Checkout;
    const providerPaymentId = await payAndConfirm(customer, session);
    const [spiti, goa] = await bookingsOf(session.paymentId);
    expect([spiti.sellerId, goa.sellerId]).toEqual(["s_himalayan", "s_wanderlust"]);
    expect(spiti.paid).toBe(spiti.total);

    const rejected = await reject(SELLER_B, spiti.id, "Roads closed by snow");
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: "rejected", paymentStatus: "completed" });

    const asked = refundRequestsFor(providerPaymentId);
    expect(asked).toHaveLength(1);
    const [request] = asked;
    const refund = await refundOf(spiti.id);
    expect(request.url).toBe(`${RAZORPAY_ORIGIN}/v1/payments/${providerPaymentId}/refund`);
    expect(request.method).toBe("POST");
    expect(request.authorization).toBe(BASIC);
    expect(request.contentType).toMatch(/^application\/json\b/);
    expect(request.body).toEqual({ amount: spiti.total, receipt: refund?.id, speed: "normal" });
    expect(Number.isInteger(request.body.amount)).toBe(true);
    expect(request.answered).toBe(200);
    const [made] = [...standIn.refunds.values()].filter((r) => r.paymentId === providerPaymentId);
    expect(made).toMatchObject({ amount: spiti.total, receipt: refund?.id, status: "pending" });

    // Razorpay took the refund but has not processed it: the booking is still paid, with a pending refund.
    expect(refund).toMatchObject({
      amount: spiti.total,
      reason: "rejected",
      status: "pending",
      providerRefundId: made.id,
      processedAt: null,
    });
    expect((await bookingsOf(session.paymentId)).map((b) => [b.sellerId, b.status, b.paymentStatus])).toEqual([
      ["s_himalayan", "rejected", "completed"],
      ["s_wanderlust", "pending", "completed"],
    ]);
    expect((await latestEmail(w, customer.user.email)).text).toMatch(/is being refunded/);
    // The seller's ledger lists it as a refund on its way, not yet in the refunded total.
    const himalayan = bearer(await loginViaApi(w, SELLER_B));
    const onItsWay = await w.api("GET", "/api/seller-payments?status=refund-pending", undefined, himalayan);
    expect(onItsWay.status).toBe(200);
    expect(onItsWay.body.data.map((e: { bookingId: string; amount: number }) => [e.bookingId, e.amount])).toEqual([
      [spiti.id, -spiti.total],
    ]);
    expect(onItsWay.body.totals).toMatchObject({ refunded: 0, refundPending: spiti.total });

    // A pending refund Razorpay already has is not asked again by the scheduled run.
    const retried = await w.api("POST", "/api/dev/scheduled");
    expect(retried.status).toBe(200);
    expect(refundRequestsFor(providerPaymentId)).toHaveLength(1);

    // refund.processed signed with the key secret is refused and changes nothing.
    const event = standIn.refundProcessedEvent(made.id);
    expect((await sendWebhook(w, event, { secret: KEY_SECRET, eventId: "evt_rzp_refund_key" })).status).toBe(400);
    expect((await refundOf(spiti.id))?.status).toBe("pending");

    const processed = await sendWebhook(w, event, { secret: WEBHOOK_SECRET, eventId: "evt_rzp_refund_ok" });
    expect(processed.status).toBe(200);
    expect(processed.body).toMatchObject({ success: true, outcome: "applied" });
    const settled = await refundOf(spiti.id);
    expect(settled).toMatchObject({ status: "processed", providerRefundId: made.id, amount: spiti.total });
    expect(settled?.processedAt).toEqual(expect.any(String));
    expect((await bookingsOf(session.paymentId)).map((b) => [b.sellerId, b.status, b.paymentStatus])).toEqual([
      ["s_himalayan", "rejected", "refunded"],
      ["s_wanderlust", "pending", "completed"],
    ]);
    const view = await w.api("GET", `/api/bookings/${spiti.id}`, undefined, bearer(customer));
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ status: "rejected", paymentStatus: "refunded" });
    const ledger = await w.api("GET", "/api/seller-payments?status=refunded", undefined, himalayan);
    expect(ledger.body.data.map((e: { bookingId: string }) => e.bookingId)).toEqual([spiti.id]);
    expect(ledger.body.totals).toMatchObject({ refunded: spiti.total, refundPending: 0 });

    // The same refund.processed again — the same delivery, or a new one — changes nothing.
    const snapshot = JSON.stringify([await refundOf(spiti.id), await bookingsOf(session.paymentId), await paymentRow(session.paymentId)]);
    const requestsBefore = standIn.requests.length;
    expect((await sendWebhook(w, event, { secret: WEBHOOK_SECRET, eventId: "evt_rzp_refund_ok" })).body.outcome).toBe("duplicate");
    expect((await sendWebhook(w, event, { secret: WEBHOOK_SECRET, eventId: "evt_rzp_refund_again" })).body.outcome).toBe("duplicate");
    expect(JSON.stringify([await refundOf(spiti.id), await bookingsOf(session.paymentId), await paymentRow(session.paymentId)])).toBe(
      snapshot,
    );
    expect(standIn.requests.length).toBe(requestsBefore);
    const rows = await w.d1
      .prepare("SELECT count(*) AS n FROM refunds WHERE payment_id = ?")
      .bind(session.paymentId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it("a refund Razorpay processes at once marks the booking refunded as soon as the rejection's follow-up is handled", async () => {
    const { customer, res } = await checkoutCart("rzp-refund-now", ["p_goa"]);
    const session = res.body.data as Checkout;
    const providerPaymentId = await payAndConfirm(customer, session);
    const [goa] = await bookingsOf(session.paymentId);
    const rejected = await reject(SELLER_A, goa.id);
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    // The answer waited for the decision only: the refund was the queue's work.
    expect(rejected.body.data).toMatchObject({ status: "rejected", paymentStatus: "completed" });
    expect((await bookingsOf(session.paymentId))[0]).toMatchObject({ status: "rejected", paymentStatus: "refunded" });
    expect(refundRequestsFor(providerPaymentId).map((r) => r.body)).toEqual([
      { amount: goa.total, receipt: (await refundOf(goa.id))?.id, speed: "normal" },
    ]);
    expect(await refundOf(goa.id)).toMatchObject({ status: "processed", amount: goa.total });
    expect((await latestEmail(w, customer.user.email)).text).toMatch(/has been refunded/);
  });
});

describe("when Razorpay is down", () => {
  it.each([
    ["a 500 in Razorpay's error shape", "500"],
    ["a gateway's HTML 503", "gateway-503"],
    ["no answer (a network error)", "network-error"],
  ] as const)("checkout with %s answers a clear 503 and writes no payment; the cart is kept for a retry", async (_, outage) => {
    const customer = await newCustomer(w, `rzp-down-${outage}`);
    await fillCart(w, bearer(customer), ["p_goa", "p_spiti"]);
    standIn.down(outage);
    const before = standIn.requestsTo(/^\/v1\/orders$/).length;
    const res = await w.api("POST", "/api/payments/checkout", { source: "cart" }, bearer(customer));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ success: false, message: expect.stringMatching(PROVIDER_DOWN) });
    const tried = standIn.requestsTo(/^\/v1\/orders$/).slice(before);
    expect(tried).toHaveLength(1);
    expect(tried[0].answered).toBe(outage === "network-error" ? "network-error" : outage === "500" ? 500 : 503);
    expect(await paymentsOfUser(customer.user.id)).toBe(0);
    expect((await w.api("GET", "/api/cart", undefined, bearer(customer))).body.data.items).toHaveLength(2);

    standIn.up();
    const retry = await w.api("POST", "/api/payments/checkout", { source: "cart" }, bearer(customer));
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(await paymentsOfUser(customer.user.id)).toBe(1);
  });

  it("checkout with keys Razorpay refuses (401) answers 503 and writes no payment", async () => {
    const customer = await newCustomer(w, "rzp-401");
    await fillCart(w, bearer(customer), ["p_goa"]);
    standIn.acceptKeys({ keyId: KEY_ID, keySecret: "a-rotated-secret" });
    try {
      const before = standIn.requestsTo(/^\/v1\/orders$/).length;
      const res = await w.api("POST", "/api/payments/checkout", { source: "cart" }, bearer(customer));
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, message: expect.stringMatching(PROVIDER_DOWN) });
      expect(
        standIn
          .requestsTo(/^\/v1\/orders$/)
          .slice(before)
          .map((r) => r.answered),
      ).toEqual([401]);
      expect(await paymentsOfUser(customer.user.id)).toBe(0);
    } finally {
      standIn.acceptKeys({ keyId: KEY_ID, keySecret: KEY_SECRET });
    }
  });

  it.each([
    ["a 500", "500"],
    ["a network error", "network-error"],
  ] as const)(
    "at refund time (%s) the rejection still succeeds, the refund stays pending, and the scheduled run makes it later",
    async (_, outage) => {
      const { customer, res } = await checkoutCart(`rzp-refund-down-${outage}`, ["p_spiti"]);
      const session = res.body.data as Checkout;
      const providerPaymentId = await payAndConfirm(customer, session);
      const [spiti] = await bookingsOf(session.paymentId);

      standIn.down(outage);
      const rejected = await reject(SELLER_B, spiti.id);
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
      expect(rejected.body.data).toMatchObject({ status: "rejected", paymentStatus: "completed" });
      expect(refundRequestsFor(providerPaymentId).map((r) => r.answered)).toEqual([outage === "500" ? 500 : "network-error"]);
      expect(await refundOf(spiti.id)).toMatchObject({
        amount: spiti.total,
        reason: "rejected",
        status: "pending",
        providerRefundId: null,
      });
      expect((await latestEmail(w, customer.user.email)).text).toMatch(/is being refunded/);

      // Still down: the scheduled run tries again and leaves it pending.
      const stillDown = await w.api("POST", "/api/dev/scheduled");
      expect(stillDown.status).toBe(200);
      expect(refundRequestsFor(providerPaymentId)).toHaveLength(2);
      expect((await refundOf(spiti.id))?.status).toBe("pending");

      standIn.up();
      const back = await w.api("POST", "/api/dev/scheduled");
      expect(back.status).toBe(200);
      expect(back.body.data.refundsRetried).toBeGreaterThanOrEqual(1);
      const asked = refundRequestsFor(providerPaymentId);
      expect(asked).toHaveLength(3);
      expect(asked[2]).toMatchObject({ method: "POST", authorization: BASIC, answered: 200 });
      expect(asked[2].body).toEqual({ amount: spiti.total, receipt: (await refundOf(spiti.id))?.id, speed: "normal" });
      const [made] = [...standIn.refunds.values()].filter((r) => r.paymentId === providerPaymentId);
      expect(await refundOf(spiti.id)).toMatchObject({ status: "processed", providerRefundId: made.id });
      expect((await bookingsOf(session.paymentId))[0]).toMatchObject({ status: "rejected", paymentStatus: "refunded" });

      // Nothing left to do: a further run asks Razorpay nothing about this payment.
      await w.api("POST", "/api/dev/scheduled");
      expect(refundRequestsFor(providerPaymentId)).toHaveLength(3);
      expect([...standIn.refunds.values()].filter((r) => r.paymentId === providerPaymentId)).toHaveLength(1);
    },
  );

  it("a refund Razorpay made but whose answer was lost is not made twice when the scheduled run asks again", async () => {
    // Two sellers on one payment: a second refund of the cheaper booking would still fit in what was captured.
    const { customer, res } = await checkoutCart("rzp-refund-lost", ["p_goa", "p_spiti"]);
    const session = res.body.data as Checkout;
    const providerPaymentId = await payAndConfirm(customer, session);
    const both = await bookingsOf(session.paymentId);
    const [cheaper, dearer] = [...both].sort((a, b) => a.total - b.total);
    expect(2 * cheaper.total).toBeLessThanOrEqual(session.amount);

    standIn.down("answer-lost");
    const rejected = await reject(cheaper.sellerId === "s_himalayan" ? SELLER_B : SELLER_A, cheaper.id);
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(await refundOf(cheaper.id)).toMatchObject({ status: "pending", providerRefundId: null });
    const [made] = [...standIn.refunds.values()].filter((r) => r.paymentId === providerPaymentId);
    expect(made).toMatchObject({ amount: cheaper.total });

    standIn.up();
    expect((await w.api("POST", "/api/dev/scheduled")).status).toBe(200);
    const asked = refundRequestsFor(providerPaymentId);
    expect(asked.map((r) => r.answered)).toEqual(["network-error", 200]);
    // One refund at Razorpay, not two: the money went back once.
    expect([...standIn.refunds.values()].filter((r) => r.paymentId === providerPaymentId)).toEqual([made]);
    expect(standIn.payments.get(providerPaymentId)?.refunded).toBe(cheaper.total);
    // The retry is the same request under the same idempotency key, so Razorpay answers with the refund it made.
    expect(asked[1].rawBody).toBe(asked[0].rawBody);
    expect(asked[0].idempotencyKey).toEqual(expect.any(String));
    expect(asked[1].idempotencyKey).toBe(asked[0].idempotencyKey);
    expect(await refundOf(cheaper.id)).toMatchObject({ status: "processed", providerRefundId: made.id });
    const after = await bookingsOf(session.paymentId);
    expect(after.find((b) => b.id === cheaper.id)).toMatchObject({ status: "rejected", paymentStatus: "refunded" });
    expect(after.find((b) => b.id === dearer.id)).toMatchObject({ status: "pending", paymentStatus: "completed" });
  });
});
