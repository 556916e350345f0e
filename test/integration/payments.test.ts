import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SELLER_A, SELLER_B, bookingRequest, daysFromNow } from "../support/bookings";
import { testNow } from "../support/clock";
import { newCustomer } from "../support/security-fixtures";
import { bearer, loginViaApi } from "../support/session";
import { sendPageAction } from "../support/page-action";
import { fillCart, payAndConfirm, sendWebhook, signPayment, startCheckout, webhookBody } from "../support/payments";
import { type TestWorker, startWorker } from "../support/worker";
import { followUpsDone } from "../support/follow-ups";

let w: TestWorker;
beforeAll(async () => {
  w = await startWorker({ bindings: { TEST_CLOCK: "1" } });
});
afterAll(() => w?.dispose());

const count = async (sql: string, ...params: unknown[]) =>
  (
    await w.d1
      .prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n ?? 0;
const bookingsOf = (paymentId: string) =>
  w.d1
    .prepare(
      "SELECT b.id, b.status, b.payment_status, b.seller_id, b.total FROM bookings b JOIN payment_items i ON i.booking_id = b.id WHERE i.payment_id = ? ORDER BY b.seller_id",
    )
    .bind(paymentId)
    .all<{ id: string; status: string; payment_status: string; seller_id: string; total: number }>()
    .then((r) => r.results);

describe("checkout from the cart with the test provider", () => {
  it("pays once for trips of two sellers and makes one paid, pending booking per trip", async () => {
    const c = await newCustomer(w, "cart-two");
    await fillCart(w, bearer(c), ["p_goa", "p_spiti"]);
    const cart = await w.api("GET", "/api/cart", undefined, bearer(c));
    expect(cart.body.data.items).toHaveLength(2);
    const session = await startCheckout(w, bearer(c));
    expect(session.amount).toBe(cart.body.data.total);
    expect(await bookingsOf(session.paymentId)).toHaveLength(0);

    await payAndConfirm(w, bearer(c), session.paymentId);
    const made = await bookingsOf(session.paymentId);
    expect(made.map((b) => [b.seller_id, b.status, b.payment_status])).toEqual([
      ["s_himalayan", "pending", "completed"],
      ["s_wanderlust", "pending", "completed"],
    ]);
    expect(made.reduce((s, b) => s + b.total, 0)).toBe(session.amount);
    expect((await w.api("GET", "/api/cart", undefined, bearer(c))).body.data.items).toHaveLength(0);
    const view = await w.api("GET", `/api/payments/${session.paymentId}`, undefined, bearer(c));
    expect(view.body.data.status).toBe("captured");
    expect(view.body.data.sellers).toHaveLength(2);
  });

  it("a failed payment makes no booking, and a retry on the same order succeeds", async () => {
    const c = await newCustomer(w, "cart-fail");
    await fillCart(w, bearer(c), ["p_goa"]);
    const session = await startCheckout(w, bearer(c));
    const failed = await w.api("POST", `/api/payments/${session.paymentId}/test-pay`, { outcome: "failure" }, bearer(c));
    expect(failed.body.data.error.description).toMatch(/declined/);
    const noted = await w.api(
      "POST",
      `/api/payments/${session.paymentId}/failure`,
      { reason: failed.body.data.error.description },
      bearer(c),
    );
    expect(noted.status).toBe(200);
    expect(await bookingsOf(session.paymentId)).toHaveLength(0);
    expect((await w.api("GET", `/api/payments/${session.paymentId}`, undefined, bearer(c))).body.data.status).toBe("failed");
    expect((await w.api("GET", "/api/cart", undefined, bearer(c))).body.data.items).toHaveLength(1);

    await payAndConfirm(w, bearer(c), session.paymentId);
    expect(await bookingsOf(session.paymentId)).toHaveLength(1);
  });
});

describe("Try payment again, the pages' own action (issue 22)", () => {
  it("reopens the customer's own unpaid checkout from the cart and from package pages, as the API would", async () => {
    const c = await newCustomer(w, "reopen");
    await fillCart(w, bearer(c), ["p_goa"]);
    const session = await startCheckout(w, bearer(c));
    const failed = await w.api("POST", `/api/payments/${session.paymentId}/test-pay`, { outcome: "failure" }, bearer(c));
    expect(failed.body.data.error.description).toMatch(/declined/);
    const fromApi = await w.api("POST", `/api/payments/${session.paymentId}/reopen`, {}, bearer(c));
    expect(fromApi.status).toBe(200);
    for (const path of ["/cart", "/tour-package/p_goa", "/seller/wanderlust-journeys/website/package/p_goa"]) {
      const sent = await sendPageAction(w, path, { intent: "reopen", paymentId: session.paymentId }, { cookie: `tb_session=${c.token}` });
      expect(sent.status, path).toBe(200);
      expect(sent.answer, path).toEqual({ ok: true, message: "", intent: "reopen", checkout: fromApi.body.data });
    }
    // Paid afterwards, the same checkout is not reopened (it would charge twice): the page says why, as the API does.
    await payAndConfirm(w, bearer(c), session.paymentId);
    const paid = await sendPageAction(w, "/cart", { intent: "reopen", paymentId: session.paymentId }, { cookie: `tb_session=${c.token}` });
    const paidApi = await w.api("POST", `/api/payments/${session.paymentId}/reopen`, {}, bearer(c));
    expect(paidApi.status).toBe(409);
    expect(paid.status).toBe(409);
    expect(paid.answer).toMatchObject({ ok: false, message: paidApi.body.message });
    expect(paidApi.body.message).toBe("This checkout is already paid.");
  });

  it("does not reopen another customer's checkout (404), or any for a seller (403)", async () => {
    const c = await newCustomer(w, "reopen-owner");
    const other = await newCustomer(w, "reopen-other");
    await fillCart(w, bearer(c), ["p_goa"]);
    const session = await startCheckout(w, bearer(c));
    const theirs = await sendPageAction(
      w,
      "/cart",
      { intent: "reopen", paymentId: session.paymentId },
      { cookie: `tb_session=${other.token}` },
    );
    expect(theirs.status).toBe(404);
    expect(theirs.answer).toMatchObject({ ok: false, message: "Payment not found" });
    expect(JSON.stringify(theirs.answer)).not.toContain(session.orderId);
    const seller = await loginViaApi(w, SELLER_A);
    const asSeller = await sendPageAction(w, "/cart", { intent: "reopen", paymentId: session.paymentId }, { cookie: seller.cookie });
    expect(asSeller.status).toBe(403);
    expect(asSeller.answer).toMatchObject({ ok: false, message: "Only customer accounts can buy trips" });
  });
});

describe("verifying payments", () => {
  it("a valid signature passes; a tampered one, one under another secret, or for another order is refused and books nothing", async () => {
    const c = await newCustomer(w, "sig");
    await fillCart(w, bearer(c), ["p_goa"]);
    const session = await startCheckout(w, bearer(c));
    const paymentId = "pay_forged_0001";
    const good = await signPayment(session.orderId, paymentId);
    const tampered = `${good.slice(0, -1)}${good.endsWith("0") ? "1" : "0"}`;
    const cases = [
      { razorpay_order_id: session.orderId, razorpay_payment_id: paymentId, razorpay_signature: tampered },
      {
        razorpay_order_id: session.orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: await signPayment(session.orderId, paymentId, "another-secret-entirely-000"),
      },
      { razorpay_order_id: "order_other", razorpay_payment_id: paymentId, razorpay_signature: await signPayment("order_other", paymentId) },
      { razorpay_order_id: session.orderId, razorpay_payment_id: "pay_other", razorpay_signature: good },
    ];
    for (const body of cases) {
      const res = await w.api("POST", `/api/payments/${session.paymentId}/confirm`, body, bearer(c));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(/could not verify/) });
    }
    expect(await bookingsOf(session.paymentId)).toHaveLength(0);
    const ok = await w.api(
      "POST",
      `/api/payments/${session.paymentId}/confirm`,
      { razorpay_order_id: session.orderId, razorpay_payment_id: paymentId, razorpay_signature: good },
      bearer(c),
    );
    expect(ok.status).toBe(200);
    expect(await bookingsOf(session.paymentId)).toHaveLength(1);
  });

  it("another customer cannot confirm, read or retry someone's payment", async () => {
    const c = await newCustomer(w, "owner");
    const other = await newCustomer(w, "intruder");
    await fillCart(w, bearer(c), ["p_goa"]);
    const session = await startCheckout(w, bearer(c));
    const sig = await signPayment(session.orderId, "pay_x");
    const body = { razorpay_order_id: session.orderId, razorpay_payment_id: "pay_x", razorpay_signature: sig };
    expect((await w.api("POST", `/api/payments/${session.paymentId}/confirm`, body, bearer(other))).status).toBe(404);
    expect((await w.api("GET", `/api/payments/${session.paymentId}`, undefined, bearer(other))).status).toBe(404);
    expect((await w.api("POST", `/api/payments/${session.paymentId}/test-pay`, { outcome: "success" }, bearer(other))).status).toBe(404);
    expect(await bookingsOf(session.paymentId)).toHaveLength(0);
  });
});

