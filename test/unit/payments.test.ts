import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PaymentProviderError, razorpayProvider, testProvider } from "../../worker/payments/provider";
import { verifyPaymentSignature, verifyWebhookSignature } from "../../worker/payments/signature";
import { refundIdOf } from "../../worker/domain/payments/refunds";

// Signatures computed independently of our code, with Node's own HMAC, as Razorpay documents them.
const hmac = (secret: string, message: string) => createHmac("sha256", secret).update(message).digest("hex");

const KEY_SECRET = "rzp_secret_for_tests";
const WEBHOOK_SECRET = "whsec_for_tests";

describe("Razorpay's payment signature", () => {
  const orderId = "order_IluGWxBm9U8zJ8";
  const paymentId = "pay_29QQoUBi66xm2f";
  const good = hmac(KEY_SECRET, `${orderId}|${paymentId}`);

  it("passes when it is the HMAC-SHA256 of order_id|payment_id under the key secret", async () => {
    await expect(verifyPaymentSignature(KEY_SECRET, { orderId, paymentId, signature: good })).resolves.toBe(true);
    await expect(verifyPaymentSignature(KEY_SECRET, { orderId, paymentId, signature: good.toUpperCase() })).resolves.toBe(true);
  });

  it("fails when tampered, under another secret, for another order or payment, or when it is not a signature", async () => {
    const flipped = `${good.slice(0, -1)}${good.endsWith("0") ? "1" : "0"}`;
    const cases = [
      { orderId, paymentId, signature: flipped },
      { orderId, paymentId, signature: hmac("another secret", `${orderId}|${paymentId}`) },
      { orderId: "order_other", paymentId, signature: good },
      { orderId, paymentId: "pay_other", signature: good },
      { orderId, paymentId, signature: good.slice(0, 63) },
      { orderId, paymentId, signature: `${good}00` },
      { orderId, paymentId, signature: "z".repeat(64) },
      { orderId, paymentId, signature: "" },
    ];
    for (const c of cases) await expect(verifyPaymentSignature(KEY_SECRET, c), JSON.stringify(c)).resolves.toBe(false);
    await expect(verifyPaymentSignature("", { orderId, paymentId, signature: hmac("", `${orderId}|${paymentId}`) })).resolves.toBe(false);
  });
});

describe("Razorpay's webhook signature", () => {
  const body = JSON.stringify({
    entity: "event",
    event: "payment.captured",
    payload: { payment: { entity: { id: "pay_1", amount: 1599900 } } },
  });

  it("covers the raw body under the webhook secret", async () => {
    await expect(verifyWebhookSignature(WEBHOOK_SECRET, body, hmac(WEBHOOK_SECRET, body))).resolves.toBe(true);
  });

  it("fails for a changed amount, re-serialised JSON, the key secret instead, or no header", async () => {
    const signature = hmac(WEBHOOK_SECRET, body);
    await expect(verifyWebhookSignature(WEBHOOK_SECRET, body.replace("1599900", "1"), signature)).resolves.toBe(false);
    await expect(verifyWebhookSignature(WEBHOOK_SECRET, JSON.stringify(JSON.parse(body), null, 1), signature)).resolves.toBe(false);
    await expect(verifyWebhookSignature(WEBHOOK_SECRET, body, hmac(KEY_SECRET, body))).resolves.toBe(false);
    await expect(verifyWebhookSignature(WEBHOOK_SECRET, body, null)).resolves.toBe(false);
  });
});

