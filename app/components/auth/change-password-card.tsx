import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { toast } from "~/lib/notify";
import { useActionToast } from "~/lib/use-action-toast";
import { RESEND_SECONDS, useCountdown } from "~/lib/use-countdown";
import { useHydrated } from "~/lib/use-hydrated";
import type { AccountActionData } from "./account-settings.server";
import { PasswordField, TextField } from "./password-input";

/**
 * Change Password (spec §4, §5): the current password requests a code; then
 * new, confirm and the code appear while "Resend code in {n}s" counts down.
 * Both steps post to the page's action: `request-code`, then `change-password`.
 */
export function ChangePasswordCard() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [otp, setOtp] = useState("");
  const [otpStep, setOtpStep] = useState(false);
  const hydrated = useHydrated();
  const codeFetcher = useFetcher();
  const passwordFetcher = useFetcher();
  const requesting = codeFetcher.state !== "idle";
  const updating = passwordFetcher.state !== "idle";
  const codeSent = useActionToast(codeFetcher, "Failed to send OTP");
  const changed = useActionToast(passwordFetcher, "Failed to update password") as AccountActionData | undefined;
  const countdown = useCountdown();
  const { start: startCountdown, reset: resetCountdown } = countdown;
  const mismatch = next !== "" && confirm !== "" && next !== confirm;
  const canUpdate = otp !== "" && next !== "" && confirm !== "" && next === confirm && !updating;

  useEffect(() => {
    if (codeFetcher.state !== "idle" || !codeSent?.ok) return;
    setOtpStep(true);
    startCountdown(RESEND_SECONDS);
  }, [codeSent, codeFetcher.state, startCountdown]);

  useEffect(() => {
    if (passwordFetcher.state !== "idle" || !changed?.ok) return;
    // The password change ended every other session; this one continues with the fresh cookie the answer set.
    for (const clear of [setCurrent, setNext, setConfirm, setOtp]) clear("");
    setOtpStep(false);
    resetCountdown();
  }, [changed, passwordFetcher.state, resetCountdown]);

  function requestOtp() {
    if (!current) {
      toast.error("Please enter your current password first");
      return;
    }
    codeFetcher.submit({ intent: "request-code", current }, { method: "post" });
  }

  function update(e: React.FormEvent) {
    e.preventDefault();
    if (!canUpdate) return;
    passwordFetcher.submit({ intent: "change-password", new: next, confirm, otp }, { method: "post" });
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
            <button type="button" className="btn btn-outline" onClick={requestOtp} disabled={!hydrated || !current || requesting}>
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
