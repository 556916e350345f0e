import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { api, errorMessage } from "~/lib/api";
import type { StoredUser } from "~/lib/auth-storage";
import { RESEND_SECONDS, useCountdown } from "~/lib/use-countdown";
import { TextField } from "./password-input";

export type VerifiedSession = { token: string; user: StoredUser };

type Props = {
  userId: string;
  email: string;
  homeHref: string;
  onVerified: (session: VerifiedSession) => void;
  onBack?: () => void;
  /** True when a code was just sent, so resend waits 30 seconds. */
  justSent?: boolean;
};

/** Step 2 of signup (spec §2): "Verify Your Email" with one 6-digit code input. */
export function CodeStep({ userId, email, homeHref, onVerified, onBack, justSent = true }: Props) {
  const [otp, setOtp] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const countdown = useCountdown();
  const { start } = countdown;
  useEffect(() => {
    if (justSent) start(RESEND_SECONDS);
  }, [justSent, start]);

  async function verify(e: React.FormEvent) {
    e.preventDefault();
    if (otp.length !== 6) return;
    setBusy(true);
    setError(null);
    try {
      onVerified(await api<VerifiedSession>("/api/auth/verify-otp", { method: "POST", body: { userId, otp }, on401: "throw" }));
    } catch (err) {
      const message = errorMessage(err, "OTP verification failed");
      setError(message);
      toast.error(message);
      setBusy(false);
    }
  }

  async function resend() {
    setError(null);
    try {
      await api("/api/auth/resend-otp", { method: "POST", body: { userId }, on401: "throw" });
      toast.success("OTP sent to your email. Please check your inbox.");
      start(RESEND_SECONDS);
    } catch (err) {
      const message = errorMessage(err, "Failed to send OTP");
      setError(message);
      toast.error(message);
    }
  }

  return (
    <form className="stack" onSubmit={verify} noValidate>
      <h2>Verify Your Email</h2>
      <p className="muted">
        We've sent a 6-digit code to <strong>{email}</strong>. Enter it below to complete your signup.
      </p>
      <TextField
        label="Verification Code"
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="Enter 6-digit code"
        value={otp}
        onChange={(e) => setOtp(e.target.value.replace(/\D/g, "").slice(0, 6))}
        required
      />
      {error ? (
        <p role="alert" className="error-text">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn" disabled={busy || otp.length !== 6}>
        {busy ? "Verifying..." : "Verify & Complete Signup"}
      </button>
      <p className="muted">
        {countdown.left > 0 ? (
          <span role="status">Resend code in {countdown.left}s</span>
        ) : (
          <button type="button" className="btn btn-outline" onClick={resend}>
            Resend code
          </button>
        )}
      </p>
      <div className="row">
        {onBack ? (
          <button type="button" className="btn btn-outline" onClick={onBack}>
            Back to Signup
          </button>
        ) : null}
        <Link to={homeHref}>Back to Homepage</Link>
      </div>
    </form>
  );
}
