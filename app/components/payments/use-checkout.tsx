import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
import type { CheckoutSession } from "@worker/domain/payments/checkout";
import { errorMessage, postToApi } from "~/lib/api";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import { formatRupees } from "@worker/shared/format";
import { Modal } from "~/components/ui/modal";
import { type ProviderResult, type ProviderSuccess, openRazorpay } from "./razorpay";

type Phase =
  | { kind: "idle" }
  | { kind: "starting" }
  | { kind: "paying"; session: CheckoutSession }
  | { kind: "confirming"; session: CheckoutSession }
  | { kind: "failed"; session: CheckoutSession | null; message: string };

export const FAILED_PAYMENT = "Your payment did not go through. No booking was made and no money was taken.";

/**
 * The checkout flow shared by the cart and Book Now (ADR 0029): the page's action starts a checkout on the server
 * (it prices everything; trip-actions.server.ts), then `open` opens the provider's checkout with it (Razorpay
 * Checkout, or the test provider's own dialog), and the server verifies the signed result. Only the server's
 * verification makes bookings. Without scripts the page shows how to pay instead (`PayWithoutScripts`).
 * Only the provider's own checkout talks to `/api/payments` (its confirm and failure callbacks, the test
 * provider's stand-in); starting and reopening a checkout are the page's action.
 */
export function useCheckout(onPaid: (session: CheckoutSession) => void) {
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const testResolver = useRef<((r: ProviderResult) => void) | null>(null);

  const finish = useCallback(
    async (session: CheckoutSession, result: ProviderResult) => {
      if (result.kind === "dismissed") {
        setPhase({ kind: "failed", session, message: "You closed the payment window. Nothing was charged and no booking was made." });
        return;
      }
      if (result.kind === "failed") {
        await postToApi(`/api/payments/${session.paymentId}/failure`, { reason: result.reason }).catch(() => undefined);
        setPhase({ kind: "failed", session, message: `${FAILED_PAYMENT} ${result.reason ? `(${result.reason})` : ""}`.trim() });
        return;
      }
      setPhase({ kind: "confirming", session });
      try {
        await postToApi(`/api/payments/${session.paymentId}/confirm`, result.response);
        setPhase({ kind: "idle" });
        onPaid(session);
      } catch (error) {
        setPhase({ kind: "failed", session, message: errorMessage(error, "We could not confirm your payment. Please try again.") });
      }
    },
    [onPaid],
  );

  const pay = useCallback(
    async (session: CheckoutSession) => {
      setPhase({ kind: "paying", session });
      const result =
        session.provider === "razorpay"
          ? await openRazorpay(session).catch((error: unknown) => ({
              kind: "failed" as const,
              reason: error instanceof Error ? error.message : "The payment window could not open",
            }))
          : await new Promise<ProviderResult>((resolve) => {
              testResolver.current = resolve;
            });
      await finish(session, result);
    },
    [finish],
  );

  /** Opens the provider's checkout for a checkout the page's action started. */
  const open = useCallback((session: CheckoutSession) => void pay(session), [pay]);

  /** The page's action is starting one (its form is being sent). */
  const starting = useCallback(() => setPhase({ kind: "starting" }), []);

  /** The page's action refused to start one. */
  const refused = useCallback((message: string) => setPhase({ kind: "failed", session: null, message }), []);

  /**
   * Pay again for the same checkout after a failure (the provider's order stays open): the page's action
   * (`intent=reopen`, trip-actions.server.ts) opens it again, and the provider's checkout takes it from there.
   */
  const reopen = useFetcher<{ ok: boolean; message: string; checkout?: CheckoutSession }>();
  const reopening = useRef<CheckoutSession | null>(null);
  const submitReopen = reopen.submit;
  const retry = useCallback(() => {
    if (phase.kind !== "failed" || !phase.session) return;
    reopening.current = phase.session;
    setPhase({ kind: "starting" });
    submitReopen({ intent: "reopen", paymentId: phase.session.paymentId }, { method: "post" });
  }, [phase, submitReopen]);
  useFetcherAnswer(reopen, (answer) => {
    const session = answer.ok ? answer.checkout : undefined;
    if (!session) {
      const message = answer.message || "Checkout could not start. Please try again.";
      setPhase({ kind: "failed", session: reopening.current, message });
    } else if (session.status === "captured") onPaid(session);
    else void pay(session);
  });

  const reset = useCallback(() => setPhase({ kind: "idle" }), []);

  const testDialog =
    phase.kind === "paying" && phase.session.provider === "test" ? (
      <TestCheckout
        session={phase.session}
        onResult={(r) => {
          testResolver.current?.(r);
          testResolver.current = null;
        }}
      />
    ) : null;

  return {
    phase,
    open,
    starting,
    refused,
    retry,
    reset,
    testDialog,
    busy: phase.kind === "starting" || phase.kind === "paying" || phase.kind === "confirming",
  };
}

