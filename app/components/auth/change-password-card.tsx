import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { toast } from "~/lib/notify";
import { issuesOf, useActionToast } from "~/lib/use-action-toast";
import { RESEND_SECONDS, useCountdown } from "~/lib/use-countdown";
import { useHydrated } from "~/lib/use-hydrated";
import { useTypedBeforeHydration } from "~/lib/use-typed-before-hydration";
import { FormAnswer } from "../form-answer";
import type { AccountActionData } from "./account-settings.server";
import { PasswordField, TextField } from "./password-input";

const ENTER_CURRENT = "Please enter your current password first";

/**
 * Change Password (spec §4, §5): the current password requests a code; then
 * new, confirm and the code appear while "Resend code in {n}s" counts down.
 * Each step is a form posting to the page's action: `request-code`, then `change-password`. Without scripts
 * (or before them) the page comes back with the answer in the card and the step it leads to; the countdown
 * needs scripts, so without them Request OTP stays (the server limits how often a code is sent).
 */
export function ChangePasswordCard() {
  const hydrated = useHydrated();
  const posted = useActionData<AccountActionData>();
  const codeFetcher = useFetcher<AccountActionData>();
  const passwordFetcher = useFetcher<AccountActionData>();
  // A post without scripts: the page's answer, until a running page's own answer replaces it.
  const answered =
    (posted?.intent === "request-code" || posted?.intent === "change-password") && !codeFetcher.data && !passwordFetcher.data
      ? posted
      : undefined;
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [otp, setOtp] = useState("");
  // The code step is open after a code was sent, and stays open after a refused change.
  const [otpStep, setOtpStep] = useState(answered !== undefined && (answered.intent === "request-code" ? answered.ok : !answered.ok));
  const requesting = codeFetcher.state !== "idle";
  const updating = passwordFetcher.state !== "idle";
  const codeSent = useActionToast(codeFetcher, "Failed to send OTP");
  const changed = useActionToast(passwordFetcher, "Failed to update password");
  const countdown = useCountdown();
  const { start: startCountdown, reset: resetCountdown } = countdown;
  const mismatch = next !== "" && confirm !== "" && next !== confirm;
  const ready = otp !== "" && next !== "" && confirm !== "" && next === confirm;
  const codeForm = useRef<HTMLFormElement>(null);
  const passwordForm = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(codeForm, { current: setCurrent });
  useTypedBeforeHydration(passwordForm, { new: setNext, confirm: setConfirm, otp: setOtp });

  // A code sent before the scripts ran: its countdown starts once they do.
  const sentBeforeScripts = answered?.intent === "request-code" && answered.ok;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page hydrates
  useEffect(() => {
    if (sentBeforeScripts) startCountdown(RESEND_SECONDS);
  }, []);

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

  function requestOtp(e: React.FormEvent) {
    if (current) return;
    e.preventDefault();
    toast.error(ENTER_CURRENT);
  }

  function update(e: React.FormEvent) {
    if (!ready || updating) e.preventDefault();
  }

  const issues = issuesOf(answered);
  return (
    <section className="card stack" aria-labelledby="password-heading">
      <h2 id="password-heading">Change Password</h2>
      <codeFetcher.Form ref={codeForm} method="post" className="stack" onSubmit={requestOtp} noValidate>
        <input type="hidden" name="intent" value="request-code" />
        <PasswordField
          label="Current Password"
          name="current"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        {current ? null : <p className="muted">{ENTER_CURRENT}</p>}
        {answered?.intent === "request-code" ? <FormAnswer answer={answered} failure="Failed to send OTP" /> : null}
        <div className="row">
          {countdown.left > 0 ? (
            <span role="status" className="muted">
              Resend code in {countdown.left}s
            </span>
          ) : (
            // Before scripts run nothing can enable it again, so it waits for a password only once they do.
            <button type="submit" className="btn btn-outline" disabled={(hydrated && !current) || requesting}>
              {requesting ? "Sending OTP..." : "Request OTP"}
            </button>
          )}
        </div>
      </codeFetcher.Form>
      {answered?.intent === "change-password" && answered.ok ? <FormAnswer answer={answered} failure="Failed to update password" /> : null}
      {otpStep ? (
        <passwordFetcher.Form ref={passwordForm} method="post" className="stack" onSubmit={update} noValidate>
          <input type="hidden" name="intent" value="change-password" />
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
            error={mismatch ? "Passwords do not match" : (issues.confirm ?? null)}
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
          {answered?.intent === "change-password" && !answered.ok && !issues.confirm ? (
            <FormAnswer answer={answered} failure="Failed to update password" />
          ) : null}
          <div>
            <button type="submit" className="btn" disabled={updating || (hydrated && !ready)}>
              {updating ? "Updating..." : "Update Password"}
            </button>
          </div>
        </passwordFetcher.Form>
      ) : null}
    </section>
  );
}
