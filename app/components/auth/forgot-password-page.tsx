import { Link } from "@remix-run/react";
import { useState } from "react";
import toast from "react-hot-toast";
import { api, errorMessage } from "~/lib/api";
import { useSiteLinks } from "~/lib/site-links";
import { TextField } from "./password-input";

/** Asks for a reset link; on a seller site the link points at that site (the API knows it from the request, ADR 0024). */
export function ForgotPasswordPage() {
  const { href } = useSiteLinks();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const res = await api<{ message: string }>("/api/auth/forgot-password", {
        method: "POST",
        body: { email: email.trim() },
        on401: "throw",
      });
      setSent(res.message);
      toast.success(res.message);
    } catch (err) {
      const message = errorMessage(err, "Failed to send the reset link");
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" className="container page">
      <div className="card stack" style={{ maxWidth: "48rem", marginInline: "auto" }}>
        <h1>Forgot your password?</h1>
        {sent ? (
          <p role="status" className="success-text">
            {sent}
          </p>
        ) : (
          <form className="stack" onSubmit={submit} noValidate>
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
            <button type="submit" className="btn" disabled={busy || !email.trim()}>
              {busy ? "Sending..." : "Send Reset Link"}
            </button>
          </form>
        )}
        <p>
          <Link to={href("/login")}>Back to Sign In</Link>
        </p>
      </div>
    </main>
  );
}
