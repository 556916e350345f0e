import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app-env";
import { badRequest } from "../errors";
import { developmentOnly, requireUserMiddleware } from "../guard";
import { describeRoute } from "../route-info";
import { done, ok } from "../responses/common";
import { cart, checkout, confirmation, paymentView, providerAnswer, webhookOutcome } from "../responses/payments";
import { validate } from "../validate";
import { findCustomer } from "../../domain/auth/accounts";
import { LIMITS, enforce } from "../../domain/auth/rate-limit";
import { createBookingSchema } from "../../domain/bookings/schemas";
import { todayInIndia } from "../../domain/bookings/transitions";
import { addToCart, listCart, removeFromCart } from "../../domain/payments/cart";
import { reopenCheckout, startCheckout } from "../../domain/payments/checkout";
import { confirmBody, confirmPayment, failureBody, receiveWebhook, recordFailure } from "../../domain/payments/confirm";
import { TEST_PAY_OUTCOMES, payWithTestProvider } from "../../domain/payments/test-checkout";
import { readPaymentAs } from "../../domain/payments/views";

const customerOnly = requireUserMiddleware("user", "Only customer accounts can buy trips");
const now = (c: { var: ApiEnv["Variables"] }) => c.var.now;

/** /api/cart — the traveller's cart, kept on the server (ADR 0029). */
export const cartRoutes = new Hono<ApiEnv>()
  .use(customerOnly)
  .get(
    "/",
    describeRoute({ summary: "The signed-in traveller's cart, priced now", responses: { 200: z.object({ success: ok, data: cart }) } }),
    async (c) => c.json({ success: true, data: await listCart(c.var, c.var.userId, todayInIndia(c.var.now), c.var.now) }),
  )
  .post(
    "/",
    describeRoute({
      summary: "Add a trip to the cart",
      description: "The same request as POST /api/bookings; it is priced and checked now and again at checkout.",
      responses: { 201: done.extend({ data: z.object({ id: z.string() }) }) },
      errors: [404, 409, 422],
    }),
    validate("json", createBookingSchema),
    async (c) => {
      const added = await addToCart(c.var.db, c.var.userId, c.req.valid("json"), c.var.now);
      return c.json({ success: true, data: { id: added.id }, message: `${added.packageName} added to your cart` }, 201);
    },
  )
  .delete(
    "/:id",
    describeRoute({
      summary: "Remove a trip from the cart",
      description: "An id that is not in this traveller's cart is a 404.",
      responses: { 200: done },
      errors: [404],
    }),
    async (c) => {
      await removeFromCart(c.var.db, c.var.userId, c.req.param("id"));
      return c.json({ success: true, message: "Removed from your cart" });
    },
  );

const checkoutBody = z.union([
  z.object({ source: z.literal("cart") }).strict(),
  z.object({ source: z.literal("item"), item: createBookingSchema }),
]);

const testOutcome = z.object({ outcome: z.enum(TEST_PAY_OUTCOMES) });

/**
 * /api/webhooks — the payment provider's webhook, on its own: it carries no session (its signature over the raw
 * body is its credential), so no session guard may sit on its path.
 */
export const webhookRoutes = new Hono<ApiEnv>().post(
  "/payments",
  describeRoute({
    summary: "The payment provider's webhook",
    description:
      "`payment.authorized`, `payment.captured`, `order.paid`, `payment.failed`, `refund.processed`, `refund.failed`; only a captured payment books. `X-Razorpay-Signature` must be the HMAC-SHA256 of the raw body under the webhook secret; each `X-Razorpay-Event-Id` takes effect once.",
    body: { contentType: ["application/json"], description: "The provider's event, verified over its raw bytes" },
    responses: { 200: done.extend({ outcome: webhookOutcome }) },
    errors: [400],
  }),
  async (c) => {
    const raw = await c.req.text().catch(() => null);
    if (raw === null || raw.length > 100_000) throw badRequest("Malformed webhook body");
    const result = await receiveWebhook(
      c.var.db,
      c.var.config,
      raw,
      c.req.header("x-razorpay-signature") ?? null,
      c.req.header("x-razorpay-event-id") ?? null,
      now(c),
    );
    return c.json({ success: true, ...result });
  },
);

