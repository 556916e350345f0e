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
  outcome: "success" | "failure",
  now: Date,
): Promise<{ answer: TestPayAnswer; webhook: () => Promise<void>; session: CheckoutSession }> {
  const configured = paymentProviderOf(config);
  if (!configured || configured.kind !== "test") throw notFound("No such API route");
  // A checkout that can no longer be paid (stale, replaced, its trips changed) is refused before any money moves.
  const session = await reopenCheckout(db, config, customer, paymentId, now);
  const paid = outcome === "success" ? await configured.provider.pay(session.orderId) : null;
  const providerPaymentId = paid?.paymentId ?? `pay_test_failed_${crypto.randomUUID().slice(0, 8)}`;
  const event = {
    entity: "event",
    event: paid ? "payment.captured" : "payment.failed",
    payload: {
      payment: {
        entity: {
          id: providerPaymentId,
          entity: "payment",
          order_id: session.orderId,
          amount: session.amount,
          currency: "INR",
          status: paid ? "captured" : "failed",
          error_description: paid ? null : TEST_BANK_DECLINED,
          created_at: Math.floor(now.getTime() / 1000),
        },
      },
    },
    created_at: Math.floor(now.getTime() / 1000),
  };
  const raw = JSON.stringify(event);
  const signature = await configured.provider.signWebhook(raw);
  const webhook = () =>
    receiveWebhook(db, config, raw, signature, `evt_test_${crypto.randomUUID().slice(0, 12)}`, now)
      .then(() => undefined)
      .catch((error) => console.warn("test webhook not delivered", error));
  const answer: TestPayAnswer = paid
    ? { razorpay_order_id: session.orderId, razorpay_payment_id: paid.paymentId, razorpay_signature: paid.signature }
    : { error: { code: "BAD_REQUEST_ERROR", description: TEST_BANK_DECLINED } };
  return { answer, webhook, session };
}
