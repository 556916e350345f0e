import type { CheckoutSession } from "@worker/domain/payments/checkout";

/** What the provider's checkout hands back on success (Razorpay Checkout's handler argument). */
export type ProviderSuccess = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
export type ProviderResult = { kind: "paid"; response: ProviderSuccess } | { kind: "failed"; reason: string } | { kind: "dismissed" };

/** Razorpay's Checkout script; the page CSP allows this origin (worker/security-headers.ts). */
export const RAZORPAY_CHECKOUT_JS = "https://checkout.razorpay.com/v1/checkout.js";

type RazorpayInstance = { open(): void; on(event: "payment.failed", cb: (r: { error?: { description?: string } }) => void): void };
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

let loading: Promise<RazorpayConstructor> | null = null;

function loadCheckout(): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = RAZORPAY_CHECKOUT_JS;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error("Razorpay Checkout did not load"));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error("Razorpay Checkout could not be reached"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Opens Razorpay Checkout for the server's order; resolves with what its handler (or failure event) reports. */
export async function openRazorpay(session: CheckoutSession): Promise<ProviderResult> {
  const Razorpay = await loadCheckout();
  return new Promise<ProviderResult>((resolve) => {
    let settled = false;
    let lastFailure: string | null = null;
    const done = (r: ProviderResult) => {
      if (!settled) {
        settled = true;
        resolve(r);
      }
    };
    const checkout = new Razorpay({
      key: session.key,
      order_id: session.orderId,
      amount: session.amount,
      currency: session.currency,
      name: "Tripbazaar",
      description: session.items
        .map((i) => i.packageName)
        .join(", ")
        .slice(0, 250),
      prefill: session.prefill,
      // The checkout is payable for 30 minutes (ADR 0035): Checkout closes itself when it ends.
      timeout: Math.max(60, Math.floor((Date.parse(session.expiresAt) - Date.now()) / 1000)),
      handler: (response: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }) =>
        done({ kind: "paid", response }),
      // A failed attempt keeps Checkout open for another try; closing it after one reports the failure.
      modal: { ondismiss: () => done(lastFailure ? { kind: "failed", reason: lastFailure } : { kind: "dismissed" }) },
    });
    checkout.on("payment.failed", (r) => {
      lastFailure = r.error?.description ?? "Payment failed";
    });
    checkout.open();
  });
}
