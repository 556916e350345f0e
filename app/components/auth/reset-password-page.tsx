import { Link, useNavigate, useParams } from "@remix-run/react";
import { useState } from "react";
import toast from "react-hot-toast";
import { api, errorMessage } from "~/lib/api";
import { useGuestOnly } from "~/lib/handover";
import { useSiteLinks } from "~/lib/site-links";
import { PasswordField } from "./password-input";

/** Sets a new password from an emailed link (/reset-password/{token}); guest only on the main site (spec §2). */
export function ResetPasswordPage() {
  const { token = "" } = useParams();
  const { href, site } = useSiteLinks();
  const navigate = useNavigate();
  useGuestOnly(!site);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mismatch = confirm !== "" && password !== confirm;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (mismatch || !password) return;
    setError(null);
    setBusy(true);
    try {
      const res = await api<{ message: string }>("/api/auth/reset-password", {
        method: "POST",
        body: { token, password, confirm },
        on401: "throw",
      });
      toast.success(res.message);
      navigate(href("/login"), { replace: true });
    } catch (err) {
      const message = errorMessage(err, "Failed to update password");
      setError(message);
      toast.error(message);
      setBusy(false);
    }
  }

  return (
    <main id="main" className="container page">
      <div className="card stack" style={{ maxWidth: "48rem", marginInline: "auto" }}>
        <h1>Choose a new password</h1>
        <form className="stack" onSubmit={submit} noValidate>
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
          <button type="submit" className="btn" disabled={busy || !password || password !== confirm}>
            {busy ? "Updating..." : "Update Password"}
          </button>
        </form>
        <p>
          <Link to={href("/forgot-password")}>Request a new link</Link> · <Link to={href("/login")}>Back to Sign In</Link>
        </p>
      </div>
    </main>
  );
}
