import { z } from "zod";
import { paymentMessage, sign, verifyPaymentSignature, verifyWebhookSignature } from "./signature";

/**
 * What checkout needs from a payment provider (ADR 0029). Amounts are integer paise; the only currency is INR.
 * Two implementations: Razorpay over its REST API (by fetch, no SDK) and a built-in test provider for
 * development and tests, which signs with Razorpay's scheme so both share one verification path.
 */
export type PaymentOrder = { id: string; amount: number; currency: "INR"; receipt: string };
export type ProviderRefund = { id: string; paymentId: string; amount: number; status: "pending" | "processed" | "failed" };
/** Razorpay's payment states: only `captured` is money we hold (ADR 0043). */
export const PROVIDER_PAYMENT_STATUSES = ["created", "authorized", "captured", "failed", "refunded"] as const;
export type ProviderPayment = { id: string; orderId: string; amount: number; status: (typeof PROVIDER_PAYMENT_STATUSES)[number] };

export interface PaymentProvider {
  readonly name: "razorpay" | "test";
  /** The public key the checkout page opens with (Razorpay's key id; the test provider's name). */
  readonly publicKey: string;
  createOrder(input: { amount: number; receipt: string; notes?: Record<string, string> }): Promise<PaymentOrder>;
  /** A Checkout callback, checked against the order id we stored. */
  verifyPayment(input: { orderId: string; paymentId: string; signature: string }): Promise<boolean>;
  /** A webhook, checked against its raw body. */
  verifyWebhook(rawBody: string, signature: string | null): Promise<boolean>;
  refund(input: { paymentId: string; amount: number; receipt: string }): Promise<ProviderRefund>;
  /**
   * A payment's state as the provider holds it now (GET /v1/payments/:id). `expected` is the order and amount we
   * stored, for the caller to compare with the answer; Razorpay ignores it, and only the test provider, which
   * keeps no records past its isolate, answers with it for a signed payment it does not know.
   */
  fetchPayment(paymentId: string, expected: { orderId: string; amount: number }): Promise<ProviderPayment>;
  /** Captures an authorized payment in full (POST /v1/payments/:id/capture); answers the payment as it then is. */
  capture(input: { paymentId: string; amount: number }): Promise<ProviderPayment>;
}

/** The provider answered with an error or something we cannot read; nothing was recorded on our side. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

/** Paise: a positive whole number within what Razorpay accepts for one order (₹5 crore). */
export const paise = z.number().int().positive().max(50_000_000_00);

// Razorpay's receipt is at most 40 characters.
const receipt = z.string().min(1).max(40);
// A refund's receipt is also its idempotency key (X-Refund-Idempotency: at least 10 letters, digits, - or _).
const refundReceipt = z.string().regex(/^[A-Za-z0-9_-]{10,40}$/, "A refund receipt is 10 to 40 letters, digits, - or _");

const orderShape = z.object({ id: z.string().min(1), amount: paise, currency: z.literal("INR"), receipt });
const refundShape = z.object({
  id: z.string().min(1),
  payment_id: z.string().min(1),
  amount: paise,
  status: z.enum(["pending", "processed", "failed"]),
});
const paymentShape = z.object({
  id: z.string().min(1),
  order_id: z.string().min(1),
  amount: paise,
  currency: z.literal("INR"),
  status: z.enum(PROVIDER_PAYMENT_STATUSES),
});
const paymentOf = (p: z.infer<typeof paymentShape>): ProviderPayment => ({
  id: p.id,
  orderId: p.order_id,
  amount: p.amount,
  status: p.status,
});
const errorShape = z.object({ error: z.object({ description: z.string() }) });

export type RazorpayConfig = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Razorpay's API; a local stand-in in tests. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** How long one call may take; PROVIDER_TIMEOUT_MS unless a test says otherwise. */
  timeoutMs?: number;
};

export const RAZORPAY_API = "https://api.razorpay.com/v1";

/** How long one call to Razorpay may take before it counts as no answer. */
export const PROVIDER_TIMEOUT_MS = 15_000;