/**
 * The test provider's checkout page (development and tests only): the tester chooses success or failure. The
 * answer comes back signed by the provider's scheme, exactly as Razorpay Checkout's does.
 */
function TestCheckout({ session, onResult }: { session: CheckoutSession; onResult: (r: ProviderResult) => void }) {
  const [sending, setSending] = useState(false);
  async function choose(outcome: "success" | "failure") {
    setSending(true);
    try {
      const res = await postToApi<{ data: ProviderSuccess | { error: { description: string } } }>(
        `/api/payments/${session.paymentId}/test-pay`,
        { outcome },
      );
      onResult("error" in res.data ? { kind: "failed", reason: res.data.error.description } : { kind: "paid", response: res.data });
    } catch (error) {
      onResult({ kind: "failed", reason: errorMessage(error, "The test provider did not answer") });
    }
  }
  return (
    <Modal open onClose={() => onResult({ kind: "dismissed" })} title="Test payment">
      <div className="stack test-checkout">
        <p>
          This is Tripbazaar's test payment provider: no real money moves. Choose how the payment of{" "}
          <strong>{formatRupees(session.amount)}</strong> ends.
        </p>
        <ul className="muted">
          {session.items.map((i) => (
            <li key={i.bookingId}>
              {i.packageName} with {i.sellerName}: {formatRupees(i.amount)}
            </li>
          ))}
        </ul>
        <div className="row-actions">
          <button type="button" className="btn" disabled={sending} onClick={() => choose("success")}>
            {`Pay ${formatRupees(session.amount)}`}
          </button>
          <button type="button" className="btn btn-outline" disabled={sending} onClick={() => choose("failure")}>
            Decline payment
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** The checkout's state in words, next to the button that started it. */
export function CheckoutStatus({ phase, onRetry }: { phase: Phase; onRetry: () => void }) {
  if (phase.kind === "starting") return <p role="status">Starting secure checkout…</p>;
  if (phase.kind === "paying") return <p role="status">Waiting for your payment…</p>;
  if (phase.kind === "confirming") return <p role="status">Confirming your payment…</p>;
  if (phase.kind !== "failed") return null;
  return (
    <div className="stack payment-failed" role="alert">
      <p className="error-text">{phase.message}</p>
      {phase.session ? (
        <p>
          <button type="button" className="btn" onClick={onRetry}>
            Try payment again
          </button>
        </p>
      ) : null}
    </div>
  );
}

/**
 * A checkout the page's action started, shown by a page rendered without scripts: the test provider's page as
 * a form (Pay or Decline posts `test-pay` to the page's action); Razorpay Checkout runs only in a browser with
 * scripts, so the page says so. `failure` is a declined payment's words, with the same checkout to pay again.
 */
export function PayWithoutScripts({ session, failure }: { session: CheckoutSession; failure?: string | null }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "test-pay";
  return (
    <section className="stack test-checkout" aria-labelledby="pay-title">
      <h2 id="pay-title">{session.provider === "test" ? "Test payment" : "Pay online"}</h2>
      {failure ? (
        <p role="alert" className="error-text">
          {failure}
        </p>
      ) : null}
      <ul className="muted">
        {session.items.map((i) => (
          <li key={i.bookingId}>
            {i.packageName} with {i.sellerName}: {formatRupees(i.amount)}
          </li>
        ))}
      </ul>
      {session.provider === "test" ? (
        <Form method="post" className="stack">
          <p>
            This is Tripbazaar's test payment provider: no real money moves. Choose how the payment of{" "}
            <strong>{formatRupees(session.amount)}</strong> ends.
          </p>
          <input type="hidden" name="intent" value="test-pay" />
          <input type="hidden" name="paymentId" value={session.paymentId} />
          <div className="row-actions">
            <button type="submit" name="outcome" value="success" className="btn" disabled={sending}>
              {`Pay ${formatRupees(session.amount)}`}
            </button>
            <button type="submit" name="outcome" value="failure" className="btn btn-outline" disabled={sending}>
              Decline payment
            </button>
          </div>
        </Form>
      ) : (
        <p>
          {`The payment of ${formatRupees(session.amount)} is taken by Razorpay's secure checkout, which runs in your browser: turn on JavaScript and press Pay again. Nothing has been charged.`}
        </p>
      )}
    </section>
  );
}
