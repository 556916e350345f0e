import { Link, useActionData, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { toast } from "~/lib/notify";
import { RESEND_SECONDS, useCountdown } from "~/lib/use-countdown";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import { useHydrated } from "~/lib/use-hydrated";
import { useTypedBeforeHydration } from "~/lib/use-typed-before-hydration";
import type { AuthAnswer, PendingCode } from "./auth-actions.server";
import { TextField } from "./password-input";

type Props = PendingCode & {
  homeHref: string;
  /** Whose code this is: a login's goes where the login would have, with its message. */
  flow: "login" | "signup";
  /** Signed in (scripts running): the page says so and goes on to `to`. */
  onVerified: (to: string, message: string) => void;
  onBack?: () => void;
  /** True when a code was just sent, so resend waits 30 seconds. */
  justSent?: boolean;
};

/**
 * Step 2 of signup (spec §2): "Verify Your Email" with one 6-digit code input. Verify and Resend post to the
 * page's action (`verify-otp`, `resend-otp`); without scripts the page is rendered again with the answer, or
 * the browser is sent on signed in.
 */
export function CodeStep({ userId, email, homeHref, flow, onVerified, onBack, justSent = true }: Props) {
  const fetcher = useFetcher<AuthAnswer>();
  const answered = useActionData<AuthAnswer>();
  const hydrated = useHydrated();
  const [otp, setOtp] = useState("");
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, { otp: (typed) => setOtp(typed.replace(/\D/g, "").slice(0, 6)) });
  const countdown = useCountdown();
  const { start } = countdown;
  const { pathname, search } = useLocation();
  const sending = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;
  // The answer to this step: the running page's, or the one the document was rendered with.
  const answer = fetcher.data ?? (answered?.intent === "verify-otp" || answered?.intent === "resend-otp" ? answered : undefined);
  const failure =
    answer && !answer.ok ? answer.message || (answer.intent === "resend-otp" ? "Failed to send OTP" : "OTP verification failed") : null;

  useEffect(() => {
    if (justSent) start(RESEND_SECONDS);
  }, [justSent, start]);

  useFetcherAnswer(fetcher, (result) => {
    if (result.ok && result.redirectTo) onVerified(result.redirectTo, result.message);
    else if (result.ok) {
      toast.success(result.message);
      start(RESEND_SECONDS);
    } else toast.error(result.message || (result.intent === "resend-otp" ? "Failed to send OTP" : "OTP verification failed"));
  });

  return (
    <fetcher.Form ref={form} method="post" className="stack" noValidate>
      <h2>Verify Your Email</h2>
      <p className="muted">
        We've sent a 6-digit code to <strong>{email}</strong>. Enter it below to complete your signup.
      </p>
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="flow" value={flow} />
      <TextField
        label="Verification Code"
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="Enter 6-digit code"
        maxLength={hydrated ? undefined : 6}
        value={otp}
        onChange={(e) => setOtp(e.target.value.replace(/\D/g, "").slice(0, 6))}
        required
      />
      {failure ? (
        <p role="alert" className="error-text">
          {failure}
        </p>
      ) : null}
      {!hydrated && answer?.ok ? (
        <p role="status" className="success-text">
          {answer.message}
        </p>
      ) : null}
      {/* Without scripts the field cannot filter what is typed, so the button waits for nothing; the server checks. */}
      <button
        type="submit"
        name="intent"
        value="verify-otp"
        className="btn"
        disabled={sending === "verify-otp" || (hydrated && otp.length !== 6)}
      >
        {sending === "verify-otp" ? "Verifying..." : "Verify & Complete Signup"}
      </button>
      <p className="muted">
        {countdown.left > 0 ? (
          <span role="status">Resend code in {countdown.left}s</span>
        ) : (
          <button type="submit" name="intent" value="resend-otp" className="btn btn-outline">
            Resend code
          </button>
        )}
      </p>
      <div className="row">
        {onBack && hydrated ? (
          <button type="button" className="btn btn-outline" onClick={onBack}>
            Back to Signup
          </button>
        ) : onBack ? (
          // Without scripts the page itself, loaded again, is the form.
          <a className="btn btn-outline" href={`${pathname}${search}`}>
            Back to Signup
          </a>
        ) : null}
        <Link to={homeHref}>Back to Homepage</Link>
      </div>
    </fetcher.Form>
  );
}
