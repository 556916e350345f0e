import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingRequest } from "../support/bookings";
import { followUpsDone } from "../support/follow-ups";
import { hmacHex, sendWebhook } from "../support/payments";
import { type RazorpayStandIn, razorpayStandIn } from "../support/razorpay-standin";
import { newCustomer } from "../support/security-fixtures";
import { type Session, bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * Captured means captured (ADR 0043), with the REAL Razorpay adapter against the local stand-in: a verified
 * Checkout signature only says the bank authorized a payment. An authorized payment that is never captured never
 * reads paid and never books; one that is captured books exactly once, whichever of Checkout's answer,
 * `payment.authorized`, `payment.captured` and `order.paid` arrives first: all 24 orders, in both capture modes
 * (`auto`: we capture through the API; `webhook`: Razorpay captures and we wait), on one Worker each.
 */

const KEY_ID = "rzp_test_TbCapture0001";
const KEY_SECRET = "rzp-capture-key-secret-4b7d1e";
const WEBHOOK_SECRET = "rzp-capture-webhook-secret-93ac0f";

type Checkout = { paymentId: string; orderId: string; amount: number };
type Arrival = "checkout" | "authorized" | "captured" | "paid";
const ARRIVALS: Arrival[] = ["checkout", "authorized", "captured", "paid"];

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

function harness(mode: "auto" | "webhook") {
  const standIn = razorpayStandIn({ keyId: KEY_ID, keySecret: KEY_SECRET });
  const ctx = { w: undefined as unknown as TestWorker, standIn };
  beforeAll(async () => {
    ctx.w = await startWorker({
      bindings: {
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        PAYMENT_CAPTURE: mode,
      },
      outbound: standIn.outbound,
    });
  });
  afterAll(() => ctx.w?.dispose());
  return ctx;
}

/** Book Now for one trip: one Razorpay order, for a new customer or the one given. */
async function checkout(w: TestWorker, tag: string, existing?: Session) {
  const customer = existing ?? (await newCustomer(w, tag));
  const res = await w.api(
    "POST",
    "/api/payments/checkout",
    { source: "item", item: bookingRequest({ packageId: "p_goa" }) },
    bearer(customer),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { customer, session: res.body.data as Checkout };
}

async function callback(w: TestWorker, customer: Session, session: Checkout, providerPaymentId: string) {
  const body = {
    razorpay_order_id: session.orderId,
    razorpay_payment_id: providerPaymentId,
    razorpay_signature: await hmacHex(KEY_SECRET, `${session.orderId}|${providerPaymentId}`),
  };
  return w.api("POST", `/api/payments/${session.paymentId}/confirm`, body, bearer(customer));
}

/** What the traveller's payment and its effects are, read from D1: bookings, receipts and seller notices written. */
async function effects(w: TestWorker, session: Checkout, customerEmail: string) {
  const row = await w.d1
    .prepare("SELECT status, provider_payment_id AS providerPaymentId FROM payments WHERE id = ?")
    .bind(session.paymentId)
    .first<{ status: string; providerPaymentId: string | null }>();
  const count = async (sql: string, ...args: unknown[]) =>
    (
      await w.d1
        .prepare(sql)
        .bind(...args)
        .first<{ n: number }>()
    )?.n ?? 0;
  return {
    status: row?.status,
    bookings: await count(
      "SELECT count(*) AS n FROM bookings b JOIN payment_items i ON i.booking_id = b.id WHERE i.payment_id = ?",
      session.paymentId,
    ),
    paidBookings: await count(
      "SELECT count(*) AS n FROM bookings b JOIN payment_items i ON i.booking_id = b.id WHERE i.payment_id = ? AND b.payment_status = 'completed'",
      session.paymentId,
    ),
    // The emails a capture sends once it is delivered: the traveller's receipt and the seller's paid request.
    receipts: await count(
      `SELECT count(*) AS n FROM outbox WHERE "to" = ? AND subject LIKE 'Payment receipt%' AND text LIKE '%Receipt: ' || ? || '%'`,
      customerEmail.toLowerCase(),
      session.paymentId,
    ),
    sellerNotices: await count(
      `SELECT count(*) AS n FROM outbox WHERE subject IN (SELECT 'New paid booking request ' || b.booking_ref FROM bookings b
        JOIN payment_items i ON i.booking_id = b.id WHERE i.payment_id = ?)`,
      session.paymentId,
    ),
    refunds: await count("SELECT count(*) AS n FROM refunds WHERE payment_id = ?", session.paymentId),
  };
}

/** Asserts the payment is not paid in any way the traveller or the seller could see. */
async function expectNotPaid(w: TestWorker, customer: Session, session: Checkout) {
  const view = await w.api("GET", `/api/payments/${session.paymentId}`, undefined, bearer(customer));
  expect(view.status).toBe(200);
  expect(["created", "authorized"]).toContain(view.body.data.status);
  expect(view.body.data.capturedAt).toBeNull();
  for (const s of view.body.data.sellers) for (const b of s.bookings) expect(b.status).toBeNull();
  const e = await effects(w, session, customer.user.email);
  expect(e.bookings).toBe(0);
}

for (const mode of ["webhook", "auto"] as const) {
  describe(`PAYMENT_CAPTURE=${mode}`, () => {
    const ctx = harness(mode);

    it("an authorized payment that is never captured never shows as paid and never books, whatever arrives", async () => {
      const { w, standIn } = ctx;
      const { customer, session } = await checkout(w, `held-${mode}`);
      const pid = standIn.pay(session.orderId, "held");

      const answer = await callback(w, customer, session, pid);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data).toMatchObject({ status: "confirming", captured: false, booked: 0 });
      expect(answer.body.message).toMatch(/being confirmed|confirming it/);
      expect(answer.body.message).not.toMatch(/Payment received/);
      const hook = await sendWebhook(w, standIn.paymentAuthorizedEvent(pid), { secret: WEBHOOK_SECRET, eventId: `evt_held_${mode}` });
      expect(hook.status, JSON.stringify(hook.body)).toBe(200);
      // The page posts the answer again (a reload): still only confirming.
      expect((await callback(w, customer, session, pid)).body.data.status).toBe("confirming");

      await expectNotPaid(w, customer, session);
      expect((await effects(w, session, customer.user.email)).status).toBe("authorized");
      const captures = standIn.requestsTo(new RegExp(`^/v1/payments/${pid}/capture$`));
      // auto: we asked Razorpay to capture it (the bank refused every time); webhook: we never ask.
      if (mode === "auto") expect(captures.length).toBeGreaterThan(0);
      else expect(captures).toHaveLength(0);

      // The traveller's page says it is being confirmed, never paid; the checkout cannot be paid a second time.
      const signedIn = await loginViaApi(w, customer.user.email, (customer as Session & { password: string }).password);
      const page = await w.request(`/booking-success?payment=${session.paymentId}`, { headers: { cookie: signedIn.cookie } });
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain("Confirming your payment");
      expect(html).toContain("Your bank approved the payment and we are confirming it");
      expect(html).not.toMatch(/We received ₹|Booking confirmed|Request sent/);
      const reopen = await w.api("POST", `/api/payments/${session.paymentId}/reopen`, undefined, bearer(customer));
      expect(reopen.status).toBe(409);
    });

    it("an authorized-then-captured payment books exactly once for all 24 orders of arrival", async () => {
      const { w, standIn } = ctx;
      const orders = permutations(ARRIVALS);
      expect(orders).toHaveLength(24);
      const done: { label: string; session: Checkout; email: string }[] = [];
      // One traveller pays 24 times (Book Now checkouts stand alone; 30 an hour are allowed).
      const traveller = await newCustomer(w, `perm-${mode}`);
      for (const [n, order] of orders.entries()) {
        const { customer, session } = await checkout(w, `perm${n}-${mode}`, traveller);
        const pid = standIn.pay(session.orderId, "authorized");
        const capturedAtProvider = () => standIn.payments.get(pid)?.status === "captured";
        const label = `${mode}: ${order.join(" → ")}`;
        for (const [step, arrival] of order.entries()) {
          if (arrival === "checkout") {
            const answer = await callback(w, customer, session, pid);
            expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(200);
            // Booked by this answer, booked before it, or (only while Razorpay holds it uncaptured) confirming.
            if (answer.body.data.status === "confirming") expect(capturedAtProvider(), label).toBe(false);
            else expect(answer.body.data.booked, label).toBe(1);
          } else {
            // Razorpay sends payment.captured and order.paid once it captured the payment (on its own, in webhook mode).
            if (arrival !== "authorized" && !capturedAtProvider()) standIn.capture(pid);
            const body =
              arrival === "authorized"
                ? standIn.paymentAuthorizedEvent(pid)
                : arrival === "captured"
                  ? standIn.paymentCapturedEvent(pid)
                  : standIn.orderPaidEvent(pid);
            const hook = await sendWebhook(w, body, { secret: WEBHOOK_SECRET, eventId: `evt_${mode}_${n}_${arrival}` });
            expect(hook.status, `${label}: ${JSON.stringify(hook.body)}`).toBe(200);
          }
          const now = await effects(w, session, customer.user.email);
          if (!capturedAtProvider()) {
            // Until the money is captured nothing is booked and the payment never reads captured.
            expect(now.bookings, `${label} after ${step + 1}`).toBe(0);
            expect(now.status, `${label} after ${step + 1}`).not.toBe("captured");
          }
        }
        expect(await effects(w, session, customer.user.email), label).toMatchObject({
          status: "captured",
          bookings: 1,
          paidBookings: 1,
          refunds: 0,
        });
        // Every event again, and the answer again: nothing more happens.
        for (const arrival of ARRIVALS) {
          if (arrival === "checkout") expect((await callback(w, customer, session, pid)).body.data.captured).toBe(false);
          else {
            const body = arrival === "authorized" ? standIn.paymentAuthorizedEvent(pid) : standIn.paymentCapturedEvent(pid);
            await sendWebhook(w, body, { secret: WEBHOOK_SECRET, eventId: `evt_${mode}_${n}_${arrival}_again` });
          }
        }
        done.push({ label, session, email: customer.user.email });
        // In auto mode we captured it ourselves unless Razorpay's own capture came first; never twice successfully.
        const captures = standIn.requestsTo(new RegExp(`^/v1/payments/${pid}/capture$`)).filter((r) => r.answered === 200);
        expect(captures.length, label).toBeLessThanOrEqual(mode === "auto" ? 1 : 0);
      }
      // Once the queue has delivered them: exactly one receipt and one request to the seller per payment.
      await followUpsDone(w);
      for (const { label, session, email } of done) {
        expect(await effects(w, session, email), label).toMatchObject({ bookings: 1, refunds: 0, receipts: 1, sellerNotices: 1 });
      }
    });

    it("a second payment on an already paid order is refunded once", async () => {
      const { w, standIn } = ctx;
      const { customer, session } = await checkout(w, `twice-${mode}`);
      const first = standIn.pay(session.orderId, "captured");
      expect((await callback(w, customer, session, first)).body.data.booked).toBe(1);
      const second = standIn.pay(session.orderId, "captured");
      const answer = await callback(w, customer, session, second);
      expect(answer.status).toBe(200);
      expect(answer.body.message).toMatch(/second payment is being refunded/);
      await sendWebhook(w, standIn.paymentCapturedEvent(second), { secret: WEBHOOK_SECRET, eventId: `evt_twice_${mode}_1` });
      await sendWebhook(w, standIn.orderPaidEvent(second), { secret: WEBHOOK_SECRET, eventId: `evt_twice_${mode}_2` });
      expect(standIn.requestsTo(new RegExp(`^/v1/payments/${second}/refund$`)).filter((r) => r.answered === 200)).toHaveLength(1);
      expect(standIn.requestsTo(new RegExp(`^/v1/payments/${first}/refund$`))).toHaveLength(0);
      expect(await effects(w, session, customer.user.email)).toMatchObject({ status: "captured", bookings: 1, refunds: 1 });
    });
  });
}

describe("the provider cannot say", () => {
  const ctx = harness("auto");
  it("Razorpay down when the answer arrives: confirming, nothing booked; payment.captured later books it once", async () => {
    const { w, standIn } = ctx as { w: TestWorker; standIn: RazorpayStandIn };
    const { customer, session } = await checkout(w, "down");
    const pid = standIn.pay(session.orderId, "captured");
    standIn.down("network-error");
    const answer = await callback(w, customer, session, pid);
    standIn.up();
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ status: "confirming", booked: 0 });
    await expectNotPaid(w, customer, session);
    const hook = await sendWebhook(w, standIn.paymentCapturedEvent(pid), { secret: WEBHOOK_SECRET, eventId: "evt_down_captured" });
    expect(hook.body.outcome).toBe("applied");
    expect(await effects(w, session, customer.user.email)).toMatchObject({ status: "captured", bookings: 1 });
  });
});

