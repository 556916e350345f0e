import { Link, useActionData, useFetcher } from "@remix-run/react";
import { useRef, useState } from "react";
import { toast } from "~/lib/notify";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import { useHydrated } from "~/lib/use-hydrated";
import { useTypedBeforeHydration } from "~/lib/use-typed-before-hydration";
import { useSiteLinks } from "~/lib/site-links";
import type { AuthAnswer } from "./auth-actions.server";
import { TextField } from "./password-input";

/**
 * Asks for a reset link; on a seller site the link points at that site (the tenant of the request, ADR 0024).
 * The form posts to the page's action (`forgotPasswordAction`).
 */
export function ForgotPasswordPage() {
  const { href } = useSiteLinks();
  const fetcher = useFetcher<AuthAnswer>();
  const answered = useActionData<AuthAnswer>();
  const answer = fetcher.data ?? answered;
  const hydrated = useHydrated();
  const [email, setEmail] = useState(answer?.values?.email ?? "");
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, { email: setEmail });
  const busy = fetcher.state !== "idle";
  const sent = answer?.ok ? answer.message : null;
  const error = answer && !answer.ok ? answer.message || "Failed to send the reset link" : null;

  useFetcherAnswer(fetcher, (result) => {
    if (result.ok) toast.success(result.message);
    else toast.error(result.message || "Failed to send the reset link");
  });

  return (
    <main id="main" className="container page">
      <div className="card stack" style={{ maxWidth: "48rem", marginInline: "auto" }}>
        <h1>Forgot your password?</h1>
        {sent ? (
          <p role="status" className="success-text">
            {sent}
          </p>
        ) : (
          <fetcher.Form ref={form} method="post" className="stack" noValidate>
            <p className="muted">
              Enter your account's email and we will send you a link to choose a new password. The link works once, for 30 minutes.
            </p>
            <TextField
              label="Email Address"
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
            {error ? (
              <p role="alert" className="error-text">
                {error}
              </p>
            ) : null}
            {/* Before scripts run nothing can enable it again, so it waits only once they do. */}
            <button type="submit" className="btn" disabled={busy || (hydrated && !email.trim())}>
              {busy ? "Sending..." : "Send Reset Link"}
            </button>
          </fetcher.Form>
        )}
        <p>
          <Link to={href("/login")}>Back to Sign In</Link>
        </p>
      </div>
    </main>
  );
}