describe("limits", () => {
  it("stops one account's checkout flood at 30 an hour with 429, writing no payment", async () => {
    const c = await newCustomer(w, "flood");
    await fillCart(w, bearer(c), ["p_goa"]);
    const started = await Promise.all(
      Array.from({ length: 30 }, () => w.api("POST", "/api/payments/checkout", { source: "cart" }, bearer(c))),
    );
    expect(started.every((r) => r.status === 201)).toBe(true);
    const refused = await w.api("POST", "/api/payments/checkout", { source: "cart" }, bearer(c));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, message: expect.stringMatching(/Too many/) });
    expect(await count("SELECT count(*) AS n FROM payments WHERE user_id = ?", c.user.id)).toBe(30);
    // Another traveller is not held back.
    const other = await newCustomer(w, "calm");
    await fillCart(w, bearer(other), ["p_goa"]);
    expect((await w.api("POST", "/api/payments/checkout", { source: "cart" }, bearer(other))).status).toBe(201);
  });
});

describe("webhooks", () => {
  it("the same payment.captured sent 20 times at once has one effect", async () => {
    const c = await newCustomer(w, "hook20");
    await fillCart(w, bearer(c), ["p_goa", "p_spiti"]);
    const session = await startCheckout(w, bearer(c));
    const body = webhookBody("payment.captured", {
      id: "pay_hook20",
      order_id: session.orderId,
      amount: session.amount,
      currency: "INR",
      status: "captured",
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => sendWebhook(w, body, { eventId: "evt_hook20" })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.outcome === "applied")).toHaveLength(1);
    expect(await bookingsOf(session.paymentId)).toHaveLength(2);
    expect(await count("SELECT count(*) AS n FROM payment_events WHERE id = 'evt_hook20'")).toBe(1);
    // The receipt is written by the queue's consumer from the row the capture wrote (ADR 0043).
    await followUpsDone(w);
    expect(await count("SELECT count(*) AS n FROM outbox WHERE subject LIKE 'Payment receipt%' AND \"to\" = ?", c.user.email)).toBe(1);
    // Different event ids for the same payment (Razorpay retries) still capture once.
    const again = await Promise.all(Array.from({ length: 5 }, (_, i) => sendWebhook(w, body, { eventId: `evt_hook20_${i}` })));
    expect(again.every((a) => a.body.outcome === "duplicate")).toBe(true);
    expect(await bookingsOf(session.paymentId)).toHaveLength(2);
  });

  it("the Checkout callback and the webhook racing for one payment book it once and refund nothing", async () => {
    // The test provider's pay, without scripts, confirms the callback while its webhook is delivered beside it.
    const c = await newCustomer(w, "race");
    await fillCart(w, bearer(c), ["p_goa", "p_spiti"]);
    const session = await startCheckout(w, bearer(c));
    const paid = await sendPageAction(
      w,
      "/cart",
      { intent: "test-pay", paymentId: session.paymentId, outcome: "success" },
      { cookie: `tb_session=${c.token}` },
    );
    expect(paid.redirect).toMatch(/^\/booking-success\?payment=py_/);
    await expect
      .poll(() => count("SELECT count(*) AS n FROM payment_events WHERE payment_id = ? AND type = 'payment.captured'", session.paymentId))
      .toBe(1);
    expect(await bookingsOf(session.paymentId)).toHaveLength(2);
    expect(await count("SELECT count(*) AS n FROM refunds WHERE payment_id = ?", session.paymentId)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM payment_items WHERE payment_id = ? AND outcome = 'booked'", session.paymentId)).toBe(2);
  });

  it("refuses a wrong signature, a wrong amount and an unknown order, and books nothing", async () => {
    const c = await newCustomer(w, "hookbad");
    await fillCart(w, bearer(c), ["p_goa"]);
    const session = await startCheckout(w, bearer(c));
    const entity = { id: "pay_bad", order_id: session.orderId, amount: session.amount, currency: "INR", status: "captured" };
    const body = webhookBody("payment.captured", entity);
    expect((await sendWebhook(w, body, { secret: "not-the-webhook-secret-000" })).status).toBe(400);
    expect((await sendWebhook(w, body, { signature: "" })).status).toBe(400);
    const less = await sendWebhook(w, webhookBody("payment.captured", { ...entity, amount: session.amount - 100 }), {
      eventId: "evt_less",
    });
    expect(less.body.outcome).toBe("refused");
    const unknown = await sendWebhook(w, webhookBody("payment.captured", { ...entity, order_id: "order_nope" }), {
      eventId: "evt_unknown",
    });
    expect(unknown.body.outcome).toBe("refused");
    expect(await bookingsOf(session.paymentId)).toHaveLength(0);
    expect(await count("SELECT count(*) AS n FROM payment_events WHERE outcome = 'refused' AND id IN ('evt_less', 'evt_unknown')")).toBe(2);
  });

  it("a late payment.failed after the capture changes nothing", async () => {
    const c = await newCustomer(w, "late");
    await fillCart(w, bearer(c), ["p_goa"]);
    const session = await startCheckout(w, bearer(c));
    await payAndConfirm(w, bearer(c), session.paymentId);
    const late = await sendWebhook(
      w,
      webhookBody("payment.failed", {
        id: "pay_late",
        order_id: session.orderId,
        amount: session.amount,
        currency: "INR",
        status: "failed",
      }),
      { eventId: "evt_late" },
    );
    expect(late.body.outcome).toBe("ignored");
    expect((await w.api("GET", `/api/payments/${session.paymentId}`, undefined, bearer(c))).body.data.status).toBe("captured");
  });
});

describe("refunds", () => {
  it("rejecting a paid request refunds it in full and tells the customer", async () => {
    const c = await newCustomer(w, "reject");
    await fillCart(w, bearer(c), ["p_spiti"]);
    const session = await startCheckout(w, bearer(c));
    await payAndConfirm(w, bearer(c), session.paymentId);
    const [booking] = await bookingsOf(session.paymentId);
    const seller = await loginViaApi(w, SELLER_B);
    const res = await w.api(
      "PUT",
      `/api/bookings/seller/bookings/${booking.id}/reject`,
      { message: "Roads closed by snow" },
      bearer(seller),
    );
    expect(res.status).toBe(200);
    // The answer waits for the decision only; the refund is the queue's work, made once it is handled (ADR 0039).
    expect(res.body.data.paymentStatus).toBe("completed");
    await followUpsDone(w);
    expect((await bookingsOf(session.paymentId))[0].payment_status).toBe("refunded");
    const refund = await w.d1.prepare("SELECT amount, status, reason FROM refunds WHERE booking_id = ?").bind(booking.id).first();
    expect(refund).toEqual({ amount: booking.total, status: "processed", reason: "rejected" });
    await followUpsDone(w);
    const mail = await w.api("GET", `/api/dev/outbox?to=${encodeURIComponent(c.user.email)}`);
    expect(mail.body.messages[0].subject).toMatch(/rejected/);
    expect(mail.body.messages[0].text).toMatch(/has been refunded/);
  });

  it("a paid request unanswered for 48 hours is cancelled and refunded by the scheduled run (clock injected)", async () => {
    const c = await newCustomer(w, "expiry");
    await fillCart(w, bearer(c), ["p_goa"]);
    const session = await startCheckout(w, bearer(c));
    await payAndConfirm(w, bearer(c), session.paymentId);
    const [booking] = await bookingsOf(session.paymentId);
    const at = (hours: number) => ({ "x-tb-now": String(testNow() + hours * 3_600_000) });
    const early = await w.api("POST", "/api/dev/scheduled", undefined, at(47));
    expect(early.status).toBe(200);
    expect((await bookingsOf(session.paymentId))[0].status).toBe("pending");
    await w.api("POST", "/api/dev/scheduled", undefined, at(49));
    const [after] = await bookingsOf(session.paymentId);
    expect([after.status, after.payment_status]).toEqual(["cancelled", "refunded"]);
    const refund = await w.d1.prepare("SELECT amount, reason, status FROM refunds WHERE booking_id = ?").bind(booking.id).first();
    expect(refund).toEqual({ amount: booking.total, reason: "expired", status: "processed" });
    await followUpsDone(w);
    const mail = await w.api("GET", `/api/dev/outbox?to=${encodeURIComponent(c.user.email)}`);
    expect(mail.body.messages[0].subject).toMatch(/expired/);
    // A second run finds nothing more to do.
    await w.api("POST", "/api/dev/scheduled", undefined, at(50));
    expect(await count("SELECT count(*) AS n FROM refunds WHERE booking_id = ?", booking.id)).toBe(1);
  });
});

describe("a customer's cancellation", () => {
  it("refunds a confirmed booking as the policy says (half, 10 days out) and emails the customer", async () => {
    const c = await newCustomer(w, "cancel");
    const added = await w.api(
      "POST",
      "/api/cart",
      bookingRequest({ packageId: "p_goa", travelDates: { startDate: daysFromNow(10) } }),
      bearer(c),
    );
    expect(added.status).toBe(201);
    const session = await startCheckout(w, bearer(c));
    await payAndConfirm(w, bearer(c), session.paymentId);
    const [booking] = await bookingsOf(session.paymentId);
    const seller = await loginViaApi(w, SELLER_A);
    expect((await w.api("PUT", `/api/bookings/seller/bookings/${booking.id}/approve`, {}, bearer(seller))).status).toBe(200);
    const cancelled = await w.api("PUT", `/api/bookings/${booking.id}/status`, { status: "cancelled" }, bearer(c));
    expect(cancelled.status).toBe(200);
    await followUpsDone(w);
    const refund = await w.d1.prepare("SELECT amount, reason, status FROM refunds WHERE booking_id = ?").bind(booking.id).first();
    expect(refund).toEqual({ amount: Math.floor(booking.total / 2), reason: "cancelled", status: "processed" });
    // Half came back: the booking stays paid for the rest.
    expect(cancelled.body.data.paymentStatus).toBe("completed");
    await followUpsDone(w);
    const mail = await w.api("GET", `/api/dev/outbox?to=${encodeURIComponent(c.user.email)}`);
    expect(mail.body.messages[0].subject).toBe(`Booking cancelled: ${cancelled.body.data.bookingId}`);
    expect(mail.body.messages[0].text).toContain("has been refunded");
  });
});

describe("the seller's orders", () => {
  it("list paid requests awaiting an answer first, before newer unpaid ones", async () => {
    const c = await newCustomer(w, "order");
    await fillCart(w, bearer(c), ["p_jaipur"]);
    const session = await startCheckout(w, bearer(c));
    await payAndConfirm(w, bearer(c), session.paymentId);
    const [paid] = await bookingsOf(session.paymentId);
    const unpaid = await w.api("POST", "/api/bookings", bookingRequest({ packageId: "p_goa" }), {
      ...bearer(c),
      "idempotency-key": `k-${crypto.randomUUID()}`,
    });
    expect(unpaid.status).toBe(201);
    const seller = await loginViaApi(w, SELLER_A);
    const list = await w.api("GET", "/api/bookings/seller/bookings?limit=5", undefined, bearer(seller));
    expect(list.body.data[0]._id).toBe(paid.id);
    expect(list.body.data[0].paymentStatus).toBe("completed");
    expect(list.body.data.findIndex((b: { _id: string }) => b._id === unpaid.body.data._id)).toBeGreaterThan(0);
  });
});