/** A stand-in of Razorpay's API: records what it is sent and answers as Razorpay's documentation shows. */
function razorpayStandIn(answer?: (path: string, body: Record<string, unknown>) => Response) {
  const requests: { url: string; method: string; headers: Headers; body: Record<string, unknown> }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = JSON.parse(String(init?.body ?? "{}"));
    requests.push({ url, method: init?.method ?? "GET", headers: new Headers(init?.headers), body });
    const path = new URL(url).pathname;
    if (answer) return answer(path, body);
    if (path === "/v1/orders") {
      return Response.json({
        id: "order_IluGWxBm9U8zJ8",
        entity: "order",
        amount: body.amount,
        amount_paid: 0,
        amount_due: body.amount,
        currency: "INR",
        receipt: body.receipt,
        status: "created",
        attempts: 0,
        notes: [],
        created_at: 1642662092,
      });
    }
    const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
    if (refund) {
      return Response.json({
        id: "rfnd_FP8QHiV938haTz",
        entity: "refund",
        amount: body.amount,
        receipt: body.receipt,
        currency: "INR",
        payment_id: decodeURIComponent(refund[1]),
        status: "processed",
        speed_processed: "normal",
        created_at: 1597078866,
      });
    }
    return Response.json(
      { error: { code: "BAD_REQUEST_ERROR", description: "The requested URL was not found on the server." } },
      { status: 400 },
    );
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

describe("the Razorpay adapter's requests", () => {
  const config = {
    keyId: "rzp_test_1DP5mmOlF5G5ag",
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    baseUrl: "https://razorpay.stand-in/v1",
  };

  it("creates an Order in paise with our id as the receipt, authenticated with the key pair", async () => {
    const standIn = razorpayStandIn();
    const provider = razorpayProvider({ ...config, fetch: standIn.fetch });
    const order = await provider.createOrder({ amount: 4799700, receipt: "ck_01HZX", notes: { cart: "ck_01HZX" } });
    expect(order).toEqual({ id: "order_IluGWxBm9U8zJ8", amount: 4799700, currency: "INR", receipt: "ck_01HZX" });
    const [request] = standIn.requests;
    expect(request.url).toBe("https://razorpay.stand-in/v1/orders");
    expect(request.method).toBe("POST");
    expect(request.headers.get("authorization")).toBe(`Basic ${Buffer.from(`${config.keyId}:${KEY_SECRET}`).toString("base64")}`);
    expect(request.headers.get("content-type")).toBe("application/json");
    expect(request.body).toEqual({ amount: 4799700, currency: "INR", receipt: "ck_01HZX", notes: { cart: "ck_01HZX" } });
  });

  it("refunds through the Refunds API of the payment", async () => {
    const standIn = razorpayStandIn();
    const provider = razorpayProvider({ ...config, fetch: standIn.fetch });
    const refund = await provider.refund({ paymentId: "pay_29QQoUBi66xm2f", amount: 1599900, receipt: "rf_bk_w1_0001" });
    expect(refund).toEqual({ id: "rfnd_FP8QHiV938haTz", paymentId: "pay_29QQoUBi66xm2f", amount: 1599900, status: "processed" });
    expect(standIn.requests[0].url).toBe("https://razorpay.stand-in/v1/payments/pay_29QQoUBi66xm2f/refund");
    expect(standIn.requests[0].body).toEqual({ amount: 1599900, receipt: "rf_bk_w1_0001", speed: "normal" });
    // Our refund id is the idempotency key: a retry after a lost answer cannot refund twice.
    expect(standIn.requests[0].headers.get("x-refund-idempotency")).toBe("rf_bk_w1_0001");
  });

  it("refuses a refund answer for another payment or another amount", async () => {
    const refundOf = (paymentId: string, amount: number) =>
      razorpayProvider({
        ...config,
        fetch: razorpayStandIn(() =>
          Response.json({ id: "rfnd_1", entity: "refund", amount, receipt: "rf_bk_w1_0001", payment_id: paymentId, status: "processed" }),
        ).fetch,
      }).refund({ paymentId: "pay_29QQoUBi66xm2f", amount: 1599900, receipt: "rf_bk_w1_0001" });
    await expect(refundOf("pay_other", 1599900)).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(refundOf("pay_29QQoUBi66xm2f", 1599800)).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(refundOf("pay_29QQoUBi66xm2f", 1599900)).resolves.toMatchObject({ status: "processed" });
  });

  it("reads a payment's state by GET, and captures an authorized one with its amount and currency", async () => {
    const entity = (status: string, amount = 1599900) => ({
      id: "pay_29QQoUBi66xm2f",
      entity: "payment",
      amount,
      currency: "INR",
      status,
      order_id: "order_IluGWxBm9U8zJ8",
      captured: status === "captured",
    });
    const seen: Request[] = [];
    const answers = [entity("authorized"), entity("captured")];
    const provider = razorpayProvider({
      ...config,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        seen.push(new Request(input, init));
        return Response.json(answers.shift());
      }) as typeof fetch,
    });
    await expect(provider.fetchPayment("pay_29QQoUBi66xm2f", { orderId: "order_x", amount: 1 })).resolves.toEqual({
      id: "pay_29QQoUBi66xm2f",
      orderId: "order_IluGWxBm9U8zJ8",
      amount: 1599900,
      status: "authorized",
    });
    expect([seen[0].method, seen[0].url, await seen[0].text()]).toEqual([
      "GET",
      "https://razorpay.stand-in/v1/payments/pay_29QQoUBi66xm2f",
      "",
    ]);
    await expect(provider.capture({ paymentId: "pay_29QQoUBi66xm2f", amount: 1599900 })).resolves.toMatchObject({ status: "captured" });
    expect([seen[1].method, seen[1].url]).toEqual(["POST", "https://razorpay.stand-in/v1/payments/pay_29QQoUBi66xm2f/capture"]);
    expect(await seen[1].json()).toEqual({ amount: 1599900, currency: "INR" });
  });

  it("reports a refused capture with Razorpay's words, and does not trust a capture of another amount", async () => {
    const refusing = razorpayProvider({
      ...config,
      fetch: (async () =>
        Response.json(
          { error: { code: "BAD_REQUEST_ERROR", description: "This payment has already been captured" } },
          { status: 400 },
        )) as typeof fetch,
    });
    await expect(refusing.capture({ paymentId: "pay_1", amount: 100 })).rejects.toMatchObject({
      name: "PaymentProviderError",
      status: 400,
      message: "This payment has already been captured",
    });
    const lying = razorpayProvider({
      ...config,
      fetch: (async () =>
        Response.json({ id: "pay_1", amount: 99, currency: "INR", status: "captured", order_id: "order_1" })) as typeof fetch,
    });
    await expect(lying.capture({ paymentId: "pay_1", amount: 100 })).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("gives up on a payment's state or capture that does not come in time", async () => {
    const hanging = razorpayProvider({
      ...config,
      timeoutMs: 30,
      fetch: (async (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        })) as typeof fetch,
    });
    await expect(hanging.fetchPayment("pay_1", { orderId: "order_1", amount: 100 })).rejects.toMatchObject({ status: 503 });
    await expect(hanging.capture({ paymentId: "pay_1", amount: 100 })).rejects.toMatchObject({ status: 503 });
  });

  it("gives up on a provider that does not answer in time (the request carries a timeout signal)", async () => {
    let signal: AbortSignal | null | undefined;
    const provider = razorpayProvider({
      ...config,
      timeoutMs: 50,
      fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
        signal = init?.signal;
        return new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        });
      }) as typeof fetch,
    });
    const order = provider.createOrder({ amount: 100, receipt: "r" });
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(signal?.aborted).toBe(false);
    await expect(order).rejects.toBeInstanceOf(PaymentProviderError);
    expect(signal?.aborted).toBe(true);
  });

  it("refuses amounts that are not whole paise before asking, and reports Razorpay's own error text", async () => {
    const standIn = razorpayStandIn();
    const provider = razorpayProvider({ ...config, fetch: standIn.fetch });
    for (const amount of [0, -100, 159.5, Number.NaN]) await expect(provider.createOrder({ amount, receipt: "r" })).rejects.toThrow();
    expect(standIn.requests).toHaveLength(0);

    const failing = razorpayProvider({
      ...config,
      fetch: razorpayStandIn(() =>
        Response.json({ error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } }, { status: 401 }),
      ).fetch,
    });
    await expect(failing.createOrder({ amount: 100, receipt: "r" })).rejects.toEqual(
      new PaymentProviderError("Authentication failed", 401),
    );
  });

  it("reports no answer at all (a network error) as the provider's trouble, for orders and refunds", async () => {
    const down = razorpayProvider({
      ...config,
      fetch: (async () => {
        throw new TypeError("fetch failed");
      }) as typeof globalThis.fetch,
    });
    await expect(down.createOrder({ amount: 100, receipt: "r" })).rejects.toEqual(
      new PaymentProviderError("Razorpay did not answer: fetch failed", 503),
    );
    await expect(down.refund({ paymentId: "pay_1", amount: 100, receipt: "rf_test_0001" })).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("does not trust an Order that differs from the one asked for", async () => {
    const lying = razorpayProvider({
      ...config,
      fetch: razorpayStandIn((_path, body) => Response.json({ id: "order_1", amount: 1, currency: "INR", receipt: body.receipt })).fetch,
    });
    await expect(lying.createOrder({ amount: 100, receipt: "r" })).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe("the test provider", () => {
  it("signs payments and webhooks by Razorpay's scheme, so the production checks accept them", async () => {
    const provider = testProvider({ keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET });
    const order = await provider.createOrder({ amount: 2199900, receipt: "ck_1" });
    const paid = await provider.pay(order.id, order.amount);
    expect(paid.signature).toBe(hmac(KEY_SECRET, `${order.id}|${paid.paymentId}`));
    const rzp = razorpayProvider({ keyId: "k", keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET });
    await expect(rzp.verifyPayment({ orderId: order.id, ...paid })).resolves.toBe(true);
    await expect(provider.verifyPayment({ orderId: "order_other", ...paid })).resolves.toBe(false);

    const body = JSON.stringify({ event: "payment.captured" });
    await expect(rzp.verifyWebhook(body, await provider.signWebhook(body))).resolves.toBe(true);
  });

  it("takes captured, authorized and held payments: only an authorized one can be captured, once", async () => {
    const provider = testProvider({ keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET });
    const order = await provider.createOrder({ amount: 500000, receipt: "ck_2" });
    const expected = { orderId: order.id, amount: order.amount };
    const captured = await provider.pay(order.id, order.amount);
    const authorized = await provider.pay(order.id, order.amount, "authorized");
    const held = await provider.pay(order.id, order.amount, "held");
    expect((await provider.fetchPayment(captured.paymentId, expected)).status).toBe("captured");
    expect((await provider.fetchPayment(authorized.paymentId, expected)).status).toBe("authorized");
    await expect(provider.capture({ paymentId: authorized.paymentId, amount: 499999 })).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(provider.capture({ paymentId: authorized.paymentId, amount: 500000 })).resolves.toMatchObject({ status: "captured" });
    await expect(provider.capture({ paymentId: authorized.paymentId, amount: 500000 })).rejects.toBeInstanceOf(PaymentProviderError);
    expect((await provider.fetchPayment(authorized.paymentId, expected)).status).toBe("captured");
    await expect(provider.capture({ paymentId: held.paymentId, amount: 500000 })).rejects.toBeInstanceOf(PaymentProviderError);
    expect((await provider.fetchPayment(held.paymentId, expected)).status).toBe("authorized");
  });

  it("refunds at once", async () => {
    const provider = testProvider({ keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET });
    await expect(provider.refund({ paymentId: "pay_1", amount: 500, receipt: "rf_test_0001" })).resolves.toMatchObject({
      paymentId: "pay_1",
      amount: 500,
      status: "processed",
    });
  });

  it("refuses a refund receipt Razorpay's adapter would refuse (over 40 characters, or not an idempotency key)", async () => {
    const provider = testProvider({ keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET });
    for (const receipt of ["r".repeat(41), "rf_1", "rf bk 0001 with spaces"])
      await expect(provider.refund({ paymentId: "pay_1", amount: 500, receipt }), receipt).rejects.toThrow();
  });
});

describe("refund ids", () => {
  it("fit the provider's 40-character receipt for a booking made at checkout", async () => {
    const id = refundIdOf(`bk_${crypto.randomUUID()}`);
    expect(id).toMatch(/^rf_bk_[0-9a-f]{32}$/);
    const standIn = razorpayStandIn();
    const provider = razorpayProvider({ keyId: "rzp_test_1", keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, fetch: standIn.fetch });
    await expect(provider.refund({ paymentId: "pay_1", amount: 500, receipt: id })).resolves.toMatchObject({ status: "processed" });
    expect(standIn.requests[0].body.receipt).toBe(id);
  });
});
