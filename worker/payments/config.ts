import type { AppConfig } from "../env";
import { type PaymentProvider, razorpayProvider, testProvider } from "./provider";

export type TestProvider = ReturnType<typeof testProvider>;
export type ConfiguredProvider = { kind: "razorpay"; provider: PaymentProvider } | { kind: "test"; provider: TestProvider };

const cache = new WeakMap<AppConfig, ConfiguredProvider | null>();

/**
 * The payment provider configuration chooses (ADR 0029): Razorpay when its three keys are set; otherwise, and
 * never in production, the built-in test provider when its secrets are set; otherwise none (checkout refuses).
 */
export function paymentProviderOf(config: AppConfig): ConfiguredProvider | null {
  if (cache.has(config)) return cache.get(config) ?? null;
  let chosen: ConfiguredProvider | null = null;
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET) {
    chosen = {
      kind: "razorpay",
      provider: razorpayProvider({
        keyId: config.RAZORPAY_KEY_ID,
        keySecret: config.RAZORPAY_KEY_SECRET,
        webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      }),
    };
  } else if (config.ENVIRONMENT !== "production" && config.TEST_PAYMENTS_KEY_SECRET && config.TEST_PAYMENTS_WEBHOOK_SECRET) {
    chosen = {
      kind: "test",
      provider: testProvider({
        keySecret: config.TEST_PAYMENTS_KEY_SECRET,
        webhookSecret: config.TEST_PAYMENTS_WEBHOOK_SECRET,
        refundFailures: config.TEST_PAYMENTS_REFUND_FAILURES,
      }),
    };
  }
  cache.set(config, chosen);
  return chosen;
}
