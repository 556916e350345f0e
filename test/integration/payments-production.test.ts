import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASHA, bookingRequest } from "../support/bookings";
import { TEST_ENV } from "../support/env";
import { sendWebhook, signPayment, webhookBody } from "../support/payments";
import { type Session, bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * The built-in test provider "takes" a payment without money (worker/payments/config.ts): in production it must be
 * off even when its secrets are left set. Two Workers run here from the same build: one with the production
 * configuration (wrangler.toml's ENVIRONMENT, the platform hosts and origin production requires, no Razorpay keys)
 * and one in development as the control, where the very same requests do pay. Both keep TEST_PAYMENTS_* set.
 *
 * Production cannot start a test-provider checkout, so the payment the attacks aim at is one the development Worker
 * started for the same seeded traveller, copied row for row into production's D1 (as a database restored from a
 * staging copy would hold it). Without such a row every attack would be a 404 for want of a payment, whatever the
 * provider configuration; with it, only the configuration can refuse them.
 */

const PRODUCTION = {
  ENVIRONMENT: "production",
  PLATFORM_HOSTS: "localhost,127.0.0.1",
  PUBLIC_ORIGIN: "http://localhost",
  TEST_PAYMENTS_KEY_SECRET: TEST_ENV.TEST_PAYMENTS_KEY_SECRET,
  TEST_PAYMENTS_WEBHOOK_SECRET: TEST_ENV.TEST_PAYMENTS_WEBHOOK_SECRET,
};
const UNAVAILABLE = { success: false, message: "Online payment is not available right now. Please try again later." };

let prod: TestWorker;
let dev: TestWorker;
let prodAsha: Session;
let devAsha: Session;
/** A test-provider payment for one trip, unpaid, in both D1s. */
let payment: { paymentId: string; orderId: string; amount: number };

async function copyRows(table: string, column: string, value: string) {
  const { results } = await dev.d1.prepare(`SELECT * FROM ${table} WHERE ${column} = ?`).bind(value).all<Record<string, unknown>>();
  expect(results.length).toBeGreaterThan(0);
  for (const row of results) {
    const columns = Object.keys(row);
    await prod.d1
      .prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
      .bind(...columns.map((c) => row[c]))
      .run();
  }
}

const bookingsOf = (w: TestWorker, paymentId: string) =>
  w.d1
    .prepare("SELECT b.id, b.status, b.payment_status FROM bookings b JOIN payment_items i ON i.booking_id = b.id WHERE i.payment_id = ?")
    .bind(paymentId)
    .all()
    .then((r) => r.results);
const statusOf = (w: TestWorker, paymentId: string) =>
  w.d1.prepare("SELECT status, provider_payment_id FROM payments WHERE id = ?").bind(paymentId).first();

beforeAll(async () => {
  [prod, dev] = await Promise.all([startWorker({ bindings: PRODUCTION }), startWorker()]);
  [prodAsha, devAsha] = await Promise.all([loginViaApi(prod, ASHA), loginViaApi(dev, ASHA)]);
  expect(prodAsha.user.id).toBe(devAsha.user.id);
  const started = await dev.api(
    "POST",
    "/api/payments/checkout",
    { source: "item", item: bookingRequest({ packageId: "p_goa" }) },
    bearer(devAsha),
  );
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  expect(started.body.data.provider).toBe("test");
  payment = started.body.data;
  await copyRows("payments", "id", payment.paymentId);
  await copyRows("payment_items", "payment_id", payment.paymentId);
});
afterAll(async () => {
  await Promise.all([prod?.dispose(), dev?.dispose()]);
});

/** What a forger holding the test provider's key secret would post as Razorpay Checkout's result. */
const forgedCallback = async () => {
  const providerPaymentId = `pay_test_forged${crypto.randomUUID().slice(0, 8)}`;
  return {
    razorpay_order_id: payment.orderId,
    razorpay_payment_id: providerPaymentId,
    razorpay_signature: await signPayment(payment.orderId, providerPaymentId, TEST_ENV.TEST_PAYMENTS_KEY_SECRET),
  };
};
/** `payment.captured` for the whole order, as the test provider signs it (Razorpay's scheme, the webhook secret). */
const capturedEvent = () =>
  webhookBody("payment.captured", {
    id: `pay_test_hook${crypto.randomUUID().slice(0, 8)}`,
    order_id: payment.orderId,
    amount: payment.amount,
    currency: "INR",
    status: "captured",
  });

describe("in production the test provider is off, though its secrets are set", () => {
  it("checkout answers 503 'Online payment is not available right now' for the cart and for Book Now, writing nothing", async () => {
    const allPayments = () =>
      prod.d1.prepare("SELECT (SELECT count(*) FROM payments) AS payments, (SELECT count(*) FROM payment_items) AS items").first();
    const before = await allPayments();
    const added = await prod.api("POST", "/api/cart", bookingRequest({ packageId: "p_spiti" }), bearer(prodAsha));
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const bodies = [{ source: "cart" }, { source: "item", item: bookingRequest({ packageId: "p_goa" }) }];
    for (const body of bodies) {
      const res = await prod.api("POST", "/api/payments/checkout", body, bearer(prodAsha));
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body).toEqual(UNAVAILABLE);
      // On the seller's own domain too.
      const onDomain = await prod.request("/api/payments/checkout", {
        host: "wanderlust.localhost",
        method: "POST",
        headers: { "content-type": "application/json", ...bearer(prodAsha) },
        body: JSON.stringify(body),
      });
      expect(onDomain.status).toBe(503);
    }
    expect(await allPayments()).toEqual(before);
    // The trip stays in the cart for when payments are back.
    expect((await prod.api("GET", "/api/cart", undefined, bearer(prodAsha))).body.data.items).toHaveLength(1);
  });

  it("the test provider's checkout (POST /api/payments/{id}/test-pay) is 404 and pays nothing", async () => {
    for (const outcome of ["success", "failure"]) {
      const res = await prod.api("POST", `/api/payments/${payment.paymentId}/test-pay`, { outcome }, bearer(prodAsha));
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body).toEqual({ success: false, message: "No such API route" });
    }
    expect(await statusOf(prod, payment.paymentId)).toEqual({ status: "created", provider_payment_id: null });
    expect(await bookingsOf(prod, payment.paymentId)).toEqual([]);
  });

  it("a Checkout callback signed with the test provider's key secret is refused and books nothing", async () => {
    const res = await prod.api("POST", `/api/payments/${payment.paymentId}/confirm`, await forgedCallback(), bearer(prodAsha));
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body).toEqual(UNAVAILABLE);
    expect(await statusOf(prod, payment.paymentId)).toEqual({ status: "created", provider_payment_id: null });
    expect(await bookingsOf(prod, payment.paymentId)).toEqual([]);
  });

  it("a payment.captured webhook signed with the test provider's webhook secret is refused, recorded nowhere, and books nothing", async () => {
    const allBookings = () => prod.d1.prepare("SELECT count(*) AS n FROM bookings").first<{ n: number }>();
    const before = await allBookings();
    const res = await sendWebhook(prod, capturedEvent(), { eventId: "evt_prod_forged" });
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body).toEqual(UNAVAILABLE);
    expect(await prod.d1.prepare("SELECT id FROM payment_events WHERE id = 'evt_prod_forged'").first()).toBeNull();
    expect(await statusOf(prod, payment.paymentId)).toEqual({ status: "created", provider_payment_id: null });
    expect(await bookingsOf(prod, payment.paymentId)).toEqual([]);
    expect(await allBookings()).toEqual(before);
  });
});