describe("the built-in test provider", () => {
  let w: TestWorker;
  beforeAll(async () => {
    w = await startWorker({});
  });
  afterAll(() => w?.dispose());

  const settled = (paymentId: string, events: number) =>
    expect
      .poll(
        async () =>
          (
            await w.d1
              .prepare("SELECT count(*) AS n FROM payment_events WHERE payment_id = ? AND type <> 'capture'")
              .bind(paymentId)
              .first<{ n: number }>()
          )?.n,
        { timeout: 5000 },
      )
      .toBeGreaterThanOrEqual(events);

  it("`held`: authorized and never captured, so it never shows as paid and never books", async () => {
    const { customer, session } = await checkout(w, "tp-held");
    const paid = await w.api("POST", `/api/payments/${session.paymentId}/test-pay`, { outcome: "held" }, bearer(customer));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const answer = await w.api("POST", `/api/payments/${session.paymentId}/confirm`, paid.body.data, bearer(customer));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ status: "confirming", captured: false, booked: 0 });
    await settled(session.paymentId, 1);
    await expectNotPaid(w, customer, session);
    expect((await effects(w, session, customer.user.email)).status).toBe("authorized");
  });

  it("`authorized`: captured (by our call or the provider's own), booked once, one receipt", async () => {
    const { customer, session } = await checkout(w, "tp-auth");
    const paid = await w.api("POST", `/api/payments/${session.paymentId}/test-pay`, { outcome: "authorized" }, bearer(customer));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const answer = await w.api("POST", `/api/payments/${session.paymentId}/confirm`, paid.body.data, bearer(customer));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.status).toBe("captured");
    // payment.authorized, payment.captured and order.paid arrive around the answer.
    await settled(session.paymentId, 3);
    await followUpsDone(w);
    expect(await effects(w, session, customer.user.email)).toMatchObject({
      status: "captured",
      bookings: 1,
      receipts: 1,
      sellerNotices: 1,
      refunds: 0,
    });
  });
});