/** Razorpay by its REST API: Orders, Refunds, Checkout signatures and webhooks (HTTP Basic with the key pair). */
export function razorpayProvider(config: RazorpayConfig): PaymentProvider {
  const base = (config.baseUrl ?? RAZORPAY_API).replace(/\/$/, "");
  const send = config.fetch ?? fetch;
  const authorization = `Basic ${btoa(`${config.keyId}:${config.keySecret}`)}`;

  async function call<T>(path: string, body: unknown, shape: z.ZodType<T>, headers: Record<string, string> = {}): Promise<T> {
    let res: Response;
    try {
      res = await send(`${base}${path}`, {
        ...(body === undefined
          ? { method: "GET", headers: { authorization, ...headers } }
          : { method: "POST", headers: { authorization, "content-type": "application/json", ...headers }, body: JSON.stringify(body) }),
        // A provider that hangs must not hold a checkout or a seller's answer: give up and say so.
        signal: AbortSignal.timeout(config.timeoutMs ?? PROVIDER_TIMEOUT_MS),
      });
    } catch (error) {
      // No answer at all (DNS, connection refused or reset): the provider is down, not our request wrong.
      throw new PaymentProviderError(`Razorpay did not answer: ${error instanceof Error ? error.message : String(error)}`, 503);
    }
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const error = errorShape.safeParse(json);
      throw new PaymentProviderError(error.success ? error.data.error.description : `Razorpay answered ${res.status}`, res.status);
    }
    const parsed = shape.safeParse(json);
    if (!parsed.success) throw new PaymentProviderError("Razorpay answered in a shape we do not know", 502);
    return parsed.data;
  }

  return {
    name: "razorpay",
    publicKey: config.keyId,
    async createOrder(input) {
      const order = await call(
        "/orders",
        { amount: paise.parse(input.amount), currency: "INR", receipt: receipt.parse(input.receipt), notes: input.notes ?? {} },
        orderShape,
      );
      if (order.amount !== input.amount || order.receipt !== input.receipt) {
        throw new PaymentProviderError("Razorpay created an order that does not match the request", 502);
      }
      return order;
    },
    verifyPayment: (input) => verifyPaymentSignature(config.keySecret, input),
    verifyWebhook: (rawBody, signature) => verifyWebhookSignature(config.webhookSecret, rawBody, signature),
    async refund(input) {
      // Asked again after an answer that never came (the scheduled retry), Razorpay must not refund twice: the
      // same body under the same idempotency key (our refund id) answers with the refund it already made.
      const key = refundReceipt.parse(input.receipt);
      const refund = await call(
        `/payments/${encodeURIComponent(input.paymentId)}/refund`,
        { amount: paise.parse(input.amount), receipt: key, speed: "normal" },
        refundShape,
        { "x-refund-idempotency": key },
      );
      if (refund.payment_id !== input.paymentId || refund.amount !== input.amount) {
        throw new PaymentProviderError("Razorpay made a refund that does not match the request", 502);
      }
      return { id: refund.id, paymentId: refund.payment_id, amount: refund.amount, status: refund.status };
    },
    async fetchPayment(paymentId) {
      const payment = await call(`/payments/${encodeURIComponent(paymentId)}`, undefined, paymentShape);
      if (payment.id !== paymentId) throw new PaymentProviderError("Razorpay answered with another payment", 502);
      return paymentOf(payment);
    },
    async capture(input) {
      const payment = await call(
        `/payments/${encodeURIComponent(input.paymentId)}/capture`,
        { amount: paise.parse(input.amount), currency: "INR" },
        paymentShape,
      );
      if (payment.id !== input.paymentId || payment.amount !== input.amount) {
        throw new PaymentProviderError("Razorpay captured a payment that does not match the request", 502);
      }
      return paymentOf(payment);
    },
  };
}

/**
 * How the test provider's "customer" pays: `captured` at once (as with Razorpay's automatic capture), `authorized`
 * and captured when asked, or `held`: authorized, but every capture is refused, so it is never captured.
 */