/** /api/payments — checkout and the provider's Checkout callbacks. */
export const paymentRoutes = new Hono<ApiEnv>()
  .use(requireUserMiddleware())
  .post(
    "/checkout",
    customerOnly,
    describeRoute({
      summary: "Start paying for the cart, or for one trip (Book Now on a seller's website)",
      description:
        "Prices everything on the server and creates one provider order for the total. No booking exists until the payment is verified.",
      responses: { 201: z.object({ success: ok, data: checkout }) },
      errors: [404, 422, 429, 503],
    }),
    validate("json", checkoutBody),
    async (c) => {
      await enforce(c.var.db, [[LIMITS.checkoutAccount, c.var.userId]]);
      const body = c.req.valid("json");
      const tenant = c.var.tenant;
      const site = tenant.kind === "seller" ? { sellerId: tenant.sellerId, host: tenant.mode === "domain" ? tenant.hostname : null } : null;
      const session = await startCheckout(
        c.var.db,
        c.var.config,
        await findCustomer(c.var.db, c.var.userId),
        body.source === "cart" ? { kind: "cart", site } : { kind: "item", input: body.item, site },
        c.var.now,
      );
      return c.json({ success: true, data: session }, 201);
    },
  )
  .get(
    "/:id",
    describeRoute({
      summary: "One of the signed-in traveller's payments with its bookings",
      responses: { 200: z.object({ success: ok, data: paymentView.nullable().describe("Never null here: an unknown id is a 404") }) },
      errors: [404],
    }),
    async (c) => c.json({ success: true, data: await readPaymentAs(c.var, c.var.userId, c.req.param("id")) }),
  )
  .post(
    "/:id/reopen",
    customerOnly,
    describeRoute({
      summary: "Open an unpaid checkout again (retry after a failed payment)",
      description:
        "Only a payable checkout opens: unpaid, within its 30 minutes, the newest of the cart's checkouts, its trips still on sale at the price it was made with. Otherwise 409 with the reason; the cart is kept.",
      responses: { 200: z.object({ success: ok, data: checkout }) },
      errors: [404, 409, 503],
    }),
    async (c) =>
      c.json({
        success: true,
        data: await reopenCheckout(c.var.db, c.var.config, await findCustomer(c.var.db, c.var.userId), c.req.param("id"), now(c)),
      }),
  )
  .post(
    "/:id/confirm",
    customerOnly,
    describeRoute({
      summary: "Confirm a payment with the provider's Checkout signature",
      description:
        "The signature is checked against the order id we stored, then the provider is asked for the payment's state: only a captured payment books (an authorized one is captured, or awaited: `status: confirming`). Confirming twice, or after the webhook, has one effect. A trip that can no longer be booked as it was paid for (gone, off sale, repriced, its date passed, the checkout stale, the cart already paid) is refunded in full; `refunded` and `message` say which and why.",
      responses: {
        200: done.extend({ data: confirmation }),
      },
      errors: [400, 404, 429, 503],
    }),
    validate("json", confirmBody),
    async (c) => {
      await enforce(c.var.db, [[LIMITS.paymentCallbackAccount, c.var.userId]]);
      const result = await confirmPayment(c.var.db, c.var.config, c.var.userId, c.req.param("id"), c.req.valid("json"), now(c));
      return c.json({ success: true, data: result, message: result.message });
    },
  )
  .post(
    "/:id/failure",
    customerOnly,
    describeRoute({
      summary: "Record that the provider's checkout reported a failed payment",
      responses: { 200: done },
      errors: [404, 429],
    }),
    validate("json", failureBody),
    async (c) => {
      await enforce(c.var.db, [[LIMITS.paymentCallbackAccount, c.var.userId]]);
      await recordFailure(c.var.db, c.var.userId, c.req.param("id"), c.req.valid("json").reason);
      return c.json({ success: true, message: "Payment failed. No booking was made and no money was taken." });
    },
  )
  .post(
    "/:id/test-pay",
    developmentOnly,
    customerOnly,
    describeRoute({
      summary: "The test provider's checkout: pay or fail (development and tests only)",
      description:
        "Answers as Razorpay Checkout's handler would (`razorpay_order_id`, `razorpay_payment_id`, `razorpay_signature`) or with an error, and sends the signed webhooks Razorpay would send. `authorized`: the bank only authorizes the payment, captured later; `held`: authorized and never captured.",
      responses: { 200: z.object({ success: ok, data: providerAnswer }) },
      errors: [404, 409],
    }),
    validate("json", testOutcome),
    async (c) => {
      const { answer, webhook } = await payWithTestProvider(
        c.var.db,
        c.var.config,
        await findCustomer(c.var.db, c.var.userId),
        c.req.param("id"),
        c.req.valid("json").outcome,
        now(c),
      );
      // As Razorpay does, the webhook arrives on its own, around the time the page hears back.
      c.executionCtx.waitUntil(webhook());
      return c.json({ success: true, data: answer });
    },
  );
