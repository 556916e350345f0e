import { useState } from "react";
import toast from "react-hot-toast";
import { api, errorMessage } from "~/lib/api";
import { updateSession } from "~/lib/auth-storage";
import { RESEND_SECONDS, useCountdown } from "~/lib/use-countdown";
import { PasswordField, TextField } from "./password-input";

/**
 * Change Password (spec §4, §5): the current password requests a code; then
 * new, confirm and the code appear while "Resend code in {n}s" counts down.
 */
export function ChangePasswordCard({ sellerId }: { sellerId?: string }) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [otp, setOtp] = useState("");
  const [otpStep, setOtpStep] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [updating, setUpdating] = useState(false);
  const countdown = useCountdown();
  const mismatch = next !== "" && confirm !== "" && next !== confirm;
  const canUpdate = otp !== "" && next !== "" && confirm !== "" && next === confirm && !updating;

  async function requestOtp() {
    if (!current) {
      toast.error("Please enter your current password first");
      return;
    }
    setRequesting(true);
    try {
      await api("/api/auth/request-password-otp", { method: "POST", body: { current, sellerId } });
      toast.success("OTP sent to your email. Please check your inbox.");
      setOtpStep(true);
      countdown.start(RESEND_SECONDS);
    } catch (err) {
      toast.error(errorMessage(err, "Failed to send OTP"));
    } finally {
      setRequesting(false);
    }
  }

  async function update(e: React.FormEvent) {
    e.preventDefault();
    if (!canUpdate) return;
    setUpdating(true);
    try {
      const res = await api<{ token: string }>("/api/auth/password", { method: "PUT", body: { new: next, confirm, otp, sellerId } });
      // The password change ended every other session; this one continues with the fresh token.
      updateSession({ token: res.token });
      toast.success("Password updated successfully!");
      for (const clear of [setCurrent, setNext, setConfirm, setOtp]) clear("");
      setOtpStep(false);
      countdown.reset();
    } catch (err) {
      toast.error(errorMessage(err, "Failed to update password"));
    } finally {
      setUpdating(false);
    }
  }

  return (
    <section className="card stack" aria-labelledby="password-heading">
      <h2 id="password-heading">Change Password</h2>
      <form className="stack" onSubmit={update} noValidate>
        <PasswordField
          label="Current Password"
          name="current"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        {current ? null : <p className="muted">Please enter your current password first</p>}
        <div className="row">
          {countdown.left > 0 ? (
            <span role="status" className="muted">
              Resend code in {countdown.left}s
            </span>
          ) : (
            <button type="button" className="btn btn-outline" onClick={requestOtp} disabled={!current || requesting}>
              {requesting ? "Sending OTP..." : "Request OTP"}
            </button>
          )}
        </div>
        {otpStep ? (
          <>
            <PasswordField
              label="New Password"
              name="new"
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.target.value)}
            />
            <PasswordField
              label="Confirm New Password"
              name="confirm"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              error={mismatch ? "Passwords do not match" : null}
            />
            <TextField
              label="OTP"
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={otp}
              onChange={(e) => setOtp(e.target.value.slice(0, 6))}
            />
            <div>
              <button type="submit" className="btn" disabled={!canUpdate}>
                {updating ? "Updating..." : "Update Password"}
              </button>
            </div>
          </>
        ) : null}
      </form>
    </section>
  );
}