export const TEST_PAYMENT_KINDS = ["captured", "authorized", "held"] as const;
export type TestPaymentKind = (typeof TEST_PAYMENT_KINDS)[number];
export const TEST_CAPTURE_REFUSED = "The test bank refuses to capture this payment";

/**
 * The built-in test provider: orders and refunds are made on the spot (refunds are processed at once), and it
 * signs payments and webhooks with its secrets by Razorpay's scheme, so they are verified exactly as Razorpay's are.
 */
export function testProvider(config: {
  keySecret: string;
  webhookSecret: string;
  newId?: (prefix: string) => string;
  /** How many refunds it refuses (as Razorpay does, a 400 with a reason) before it makes them. */
  refundFailures?: number;
}) {
  let refusalsLeft = config.refundFailures ?? 0;
  // The payments it took, as Razorpay keeps them: in memory, like the refusals above (a restart forgets them).
  const taken = new Map<string, ProviderPayment & { kind: TestPaymentKind }>();
  const known = (paymentId: string) => {
    const payment = taken.get(paymentId);
    if (!payment) throw new PaymentProviderError("The id provided does not exist", 400);
    return payment;
  };
  const newId = config.newId ?? ((prefix: string) => `${prefix}_test_${crypto.randomUUID().replace(/-/g, "").slice(0, 14)}`);
  const provider: PaymentProvider & {
    /** What the test checkout page hands back on "success": a payment id and its signature. */
    pay(orderId: string, amount: number, kind?: TestPaymentKind): Promise<{ paymentId: string; signature: string }>;
    /** Signs a webhook body as Razorpay would. */
    signWebhook(rawBody: string): Promise<string>;
  } = {
    name: "test",
    publicKey: "test",
    async createOrder(input) {
      return { id: newId("order"), amount: paise.parse(input.amount), currency: "INR", receipt: receipt.parse(input.receipt) };
    },
    verifyPayment: (input) => verifyPaymentSignature(config.keySecret, input),
    verifyWebhook: (rawBody, signature) => verifyWebhookSignature(config.webhookSecret, rawBody, signature),
    async refund(input) {
      // The same limits as Razorpay's adapter, so what Razorpay would refuse fails with this provider too.
      refundReceipt.parse(input.receipt);
      if (refusalsLeft > 0) {
        refusalsLeft--;
        throw new PaymentProviderError("The test provider refused this refund", 400);
      }
      return { id: newId("rfnd"), paymentId: input.paymentId, amount: paise.parse(input.amount), status: "processed" };
    },
    async fetchPayment(paymentId, expected) {
      // A payment signed with our key secret that this isolate did not take (a restarted dev server, a test that
      // signs its own callback) is taken as captured, as the test provider always did before ADR 0043.
      const payment = taken.get(paymentId);
      if (!payment) return { id: paymentId, orderId: expected.orderId, amount: expected.amount, status: "captured" };
      const { kind: _, ...state } = payment;
      return state;
    },
    async capture(input) {
      const payment = known(input.paymentId);
      if (payment.status === "captured") throw new PaymentProviderError("This payment has already been captured", 400);
      if (payment.kind === "held" || payment.status !== "authorized") throw new PaymentProviderError(TEST_CAPTURE_REFUSED, 400);
      if (input.amount !== payment.amount) throw new PaymentProviderError("Capture amount must be equal to the amount authorized", 400);
      payment.status = "captured";
      const { kind: _, ...captured } = payment;
      return captured;
    },
    async pay(orderId, amount, kind = "captured") {
      const paymentId = newId("pay");
      taken.set(paymentId, {
        id: paymentId,
        orderId,
        amount: paise.parse(amount),
        status: kind === "captured" ? "captured" : "authorized",
        kind,
      });
      return { paymentId, signature: await sign(config.keySecret, paymentMessage(orderId, paymentId)) };
    },
    signWebhook: (rawBody) => sign(config.webhookSecret, rawBody),
  };
  return provider;
}