describe("the control: in development the same requests pay", () => {
  it("test-pay answers, the same kind of signed callback books the trip, and the signed webhook is accepted", async () => {
    const paid = await dev.api("POST", `/api/payments/${payment.paymentId}/test-pay`, { outcome: "failure" }, bearer(devAsha));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const confirmed = await dev.api("POST", `/api/payments/${payment.paymentId}/confirm`, await forgedCallback(), bearer(devAsha));
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(await bookingsOf(dev, payment.paymentId)).toEqual([expect.objectContaining({ status: "pending", payment_status: "completed" })]);
    const hook = await sendWebhook(dev, capturedEvent(), { eventId: "evt_dev_control" });
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    // Its payment id is not the callback's: a second payment for the paid order, which is refunded (issue 25).
    expect(hook.body).toMatchObject({ outcome: "applied", message: "a second payment for a paid order; refunded" });
  });
});

// ADR 0033: the round trips are counted in every environment, not only in development, so the bench and a
// deployed Worker report them too.
describe("in production, as in development", () => {
  it("reports the D1 round trips of a signed-in API read and of a page: one each", async () => {
    const read = await prod.api("GET", "/api/cart", undefined, bearer(prodAsha));
    expect(read.status).toBe(200);
    expect(read.headers.get("x-tb-d1-calls")).toBe("1");
    const page = await prod.request("/user-dashboard/bookings", { headers: { cookie: `tb_session=${prodAsha.token}` } });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-tb-d1-calls")).toBe("1");
  });
});
