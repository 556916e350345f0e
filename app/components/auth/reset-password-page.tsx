import { Link, useActionData, useFetcher, useNavigate } from "@remix-run/react";
import { useRef, useState } from "react";
import { toast } from "~/lib/notify";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import { useHydrated } from "~/lib/use-hydrated";
import { useTypedBeforeHydration } from "~/lib/use-typed-before-hydration";
import { useSiteLinks } from "~/lib/site-links";
import type { AuthAnswer } from "./auth-actions.server";
import { PasswordField } from "./password-input";

/**
 * Sets a new password from an emailed link (/reset-password/{token}); guest only on the main site (spec §2, the
 * route's loader). The form posts to the page's action (`resetPasswordAction`), which sends the browser on to sign in.
 */
export function ResetPasswordPage() {
  const { href } = useSiteLinks();
  const navigate = useNavigate();
  const fetcher = useFetcher<AuthAnswer>();
  const answered = useActionData<AuthAnswer>();
  const answer = fetcher.data ?? answered;
  const hydrated = useHydrated();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, { password: setPassword, confirm: setConfirm });
  const busy = fetcher.state !== "idle" || Boolean(fetcher.data?.ok);
  const mismatch = confirm !== "" && password !== confirm;
  const error = answer && !answer.ok ? answer.message || "Failed to update password" : null;

  useFetcherAnswer(fetcher, (result) => {
    if (!result.ok) {
      toast.error(result.message || "Failed to update password");
      return;
    }
    toast.success(result.message);
    if (result.redirectTo) navigate(result.redirectTo, { replace: true });
  });

  function check(e: React.FormEvent) {
    if (mismatch || !password) e.preventDefault();
  }

  return (
    <main id="main" className="container page">
      <div className="card stack" style={{ maxWidth: "48rem", marginInline: "auto" }}>
        <h1>Choose a new password</h1>
        <fetcher.Form ref={form} method="post" className="stack" onSubmit={check} noValidate>
          <PasswordField
            label="New Password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
          <PasswordField
            label="Confirm New Password"
            name="confirm"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={mismatch ? "Passwords do not match" : null}
            required
          />
          {error ? (
            <p role="alert" className="error-text">
              {error}
            </p>
          ) : null}
          {/* Before scripts run nothing can enable it again, so it waits only once they do; the server checks. */}
          <button type="submit" className="btn" disabled={busy || (hydrated && (!password || password !== confirm))}>
            {busy ? "Updating..." : "Update Password"}
          </button>
        </fetcher.Form>
        <p>
          <Link to={href("/forgot-password")}>Request a new link</Link> · <Link to={href("/login")}>Back to Sign In</Link>
        </p>
      </div>
    </main>
  );
}
