import { Link, useActionData, useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { toast } from "~/lib/notify";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import type { AuthAnswer, PendingCode } from "./auth-actions.server";
import { CodeStep } from "./code-step";
import { PasswordField, TextField } from "./password-input";
import { WayBackNotice, useWayBack } from "./way-back";

type Props = {
  title: string;
  subtitle?: string;
  /** Spec §8: "Login failed. Please try again." on the main site, "Login failed" on seller sites. */
  fallbackError: string;
  forgotHref: string;
  signupHref: string;
  homeHref: string;
  homeLabel: string;
  /** Spec §4: seller sign-in waits 2000 ms after "Login successful! Redirecting...". */
  redirectDelayMs: number;
  onSignedIn: (target: string) => void;
};

/**
 * Sign-in (spec §2, §4, §5): email and password, show/hide, remember me; an unverified account goes to its code.
 * The form posts `intent=login` to the page's action (auth-actions.server.ts), which sets the session cookie:
 * with scripts the page says so and goes on by itself, without them the browser is redirected.
 */
export function LoginForm(props: Props) {
  const fetcher = useFetcher<AuthAnswer>();
  const answered = useActionData<AuthAnswer>();
  const answer = fetcher.data ?? (answered?.intent === "login" || answered?.code ? answered : undefined);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const [unverified, setUnverified] = useState<PendingCode | null>(answered?.code ?? null);
  const rememberId = useId();
  const timer = useRef<number>();
  const { redirectDelayMs, onSignedIn } = props;
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const signedIn = useCallback(
    (to: string, message: string) => {
      setSuccess(true);
      toast.success(message || "Login successful! Redirecting...");
      timer.current = window.setTimeout(() => onSignedIn(to), redirectDelayMs);
    },
    [onSignedIn, redirectDelayMs],
  );

  useFetcherAnswer(fetcher, (result) => {
    if (result.ok && result.redirectTo) return signedIn(result.redirectTo, result.message);
    if (result.ok) return;
    if (result.code) setUnverified(result.code);
    toast.error(result.message || props.fallbackError);
  });

  function check(e: React.FormEvent<HTMLFormElement>) {
    const form = new FormData(e.currentTarget);
    if (!String(form.get("email") ?? "").trim() || !form.get("password")) {
      e.preventDefault();
      setCheckError("Please enter your email and password");
      return;
    }
    setCheckError(null);
  }

  const { withWayBack } = useWayBack();
  const error = checkError ?? (answer && !answer.ok ? answer.message || props.fallbackError : null);
  const submitting = fetcher.state !== "idle";

  return (
    <main id="main" className="container page">
      <div className="card stack" style={{ maxWidth: "48rem", marginInline: "auto" }}>
        <h1>{props.title}</h1>
        {props.subtitle ? <p className="muted">{props.subtitle}</p> : null}
        <WayBackNotice action="sign in" />
        {unverified ? (
          <>
            {answer?.intent === "login" && error ? <p className="muted">{error}</p> : null}
            <CodeStep
              userId={unverified.userId}
              email={unverified.email}
              homeHref={props.homeHref}
              flow="login"
              onVerified={signedIn}
              onBack={() => setUnverified(null)}
            />
          </>
        ) : (
          <fetcher.Form method="post" className="stack" onSubmit={check} noValidate>
            <input type="hidden" name="intent" value="login" />
            <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={answer?.values?.email ?? ""} required />
            <PasswordField label="Password" name="password" autoComplete="current-password" required />
            <div className="row" style={{ justifyContent: "space-between" }}>
              <span className="row" style={{ gap: "0.6rem" }}>
                {/* Unticked, a checkbox sends nothing: this says "false", and a ticked box's "true" comes after it. */}
                <input type="hidden" name="remember" value="false" />
                <input id={rememberId} type="checkbox" name="remember" value="true" defaultChecked />
                <label htmlFor={rememberId}>Remember me</label>
              </span>
              <Link to={withWayBack(props.forgotHref)}>Forgot password?</Link>
            </div>
            {error ? (
              <p role="alert" className="error-text">
                {error}
              </p>
            ) : null}
            {success ? (
              <p role="status" className="success-text">
                Login successful! Redirecting...
              </p>
            ) : null}
            <button type="submit" className="btn" disabled={submitting || success}>
              {submitting ? "Signing In..." : "Sign In"}
            </button>
            <p className="muted">
              Don't have an account? <Link to={withWayBack(props.signupHref)}>Sign up here</Link>
            </p>
            <p>
              <Link to={props.homeHref}>{props.homeLabel}</Link>
            </p>
          </fetcher.Form>
        )}
      </div>
    </main>
  );
}
