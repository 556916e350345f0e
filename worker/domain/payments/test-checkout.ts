import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { paymentProviderOf } from "../../payments/config";
import { notFound } from "../errors";
import { type CheckoutSession, reopenCheckout } from "./checkout";
import { receiveWebhook } from "./confirm";

export const TEST_BANK_DECLINED = "Payment declined by the test bank";

/** What Razorpay Checkout's handler hands the page on success. */
export type ProviderSuccess = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
export type TestPayAnswer = ProviderSuccess | { error: { code: string; description: string } };

/**
 * What the tester does in the test checkout: pay (captured at once), decline, or pay with a card the bank only
 * authorizes: `authorized` is captured later (by our API call, or the provider's own capture), `held` never is.
 */
export const TEST_PAY_OUTCOMES = ["success", "failure", "authorized", "held"] as const;
export type TestPayOutcome = (typeof TEST_PAY_OUTCOMES)[number];

type Customer = { id: string; name: string; email: string; phone: string | null };

/**
 * The test provider's checkout page (development and tests only): the tester pays or declines an open checkout.
 * The answer is what Razorpay Checkout would hand the page (signed with its scheme, or an error); `webhook` is the
 * signed event Razorpay would send on its own, for the caller to deliver after its answer (`waitUntil`).
 * Not found unless the test provider is the one configured.
 */
export async function payWithTestProvider(
  db: Db,
  config: AppConfig,
  customer: Customer,
  paymentId: string,
  outcome: TestPayOutcome,
  now: Date,
): Promise<{ answer: TestPayAnswer; webhook: () => Promise<void>; session: CheckoutSession }> {
  const configured = paymentProviderOf(config);
  if (!configured || configured.kind !== "test") throw notFound("No such API route");
  // A checkout that can no longer be paid (stale, replaced, its trips changed) is refused before any money moves.
  const session = await reopenCheckout(db, config, customer, paymentId, now);
  const provider = configured.provider;
  const kind = outcome === "success" ? "captured" : outcome === "failure" ? null : outcome;
  const paid = kind ? await provider.pay(session.orderId, session.amount, kind) : null;
  const providerPaymentId = paid?.paymentId ?? `pay_test_failed_${crypto.randomUUID().slice(0, 8)}`;
  const at = Math.floor(now.getTime() / 1000);
  const eventOf = (name: string, status: string) =>
    JSON.stringify({
      entity: "event",
      event: name,
      payload: {
        payment: {
          entity: {
            id: providerPaymentId,
            entity: "payment",
            order_id: session.orderId,
            amount: session.amount,
            currency: "INR",
            status,
            error_description: paid ? null : TEST_BANK_DECLINED,
            created_at: at,
          },
        },
        ...(name === "order.paid"
          ? { order: { entity: { id: session.orderId, entity: "order", amount: session.amount, status: "paid" } } }
          : {}),
      },
      created_at: at,
    });
  const deliver = async (raw: string) =>
    receiveWebhook(db, config, raw, await provider.signWebhook(raw), `evt_test_${crypto.randomUUID().slice(0, 12)}`, now);
  // The events Razorpay would send on its own: a declined payment fails; an authorized one is announced, and (as
  // Razorpay's automatic capture does) captured by the provider a moment later, unless the bank holds it.
  const webhook = async () => {
    try {
      if (!paid) return void (await deliver(eventOf("payment.failed", "failed")));
      if (kind !== "captured") await deliver(eventOf("payment.authorized", "authorized"));
      if (kind === "held") return;
      if (kind === "authorized") await provider.capture({ paymentId: paid.paymentId, amount: session.amount }).catch(() => undefined);
      await deliver(eventOf("payment.captured", "captured"));
      if (kind === "authorized") await deliver(eventOf("order.paid", "captured"));
    } catch (error) {
      console.warn("test webhook not delivered", error);
    }
  };
  const answer: TestPayAnswer = paid
    ? { razorpay_order_id: session.orderId, razorpay_payment_id: paid.paymentId, razorpay_signature: paid.signature }
    : { error: { code: "BAD_REQUEST_ERROR", description: TEST_BANK_DECLINED } };
  return { answer, webhook, session };
}
