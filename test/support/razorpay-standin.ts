/**
 * A local stand-in of Razorpay's REST API for the Worker's outbound fetches (Miniflare's outboundService), so the
 * real Razorpay adapter runs end to end and nothing leaves the machine. It answers what Razorpay documents:
 * - POST /v1/orders (HTTP Basic with key id:secret; JSON `amount` in integer paise, `currency` INR, `receipt` of at
 *   most 40 characters, optional `notes`) with an Order entity in status "created";
 * - POST /v1/payments/:id/refund (JSON `amount`, `receipt`, `speed`) with a Refund entity, "processed" or "pending",
 *   refusing more than what is left of the captured payment;
 * - GET /v1/payments/:id with the Payment entity (status "authorized" or "captured");
 * - POST /v1/payments/:id/capture (JSON `amount` equal to the authorized amount, `currency`) capturing an authorized
 *   payment, refusing one already captured, or (a payment paid with `hold`) every capture;
 * - errors as `{ error: { code, description, … } }` with 400, 401 or 404.
 * What Checkout does in the customer's browser (paying an order) is `pay`; the events Razorpay would send are
 * built by `paymentAuthorizedEvent`, `paymentCapturedEvent`, `orderPaidEvent` and `refundProcessedEvent` from its
 * own records (the test signs them). `capture` is Razorpay capturing on its own (the dashboard, automatic capture).
 * Every request is recorded with its exact URL, method, headers and body.
 */

export const RAZORPAY_ORIGIN = "https://api.razorpay.com";

export type RecordedRequest = {
  url: string;
  method: string;
  authorization: string | null;
  contentType: string | null;
  /** `X-Refund-Idempotency`, Razorpay's idempotency key for refunds. */
  idempotencyKey: string | null;
  rawBody: string;
  /** The body as JSON; undefined when it was not JSON. */
  body: any;
  /** What the stand-in did: answered with a status, or was "down". */
  answered: number | "network-error";
};

type Order = { id: string; amount: number; currency: string; receipt: string; notes: Record<string, string>; status: string };
type Payment = {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  refunded: number;
  status: "authorized" | "captured";
  /** The bank refuses every capture: authorized, never captured (Razorpay releases it after a few days). */
  held: boolean;
};
type Refund = {
  id: string;
  paymentId: string;
  amount: number;
  receipt: string | null;
  status: "pending" | "processed" | "failed";
  speed: string;
};

/**
 * How the stand-in is "down": a 500 with Razorpay's error shape, an HTML 503 of a gateway, no answer at all, or
 * the request is carried out but its answer never arrives ("answer-lost").
 */
export type Outage = "500" | "gateway-503" | "network-error" | "answer-lost";

const randomId = (prefix: string) =>
  `${prefix}_${Array.from(crypto.getRandomValues(new Uint8Array(14)), (b) => "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"[b % 62]).join("")}`;

const razorpayError = (status: number, code: string, description: string, field?: string) =>
  Response.json(
    {
      error: { code, description, source: "business", step: "payment_initiation", reason: "input_validation_failed", metadata: {}, field },
    },
    { status },
  );

const isPaise = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);

