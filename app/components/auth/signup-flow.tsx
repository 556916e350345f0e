import { Link, useActionData, useFetcher } from "@remix-run/react";
import { useId, useState } from "react";
import { toast } from "~/lib/notify";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import { useHydrated } from "~/lib/use-hydrated";
import type { AuthAnswer, PendingCode } from "./auth-actions.server";
import { CodeStep } from "./code-step";
import { PasswordField, TextField } from "./password-input";
import { WayBackNotice, useWayBack } from "./way-back";

type Props = {
  title: string;
  subtitle?: string;
  loginHref: string;
  homeHref: string;
  /** Where the platform's policy pages live: "" on the platform, its origin on a seller's own domain. */
  policyOrigin?: string;
  /** Signed in with the code (scripts running): the page goes to `to`. */
  onSignedIn: (to: string) => void;
};

const EMPTY = { firstName: "", lastName: "", email: "", password: "", confirmPassword: "", phone: "", agreeToTerms: false };

/**
 * Signup (spec §2, §3, §5): the form, then the emailed code; a verified account is signed in. Both steps post to
 * the page's action (`signup`, then `verify-otp`), which checks what the form checks here and more.
 */
export function SignupFlow({ title, subtitle, loginHref, homeHref, policyOrigin = "", onSignedIn }: Props) {
  const { withWayBack } = useWayBack();
  const fetcher = useFetcher<AuthAnswer>();
  const answered = useActionData<AuthAnswer>();
  const answer = fetcher.data ?? (answered?.intent === "signup" ? answered : undefined);
  const [form, setForm] = useState(() => ({ ...EMPTY, ...answered?.values }));
  const [pending, setPending] = useState<PendingCode | null>(answered?.code ?? null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const hydrated = useHydrated();
  const termsId = useId();
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.type === "checkbox" ? e.target.checked : e.target.value }));
  const mismatch = form.confirmPassword !== "" && form.password !== form.confirmPassword;
  const error = checkError ?? (answer && !answer.ok ? answer.message || "Signup failed" : null);

  useFetcherAnswer(fetcher, (result) => {
    if (!result.ok) {
      toast.error(result.message || "Signup failed");
      return;
    }
    toast.success(result.message);
    if (result.code) setPending(result.code);
  });

  function check(e: React.FormEvent) {
    const fail = (message: string) => {
      e.preventDefault();
      setCheckError(message);
      toast.error(message);
    };
    setCheckError(null);
    if (![form.firstName, form.lastName, form.email, form.password, form.confirmPassword].every((v) => v.trim()))
      return fail("Please fill in all required fields");
    if (!form.agreeToTerms) return fail("Please agree to the terms and conditions");
    if (form.password !== form.confirmPassword) return fail("Passwords do not match");
  }

  return (
    <main id="main" className="container page">
      <div className="card stack" style={{ maxWidth: "56rem", marginInline: "auto" }}>
        <h1>{title}</h1>
        {subtitle ? <p className="muted">{subtitle}</p> : null}
        <WayBackNotice action="create an account" />
        {pending && !hydrated && answered?.ok && answered.intent === "signup" ? (
          // Without scripts there is no toast: the page says it.
          <p role="status" className="success-text">
            {answered.message}
          </p>
        ) : null}
        {pending ? (
          <CodeStep
            userId={pending.userId}
            email={pending.email}
            homeHref={homeHref}
            flow="signup"
            onVerified={onSignedIn}
            onBack={() => setPending(null)}
          />
        ) : (
          <fetcher.Form method="post" className="stack" onSubmit={check} noValidate>
            <input type="hidden" name="intent" value="signup" />
            <div className="row" style={{ alignItems: "start" }}>
              <div style={{ flex: "1 1 20rem" }}>
                <TextField
                  label="First Name"
                  name="firstName"
                  autoComplete="given-name"
                  value={form.firstName}
                  onChange={set("firstName")}
                  required
                />
              </div>
              <div style={{ flex: "1 1 20rem" }}>
                <TextField
                  label="Last Name"
                  name="lastName"
                  autoComplete="family-name"
                  value={form.lastName}
                  onChange={set("lastName")}
                  required
                />
              </div>
            </div>
            <TextField
              label="Email Address"
              name="email"
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={set("email")}
              required
            />
            <TextField
              label="Phone Number (Optional)"
              name="phone"
              type="tel"
              autoComplete="tel"
              value={form.phone}
              onChange={set("phone")}
            />
            <PasswordField
              label="Password"
              name="password"
              autoComplete="new-password"
              value={form.password}
              onChange={set("password")}
              required
            />
            <PasswordField
              label="Confirm Password"
              name="confirmPassword"
              autoComplete="new-password"
              value={form.confirmPassword}
              onChange={set("confirmPassword")}
              error={mismatch ? "Passwords do not match" : null}
              required
            />
            <div className="row" style={{ flexWrap: "nowrap", alignItems: "start" }}>
              <input
                id={termsId}
                type="checkbox"
                name="agreeToTerms"
                checked={form.agreeToTerms}
                onChange={set("agreeToTerms")}
                style={{ marginTop: "0.4rem" }}
              />
              <label htmlFor={termsId}>
                I agree to the{" "}
                <a href={`${policyOrigin}/terms`} target="_blank" rel="noreferrer">
                  Terms of Service
                </a>{" "}
                and{" "}
                <a href={`${policyOrigin}/privacy-policy`} target="_blank" rel="noreferrer">
                  Privacy Policy
                </a>
              </label>
            </div>
            {error ? (
              <p role="alert" className="error-text">
                {error}
              </p>
            ) : null}
            <button type="submit" className="btn" disabled={busy}>
              {busy ? "Creating Account..." : "Create Your Account"}
            </button>
            <p className="muted">
              Already have an account? <Link to={withWayBack(loginHref)}>Sign In</Link>
            </p>
            <p>
              <Link to={homeHref}>Back to Homepage</Link>
            </p>
          </fetcher.Form>
        )}
      </div>
    </main>
  );
}
