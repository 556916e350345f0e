import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SELLER_A } from "../support/bookings";
import { followUpsDone } from "../support/follow-ups";
import { fillCart, hmacHex, payAndConfirm, sendWebhook, startCheckout } from "../support/payments";
import { razorpayStandIn } from "../support/razorpay-standin";
import { newCustomer } from "../support/security-fixtures";
import { type Session, bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * Issue 25: a refund the provider refuses is tried again by the scheduled run with backoff (15, then 60 minutes),
 * then needs the operator's attention in the superadmin panel; a second payment for a paid order is refunded once.
 * The real Razorpay adapter talks to the local stand-in (test/support/razorpay-standin.ts); the clock is moved with
 * `x-tb-now` (TEST_CLOCK).
 */

const KEY_ID = "rzp_test_TbRetries0001";
const KEY_SECRET = "rzp-retries-key-secret-3c1e8a";
const WEBHOOK_SECRET = "rzp-retries-webhook-secret-9b4d27";
const REFUSAL = "Refund could not be processed due to insufficient balance in the merchant account";

const standIn = razorpayStandIn({ keyId: KEY_ID, keySecret: KEY_SECRET });
let w: TestWorker;
let admin: Session;

beforeAll(async () => {
  w = await startWorker({
    bindings: { RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET, TEST_CLOCK: "1" },
    outbound: standIn.outbound,
  });
  admin = await loginViaApi(w, "admin@tripbazaar.example");
});
afterAll(() => w?.dispose());
afterEach(() => {
  standIn.up();
  standIn.refuseRefunds(0);
  standIn.answerRefundsAs("processed");
});

type Checkout = { paymentId: string; orderId: string; amount: number };

/** A new customer who paid for Goa (Wanderlust's) through Razorpay; answers the booking and the provider's payment id. */
async function paidGoa(tag: string) {
  const customer = await newCustomer(w, tag);
  await fillCart(w, bearer(customer), ["p_goa"]);
  const res = await w.api("POST", "/api/payments/checkout", { source: "cart" }, bearer(customer));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const session = res.body.data as Checkout;
  const providerPaymentId = standIn.pay(session.orderId);
  const confirmed = await w.api(
    "POST",
    `/api/payments/${session.paymentId}/confirm`,
    {
      razorpay_order_id: session.orderId,
      razorpay_payment_id: providerPaymentId,
      razorpay_signature: await hmacHex(KEY_SECRET, `${session.orderId}|${providerPaymentId}`),
    },
    bearer(customer),
  );
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const booking = await w.d1
    .prepare("SELECT b.id, b.total FROM bookings b JOIN payment_items i ON i.booking_id = b.id WHERE i.payment_id = ?")
    .bind(session.paymentId)
    .first<{ id: string; total: number }>();
  return { customer, session, providerPaymentId, booking: booking as { id: string; total: number } };
}

const refundRow = (where: string, value: string) =>
  w.d1
    .prepare(
      `SELECT id, status, reason, amount, attempts, next_attempt_at AS nextAttemptAt, failure_reason AS failureReason,
        provider_refund_id AS providerRefundId FROM refunds WHERE ${where} = ?`,
    )
    .bind(value)
    .first<{
      id: string;
      status: string;
      reason: string;
      amount: number;
      attempts: number;
      nextAttemptAt: string | null;
      failureReason: string | null;
      providerRefundId: string | null;
    }>();

const refundCalls = (providerPaymentId: string) => standIn.requestsTo(new RegExp(`^/v1/payments/${providerPaymentId}/refund$`));
const madeRefunds = (providerPaymentId: string) => [...standIn.refunds.values()].filter((r) => r.paymentId === providerPaymentId);

const scheduledAt = async (at: number) => {
  const res = await w.request("/api/dev/scheduled", { method: "POST", headers: { "x-tb-now": String(at) } });
  expect(res.status).toBe(200);
};

const rejectGoa = async (bookingId: string) => {
  const answer = await w.api(
    "PUT",
    `/api/bookings/seller/bookings/${bookingId}/reject`,
    { message: "Fully booked on those dates" },
    bearer(await loginViaApi(w, SELLER_A)),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  await followUpsDone(w, bookingId);
};

const pageText = async (path: string, s: Session) => {
  const res = await w.request(path, { headers: { cookie: `tb_session=${s.token}` } });
  expect(res.status, path).toBe(200);
  return { html: await res.text(), d1Calls: res.headers.get("x-tb-d1-calls") };
};

const retryByForm = (id: string) =>
  w.request("/superadmin-panel/refunds", {
    method: "POST",
    headers: { cookie: `tb_session=${admin.token}`, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ id }).toString(),
  });

describe("a refund the provider refuses", () => {
  it("is tried again after 15 and 60 minutes, then needs attention in the superadmin panel; the operator's retry refunds once", async () => {
    const { customer, providerPaymentId, booking } = await paidGoa("refund-retry");
    standIn.refuseRefunds(3, REFUSAL);
    await rejectGoa(booking.id);

    // The first try was refused: it waits 15 minutes, and everyone reads it as on its way.
    const first = await refundRow("booking_id", booking.id);
    expect(first).toMatchObject({ status: "pending", attempts: 1, failureReason: REFUSAL, providerRefundId: null });
    const firstTry = Date.parse(first?.nextAttemptAt as string) - 15 * 60_000;
    expect(Math.abs(firstTry - Date.now())).toBeLessThan(60_000);
    expect((await pageText(`/booking/${booking.id}`, customer)).html).toContain("Refund on its way");
    const seller = await loginViaApi(w, SELLER_A);
    expect((await pageText("/seller-dashboard/payments", seller)).html).toContain("Refund on its way");
    const ledger = await w.api("GET", "/api/seller-payments?status=refund-pending", undefined, bearer(seller));
    expect(ledger.body.data.map((e: { bookingId: string }) => e.bookingId)).toContain(booking.id);

    // Not before its time.
    await scheduledAt(firstTry + 10 * 60_000);
    expect(refundCalls(providerPaymentId)).toHaveLength(1);
    // The second try, 15 minutes on; refused, it waits 60.
    await scheduledAt(firstTry + 16 * 60_000);
    const second = await refundRow("booking_id", booking.id);
    expect(second).toMatchObject({ status: "pending", attempts: 2 });
    expect(Date.parse(second?.nextAttemptAt as string)).toBe(firstTry + 16 * 60_000 + 60 * 60_000);
    await scheduledAt(firstTry + 50 * 60_000);
    expect(refundCalls(providerPaymentId)).toHaveLength(2);
    // The third and last try.
    await scheduledAt(firstTry + 80 * 60_000);
    expect(await refundRow("booking_id", booking.id)).toMatchObject({ status: "attention", attempts: 3, failureReason: REFUSAL });
    expect((await pageText(`/booking/${booking.id}`, customer)).html).toContain("Refund on its way");
    expect((await pageText("/seller-dashboard/payments", seller)).html).toContain("Refund on its way");
    // The scheduled run leaves it to the operator.
    await scheduledAt(firstTry + 10 * 3_600_000);
    expect(refundCalls(providerPaymentId).map((r) => r.answered)).toEqual([400, 400, 400]);
    // Each try is its own refund at Razorpay (a new receipt), so the idempotency key of a refused one is not reused.
    const receipts = refundCalls(providerPaymentId).map((r) => r.body.receipt);
    expect(receipts).toEqual([first?.id, `${first?.id}-2`, `${first?.id}-3`]);

    // The superadmin panel lists it with the provider's reason, read in one D1 round trip.
    const panel = await pageText("/superadmin-panel/refunds", admin);
    expect(panel.d1Calls).toBe("1");
    expect(panel.html).toContain(booking.id);
    expect(panel.html).toContain(REFUSAL);
    expect(panel.html).toContain("Retry refund");
    expect(panel.html).toMatch(new RegExp(`<form method="post"[^>]*>[\\s\\S]*?name="id" value="${first?.id}"`));
    // Nobody else may read or retry it.
    const stranger = await w.request("/superadmin-panel/refunds", { headers: { cookie: `tb_session=${seller.token}` } });
    expect(stranger.status).toBe(403);

    // The provider recovers; the operator's retry (a plain form post) refunds it, once.
    const retried = await retryByForm(first?.id as string);
    expect(retried.status).toBe(200);
    expect(await retried.text()).toContain("The refund is made");
    expect(madeRefunds(providerPaymentId)).toHaveLength(1);
    expect(madeRefunds(providerPaymentId)[0]).toMatchObject({ amount: booking.total, receipt: `${first?.id}-4` });
    expect(await refundRow("booking_id", booking.id)).toMatchObject({
      status: "processed",
      providerRefundId: madeRefunds(providerPaymentId)[0].id,
    });
    const paymentStatus = await w.d1.prepare("SELECT payment_status FROM bookings WHERE id = ?").bind(booking.id).first("payment_status");
    expect(paymentStatus).toBe("refunded");
    expect((await pageText(`/booking/${booking.id}`, customer)).html).not.toContain("Refund on its way");
    expect((await pageText("/superadmin-panel/refunds", admin)).html).toContain("No refund needs attention.");

    // A second retry, or another scheduled run, makes no second refund.
    expect((await retryByForm(first?.id as string)).status).toBe(404);
    await scheduledAt(firstTry + 20 * 3_600_000);
    expect(refundCalls(providerPaymentId)).toHaveLength(4);
    expect(standIn.payments.get(providerPaymentId)?.refunded).toBe(booking.total);
  });

  it("refund.failed counts a try once, however often it is delivered, and the next try settles it", async () => {
    const { providerPaymentId, booking } = await paidGoa("refund-failed-event");
    standIn.answerRefundsAs("pending");
    await rejectGoa(booking.id);
    const sent = await refundRow("booking_id", booking.id);
    const [made] = madeRefunds(providerPaymentId);
    expect(sent).toMatchObject({ status: "pending", attempts: 0, providerRefundId: made.id });

    const failed = standIn.refundFailedEvent(made.id);
    expect((await sendWebhook(w, failed, { secret: WEBHOOK_SECRET, eventId: "evt_retry_failed_1" })).body.outcome).toBe("applied");
    expect((await sendWebhook(w, failed, { secret: WEBHOOK_SECRET, eventId: "evt_retry_failed_1" })).body.outcome).toBe("duplicate");
    expect((await sendWebhook(w, failed, { secret: WEBHOOK_SECRET, eventId: "evt_retry_failed_2" })).body.outcome).toBe("ignored");
    const refused = await refundRow("booking_id", booking.id);
    expect(refused).toMatchObject({ status: "pending", attempts: 1, providerRefundId: null });

    standIn.answerRefundsAs("processed");
    await scheduledAt(Date.parse(refused?.nextAttemptAt as string) + 60_000);
    expect(await refundRow("booking_id", booking.id)).toMatchObject({ status: "processed", attempts: 1 });
    expect(refundCalls(providerPaymentId).map((r) => r.body.receipt)).toEqual([sent?.id, `${sent?.id}-2`]);
    expect(madeRefunds(providerPaymentId).map((r) => r.status)).toEqual(["failed", "processed"]);
    expect(standIn.payments.get(providerPaymentId)?.refunded).toBe(booking.total);
  });
});

describe("a second payment for an order already paid", () => {
  it("is refunded once, even when its webhook is delivered twice, and the booking stays paid", async () => {
    const { session, providerPaymentId, booking } = await paidGoa("paid-twice");
    const second = standIn.pay(session.orderId);
    expect(second).not.toBe(providerPaymentId);
    const event = standIn.paymentCapturedEvent(second);
    const first = await sendWebhook(w, event, { secret: WEBHOOK_SECRET, eventId: "evt_paid_twice" });
    expect(first.status).toBe(200);
    expect(first.body.outcome).toBe("applied");
    expect((await sendWebhook(w, event, { secret: WEBHOOK_SECRET, eventId: "evt_paid_twice" })).body.outcome).toBe("duplicate");
    expect((await sendWebhook(w, event, { secret: WEBHOOK_SECRET, eventId: "evt_paid_twice_again" })).status).toBe(200);
    await scheduledAt(Date.now());

    expect(refundCalls(second)).toHaveLength(1);
    expect(madeRefunds(second)).toEqual([expect.objectContaining({ amount: session.amount, status: "processed" })]);
    expect(standIn.payments.get(second)?.refunded).toBe(session.amount);
    expect(refundCalls(providerPaymentId)).toHaveLength(0);
    expect(await refundRow("provider_payment_id", second)).toMatchObject({
      reason: "duplicate",
      status: "processed",
      amount: session.amount,
    });
    const row = await w.d1.prepare("SELECT status, payment_status AS paymentStatus FROM bookings WHERE id = ?").bind(booking.id).first();
    expect(row).toMatchObject({ status: "pending", paymentStatus: "completed" });
    // The seller's ledger holds no refund of it: the money was never theirs.
    const seller = bearer(await loginViaApi(w, SELLER_A));
    const ledger = await w.api("GET", `/api/seller-payments?status=refunded`, undefined, seller);
    expect(ledger.body.data.map((e: { bookingId: string }) => e.bookingId)).not.toContain(booking.id);
  });
});

describe("a second payment confirmed by the Checkout callback", () => {
  it("is refunded once and the traveller is told so; the callback and its webhook together refund it once", async () => {
    const { customer, session, booking } = await paidGoa("paid-twice-callback");
    const second = standIn.pay(session.orderId);
    const callback = {
      razorpay_order_id: session.orderId,
      razorpay_payment_id: second,
      razorpay_signature: await hmacHex(KEY_SECRET, `${session.orderId}|${second}`),
    };
    const answer = await w.api("POST", `/api/payments/${session.paymentId}/confirm`, callback, bearer(customer));
    expect(answer.status).toBe(200);
    expect(answer.body.data.message).toBe("This order was already paid, so this second payment is being refunded in full.");
    expect((await w.api("POST", `/api/payments/${session.paymentId}/confirm`, callback, bearer(customer))).status).toBe(200);
    await sendWebhook(w, standIn.paymentCapturedEvent(second), { secret: WEBHOOK_SECRET, eventId: "evt_paid_twice_callback" });
    expect(madeRefunds(second)).toHaveLength(1);
    expect(refundCalls(second)).toHaveLength(1);
    expect(await w.d1.prepare("SELECT payment_status FROM bookings WHERE id = ?").bind(booking.id).first("payment_status")).toBe(
      "completed",
    );
  });
});

describe("the test provider, set to refuse refunds", () => {
  it("refuses the first two tries (TEST_PAYMENTS_REFUND_FAILURES) and the third, 75 minutes on, settles the refund once", async () => {
    const t = await startWorker({ bindings: { TEST_PAYMENTS_REFUND_FAILURES: "2", TEST_CLOCK: "1" } });
    try {
      const customer = await newCustomer(t, "test-provider-refusals");
      await fillCart(t, bearer(customer), ["p_goa"]);
      const session = await startCheckout(t, bearer(customer));
      await payAndConfirm(t, bearer(customer), session.paymentId);
      const bookingId = (await t.d1
        .prepare("SELECT booking_id FROM payment_items WHERE payment_id = ?")
        .bind(session.paymentId)
        .first("booking_id")) as string;
      const decided = await t.api(
        "PUT",
        `/api/bookings/seller/bookings/${bookingId}/reject`,
        { message: "Fully booked on those dates" },
        bearer(await loginViaApi(t, SELLER_A)),
      );
      expect(decided.status).toBe(200);
      await followUpsDone(t, bookingId);
      const row = () =>
        t.d1
          .prepare(
            "SELECT status, attempts, next_attempt_at AS nextAttemptAt, provider_refund_id AS providerRefundId FROM refunds WHERE booking_id = ?",
          )
          .bind(bookingId)
          .first<{ status: string; attempts: number; nextAttemptAt: string; providerRefundId: string | null }>();
      const first = await row();
      expect(first).toMatchObject({ status: "pending", attempts: 1, providerRefundId: null });
      const page = await t.request(`/booking/${bookingId}`, { headers: { cookie: `tb_session=${customer.token}` } });
      expect(await page.text()).toContain("Refund on its way");
      const run = (at: number) => t.request("/api/dev/scheduled", { method: "POST", headers: { "x-tb-now": String(at) } });
      await run(Date.parse(first?.nextAttemptAt as string) + 60_000);
      const second = await row();
      expect(second).toMatchObject({ status: "pending", attempts: 2, providerRefundId: null });
      await run(Date.parse(second?.nextAttemptAt as string) + 60_000);
      const settled = await row();
      expect(settled).toMatchObject({ status: "processed", attempts: 2, providerRefundId: expect.stringMatching(/^rfnd_test_/) });
      expect(await t.d1.prepare("SELECT payment_status FROM bookings WHERE id = ?").bind(bookingId).first("payment_status")).toBe(
        "refunded",
      );
    } finally {
      await t.dispose();
    }
  });
});
