import { Link, useSearchParams } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import toast from "react-hot-toast";
import { ApiRequestError, api, errorMessage, safeRedirect } from "~/lib/api";
import { type StoredUser, storeSession } from "~/lib/auth-storage";
import { CodeStep, type VerifiedSession } from "./code-step";
import { PasswordField, TextField } from "./password-input";

type Props = {
  title: string;
  subtitle?: string;
  /** Spec §8: "Login failed. Please try again." on the main site, "Login failed" on seller sites. */
  fallbackError: string;
  forgotHref: string;
  signupHref: string;
  homeHref: string;
  homeLabel: string;
  /** Where to go after login when there is no safe ?redirect= (by the signed-in account's role, or one place). */
  defaultTarget: string | ((user: StoredUser) => string);
  /** Spec §4: seller sign-in waits 2000 ms after "Login successful! Redirecting...". */
  redirectDelayMs: number;
  onSignedIn: (target: string) => void;
};

type Session = { token: string; user: StoredUser };

/** Sign-in (spec §2, §4, §5): email and password, show/hide, remember me; an unverified account goes to its code. */
export function LoginForm(props: Props) {
  const [params] = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(true);
  const [state, setState] = useState<"idle" | "submitting" | "success">("idle");
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState<{ userId: string; email: string } | null>(null);
  const rememberId = useId();
  const timer = useRef<number>();
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function signedIn(session: Session, keep: boolean) {
    const fallback = typeof props.defaultTarget === "function" ? props.defaultTarget(session.user) : props.defaultTarget;
    const target = safeRedirect(params.get("redirect"), fallback);
    storeSession(session.token, session.user, { remember: keep });
    setState("success");
    toast.success("Login successful! Redirecting...");
    timer.current = window.setTimeout(() => props.onSignedIn(target), props.redirectDelayMs);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError("Please enter your email and password");
      return;
    }
    setState("submitting");
    try {
      const session = await api<Session>("/api/auth/login", {
        method: "POST",
        body: { email: email.trim(), password, remember },
        on401: "throw",
      });
      signedIn(session, remember);
    } catch (err) {
      const body = err instanceof ApiRequestError ? (err.body as { needsVerification?: boolean; userId?: string }) : null;
      if (body?.needsVerification && body.userId) setUnverified({ userId: body.userId, email: email.trim() });
      const message = errorMessage(err, props.fallbackError);
      setError(message);
      toast.error(message);
      setState("idle");
    }
  }

  return (
    <main id="main" className="container page">
      <div className="card stack" style={{ maxWidth: "48rem", marginInline: "auto" }}>
        <h1>{props.title}</h1>
        {props.subtitle ? <p className="muted">{props.subtitle}</p> : null}
        {unverified ? (
          <>
            {error ? <p className="muted">{error}</p> : null}
            <CodeStep
              userId={unverified.userId}
              email={unverified.email}
              homeHref={props.homeHref}
              onVerified={(s: VerifiedSession) => signedIn(s, true)}
              onBack={() => setUnverified(null)}
            />
          </>
        ) : (
          <form className="stack" onSubmit={submit} noValidate>
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
            <PasswordField
              label="Password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
            <div className="row" style={{ justifyContent: "space-between" }}>
              <span className="row" style={{ gap: "0.6rem" }}>
                <input id={rememberId} type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
                <label htmlFor={rememberId}>Remember me</label>
              </span>
              <Link to={props.forgotHref}>Forgot password?</Link>
            </div>
            {error ? (
              <p role="alert" className="error-text">
                {error}
              </p>
            ) : null}
            {state === "success" ? (
              <p role="status" className="success-text">
                Login successful! Redirecting...
              </p>
            ) : null}
            <button type="submit" className="btn" disabled={state !== "idle"}>
              {state === "submitting" ? "Signing In..." : "Sign In"}
            </button>
            <p className="muted">
              Don't have an account? <Link to={props.signupHref}>Sign up here</Link>
            </p>
            <p>
              <Link to={props.homeHref}>{props.homeLabel}</Link>
            </p>
          </form>
        )}
      </div>
    </main>
  );
}