export function razorpayStandIn(keys: { keyId: string; keySecret: string }) {
  const requests: RecordedRequest[] = [];
  const orders = new Map<string, Order>();
  const payments = new Map<string, Payment>();
  const refunds = new Map<string, Refund>();
  /** Refunds by idempotency key, with the request they answered (Razorpay's X-Refund-Idempotency). */
  const idempotent = new Map<string, { request: string; refundId: string }>();
  let outage: Outage | null = null;
  let refundStatus: Refund["status"] = "processed";
  /** Refund requests still to be refused (400 with `refusal`), then they are made again. */
  let refusals = { left: 0, reason: "" };
  const basic = (k: { keyId: string; keySecret: string }) => `Basic ${Buffer.from(`${k.keyId}:${k.keySecret}`).toString("base64")}`;
  let expectedAuthorization = basic(keys);

  function createOrder(body: any): Response {
    if (!isPaise(body.amount)) return razorpayError(400, "BAD_REQUEST_ERROR", "The amount must be an integer.", "amount");
    if (body.amount < 100) return razorpayError(400, "BAD_REQUEST_ERROR", "The amount must be atleast INR 1.00", "amount");
    if (body.currency !== "INR") return razorpayError(400, "BAD_REQUEST_ERROR", "Currency is not supported", "currency");
    if (body.receipt !== undefined && (typeof body.receipt !== "string" || body.receipt.length > 40))
      return razorpayError(400, "BAD_REQUEST_ERROR", "The receipt may not be greater than 40 characters.", "receipt");
    const notes = body.notes ?? {};
    if (typeof notes !== "object" || Array.isArray(notes) || Object.keys(notes).length > 15)
      return razorpayError(400, "BAD_REQUEST_ERROR", "notes should be an array or object of at most 15 items", "notes");
    const order: Order = { id: randomId("order"), amount: body.amount, currency: "INR", receipt: body.receipt, notes, status: "created" };
    orders.set(order.id, order);
    return Response.json({
      id: order.id,
      entity: "order",
      amount: order.amount,
      amount_paid: 0,
      amount_due: order.amount,
      currency: order.currency,
      receipt: order.receipt,
      offer_id: null,
      status: order.status,
      attempts: 0,
      notes: order.notes,
      created_at: Math.floor(Date.now() / 1000),
    });
  }

  function createRefund(paymentId: string, body: any, idempotencyKey: string | null): Response {
    if (idempotencyKey !== null) {
      if (!/^[A-Za-z0-9_-]{10,}$/.test(idempotencyKey))
        return razorpayError(400, "BAD_REQUEST_ERROR", "The idempotency key must be at least 10 characters of letters, digits, - and _.");
      const request = JSON.stringify([paymentId, body.amount, body.receipt, body.speed, body.notes]);
      const seen = idempotent.get(idempotencyKey);
      if (seen && seen.request !== request)
        return razorpayError(400, "BAD_REQUEST_ERROR", "Different request with the same idempotency key has already been processed.");
      if (seen) return Response.json(refundEntity(refunds.get(seen.refundId) as Refund));
      const answer = createRefund(paymentId, body, null);
      if (answer.ok) idempotent.set(idempotencyKey, { request, refundId: [...refunds.keys()].at(-1) as string });
      return answer;
    }
    const payment = payments.get(paymentId);
    if (!payment) return razorpayError(400, "BAD_REQUEST_ERROR", "The id provided does not exist");
    if (payment.status !== "captured") return razorpayError(400, "BAD_REQUEST_ERROR", "The payment has not been captured");
    if (refusals.left > 0) {
      refusals.left--;
      return razorpayError(400, "BAD_REQUEST_ERROR", refusals.reason);
    }
    const amount = body.amount ?? payment.amount - payment.refunded;
    if (!isPaise(amount) || amount < 100) return razorpayError(400, "BAD_REQUEST_ERROR", "The amount must be atleast INR 1.00", "amount");
    if (amount > payment.amount - payment.refunded)
      return razorpayError(400, "BAD_REQUEST_ERROR", "The refund amount provided is greater than amount captured", "amount");
    if (body.speed !== undefined && body.speed !== "normal" && body.speed !== "optimum")
      return razorpayError(400, "BAD_REQUEST_ERROR", "The selected speed is invalid.", "speed");
    payment.refunded += amount;
    const refund: Refund = {
      id: randomId("rfnd"),
      paymentId,
      amount,
      receipt: body.receipt ?? null,
      status: refundStatus,
      speed: body.speed ?? "normal",
    };
    refunds.set(refund.id, refund);
    return Response.json(refundEntity(refund));
  }

  function capturePayment(paymentId: string, body: any): Response {
    const payment = payments.get(paymentId);
    if (!payment) return razorpayError(400, "BAD_REQUEST_ERROR", "The id provided does not exist");
    if (payment.status === "captured") return razorpayError(400, "BAD_REQUEST_ERROR", "This payment has already been captured");
    if (body.amount !== payment.amount)
      return razorpayError(400, "BAD_REQUEST_ERROR", "Capture amount must be equal to the amount authorized", "amount");
    if (body.currency !== payment.currency) return razorpayError(400, "BAD_REQUEST_ERROR", "Currency is not supported", "currency");
    if (payment.held) return razorpayError(400, "BAD_REQUEST_ERROR", "Payment capture failed: the authorization was declined by the bank");
    payment.status = "captured";
    return Response.json(paymentEntity(payment));
  }

  function refundEntity(refund: Refund) {
    return {
      id: refund.id,
      entity: "refund",
      amount: refund.amount,
      currency: "INR",
      payment_id: refund.paymentId,
      notes: {},
      receipt: refund.receipt,
      acquirer_data: { arn: null },
      created_at: Math.floor(Date.now() / 1000),
      batch_id: null,
      status: refund.status,
      speed_processed: refund.speed,
      speed_requested: refund.speed,
    };
  }

  function paymentEntity(payment: Payment) {
    return {
      id: payment.id,
      entity: "payment",
      amount: payment.amount,
      currency: payment.currency,
      status: payment.status,
      order_id: payment.orderId,
      invoice_id: null,
      international: false,
      method: "upi",
      amount_refunded: payment.refunded,
      refund_status: payment.refunded === 0 ? null : payment.refunded === payment.amount ? "full" : "partial",
      captured: payment.status === "captured",
      description: null,
      email: "gaurav.kumar@example.com",
      contact: "+919000090000",
      error_code: null,
      error_description: null,
      created_at: Math.floor(Date.now() / 1000),
    };
  }

  /** Miniflare's outboundService: every fetch the Worker makes arrives here. */
  async function outbound(request: Request): Promise<Response> {
    const rawBody = await request.text();
    let body: any;
    try {
      body = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      body = undefined;
    }
    const record: RecordedRequest = {
      url: request.url,
      method: request.method,
      authorization: request.headers.get("authorization"),
      contentType: request.headers.get("content-type"),
      idempotencyKey: request.headers.get("x-refund-idempotency"),
      rawBody,
      body,
      answered: 0,
    };
    requests.push(record);
    const response = answer(new URL(request.url), request.method, record);
    if (response === "network-error") {
      record.answered = "network-error";
      // What Node's fetch throws when nothing listens; Miniflare hands the Worker a bare 500 in its place.
      throw new TypeError("fetch failed: connect ECONNREFUSED api.razorpay.com:443");
    }
    record.answered = response.status;
    return response;
  }

  function answer(url: URL, method: string, record: RecordedRequest): Response | "network-error" {
    if (url.origin !== RAZORPAY_ORIGIN) return new Response(`The stand-in knows only ${RAZORPAY_ORIGIN}`, { status: 502 });
    if (outage === "network-error") return "network-error";
    if (outage === "500") return razorpayError(500, "SERVER_ERROR", "We are facing some trouble completing your request at the moment.");
    if (outage === "gateway-503")
      return new Response("<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>", {
        status: 503,
        headers: { "content-type": "text/html" },
      });
    const done = handle(url, method, record);
    // Carried out at Razorpay, but the connection drops before the answer reaches us.
    return outage === "answer-lost" && done.ok ? "network-error" : done;
  }

  function handle(url: URL, method: string, record: RecordedRequest): Response {
    if (record.authorization !== expectedAuthorization) return razorpayError(401, "BAD_REQUEST_ERROR", "Authentication failed");
    const read = /^\/v1\/payments\/([^/]+)$/.exec(url.pathname);
    if (read && method === "GET") {
      const payment = payments.get(decodeURIComponent(read[1]));
      return payment ? Response.json(paymentEntity(payment)) : razorpayError(400, "BAD_REQUEST_ERROR", "The id provided does not exist");
    }
    if (method !== "POST") return razorpayError(404, "BAD_REQUEST_ERROR", "The requested URL was not found on the server.");
    if (!record.contentType?.startsWith("application/json") || typeof record.body !== "object" || record.body === null)
      return razorpayError(400, "BAD_REQUEST_ERROR", "The request body is not valid JSON.");
    if (url.pathname === "/v1/orders") return createOrder(record.body);
    const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url.pathname);
    if (refund) return createRefund(decodeURIComponent(refund[1]), record.body, record.idempotencyKey);
    const capture = /^\/v1\/payments\/([^/]+)\/capture$/.exec(url.pathname);
    if (capture) return capturePayment(decodeURIComponent(capture[1]), record.body);
    return razorpayError(404, "BAD_REQUEST_ERROR", "The requested URL was not found on the server.");
  }

  return {
    outbound,
    requests,
    orders,
    payments,
    refunds,
    /** Requests to one path of the API, e.g. "/v1/orders". */
    requestsTo: (pathPattern: RegExp) => requests.filter((r) => pathPattern.test(new URL(r.url).pathname)),
    down(kind: Outage) {
      outage = kind;
    },
    up() {
      outage = null;
    },
    /** The key pair the account accepts (another secret stands for keys that were rotated or mistyped). */
    acceptKeys(next: { keyId: string; keySecret: string }) {
      expectedAuthorization = basic(next);
    },
    /** The next `times` refund requests are refused with Razorpay's 400 and `reason`; later ones are made. */
    refuseRefunds(times: number, reason = "Refund could not be processed due to insufficient balance in the merchant account") {
      refusals = { left: times, reason };
    },
    /** What the next refunds answer: "processed" at once, or "pending" until `refund.processed`. */
    answerRefundsAs(status: Refund["status"]) {
      refundStatus = status;
    },
    /**
     * The customer pays the order in Checkout: a payment of the order's amount, captured at once (the account's
     * automatic capture), or only `authorized` (manual capture: captured when the API or `capture` asks), or
     * `held` (authorized, and every capture refused).
     */
    pay(orderId: string, as: "captured" | "authorized" | "held" = "captured") {
      const order = orders.get(orderId);
      if (!order) throw new Error(`the stand-in has no order ${orderId}`);
      const payment: Payment = {
        id: randomId("pay"),
        orderId,
        amount: order.amount,
        currency: order.currency,
        refunded: 0,
        status: as === "captured" ? "captured" : "authorized",
        held: as === "held",
      };
      payments.set(payment.id, payment);
      order.status = as === "captured" ? "paid" : "attempted";
      return payment.id;
    },
    /** Razorpay captures an authorized payment on its own (the dashboard, or automatic capture after a delay). */
    capture(paymentId: string) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`the stand-in has no payment ${paymentId}`);
      if (payment.held) throw new Error(`payment ${paymentId} is held: it is never captured`);
      payment.status = "captured";
      (orders.get(payment.orderId) as Order).status = "paid";
    },
    /** Razorpay's `payment.authorized` event, as a raw body (the payment as it was authorized). */
    paymentAuthorizedEvent(paymentId: string) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`the stand-in has no payment ${paymentId}`);
      return JSON.stringify({
        entity: "event",
        account_id: "acc_BFQ7uQEaa7j2z7",
        event: "payment.authorized",
        contains: ["payment"],
        payload: { payment: { entity: { ...paymentEntity(payment), status: "authorized", captured: false } } },
        created_at: Math.floor(Date.now() / 1000),
      });
    },
    /** Razorpay's `order.paid` event for a captured payment: the payment and its order, as a raw body. */
    orderPaidEvent(paymentId: string) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`the stand-in has no payment ${paymentId}`);
      const order = orders.get(payment.orderId) as Order;
      return JSON.stringify({
        entity: "event",
        account_id: "acc_BFQ7uQEaa7j2z7",
        event: "order.paid",
        contains: ["payment", "order"],
        payload: {
          payment: { entity: paymentEntity(payment) },
          order: {
            entity: {
              id: order.id,
              entity: "order",
              amount: order.amount,
              amount_paid: order.amount,
              amount_due: 0,
              currency: order.currency,
              receipt: order.receipt,
              status: "paid",
              attempts: 1,
              notes: order.notes,
              created_at: Math.floor(Date.now() / 1000),
            },
          },
        },
        created_at: Math.floor(Date.now() / 1000),
      });
    },
    /** Razorpay's `payment.captured` event for a payment, as a raw body. */
    paymentCapturedEvent(paymentId: string) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`the stand-in has no payment ${paymentId}`);
      return JSON.stringify({
        entity: "event",
        account_id: "acc_BFQ7uQEaa7j2z7",
        event: "payment.captured",
        contains: ["payment"],
        payload: { payment: { entity: paymentEntity(payment) } },
        created_at: Math.floor(Date.now() / 1000),
      });
    },
    /** Razorpay settles a pending refund and sends `refund.processed`, as a raw body. */
    refundProcessedEvent(refundId: string) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`the stand-in has no refund ${refundId}`);
      refund.status = "processed";
      const payment = payments.get(refund.paymentId) as Payment;
      return JSON.stringify({
        entity: "event",
        account_id: "acc_BFQ7uQEaa7j2z7",
        event: "refund.processed",
        contains: ["refund", "payment"],
        payload: { refund: { entity: refundEntity(refund) }, payment: { entity: paymentEntity(payment) } },
        created_at: Math.floor(Date.now() / 1000),
      });
    },
    /** A pending refund fails at the bank: its amount is refundable again and Razorpay sends `refund.failed`. */
    refundFailedEvent(refundId: string) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`the stand-in has no refund ${refundId}`);
      refund.status = "failed";
      const payment = payments.get(refund.paymentId) as Payment;
      payment.refunded -= refund.amount;
      return JSON.stringify({
        entity: "event",
        account_id: "acc_BFQ7uQEaa7j2z7",
        event: "refund.failed",
        contains: ["refund", "payment"],
        payload: { refund: { entity: refundEntity(refund) }, payment: { entity: paymentEntity(payment) } },
        created_at: Math.floor(Date.now() / 1000),
      });
    },
  };
}

export type RazorpayStandIn = ReturnType<typeof razorpayStandIn>;
