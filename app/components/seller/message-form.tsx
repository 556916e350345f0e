import { useActionData, useFetcher } from "@remix-run/react";
import { useState } from "react";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";

const EMPTY = { name: "", email: "", phone: "", subject: "", message: "" };
type Field = keyof typeof EMPTY;
const REQUIRED: Field[] = ["name", "email", "subject", "message"];
export const THANKS = "Thank you for your message! We will get back to you soon.";
const FAILED = "Failed to send message. Please try again.";

/** What the contact page's action answers (contact-action.server.ts): the thanks, or the refusal with what was typed. */
export type ContactAnswer = ActionResult & { values?: Record<string, string> };

/** Field errors from the server's `issues` (422), for the fields this form has. */
function serverFieldErrors(answer: ContactAnswer | undefined): Partial<Record<Field, string>> {
  if (!answer || answer.ok || !answer.issues) return {};
  return Object.fromEntries(answer.issues.filter((i) => i.path in EMPTY).map((i) => [i.path, i.message]));
}

/**
 * Spec §2 contact form, wired to a real inbox: the form posts to the page's action, which sends the message to
 * the seller (seller dashboard → Messages, and an email); then the spec's thanks and a cleared form. Spec §8's
 * failure text shows when the send fails. Without scripts the page comes back with the same.
 */
export function MessageForm({ idPrefix = "contact" }: { idPrefix?: string }) {
  const fetcher = useFetcher<ContactAnswer>();
  const answered = useActionData<ContactAnswer>();
  const [values, setValues] = useState(() => ({ ...EMPTY, ...(answered?.ok ? {} : answered?.values) }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(() => serverFieldErrors(answered));
  const [sent, setSent] = useState(Boolean(answered?.ok));
  const [failure, setFailure] = useState(answered && !answered.ok && !answered.issues?.length ? answered.message || FAILED : "");
  const sending = fetcher.state !== "idle";

  const id = (f: Field) => `${idPrefix}-${f}`;
  const set = (f: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((v) => ({ ...v, [f]: e.target.value }));
    setSent(false);
  };

  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) {
      setSent(true);
      setValues(EMPTY);
      return;
    }
    const fieldErrors = serverFieldErrors(answer);
    setErrors(fieldErrors);
    const first = Object.keys(fieldErrors)[0] as Field | undefined;
    if (first) focusField(`${idPrefix}-${first}`);
    else setFailure(answer.message || FAILED);
  });

  function onSubmit(e: React.FormEvent) {
    const missing = Object.fromEntries(REQUIRED.filter((f) => !values[f].trim()).map((f) => [f, "This field is required"]));
    setErrors(missing);
    setFailure("");
    if (Object.keys(missing).length) {
      e.preventDefault();
      focusField(id(Object.keys(missing)[0] as Field));
    }
  }

  const field = (f: Field, label: string, props: { type?: string; required?: boolean; autoComplete?: string } = {}) => (
    <div className="field">
      <label htmlFor={id(f)}>{label}</label>
      <input
        id={id(f)}
        name={f}
        type={props.type ?? "text"}
        value={values[f]}
        onChange={set(f)}
        required={props.required}
        autoComplete={props.autoComplete}
        aria-invalid={errors[f] ? true : undefined}
        aria-describedby={errors[f] ? `${id(f)}-error` : undefined}
        className={errors[f] ? "input-error" : undefined}
      />
      {errors[f] ? (
        <span id={`${id(f)}-error`} className="error-text">
          {errors[f]}
        </span>
      ) : null}
    </div>
  );

  return (
    <fetcher.Form method="post" className="stack" onSubmit={onSubmit} noValidate aria-labelledby={`${idPrefix}-form-title`}>
      <h2 id={`${idPrefix}-form-title`}>Send us a Message</h2>
      <div className="form-grid">
        {field("name", "Full Name*", { required: true, autoComplete: "name" })}
        {field("email", "Email Address*", { type: "email", required: true, autoComplete: "email" })}
        {field("phone", "Phone Number", { type: "tel", autoComplete: "tel" })}
        {field("subject", "Subject*", { required: true })}
      </div>
      <div className="field">
        <label htmlFor={id("message")}>Message*</label>
        <textarea
          id={id("message")}
          name="message"
          rows={5}
          value={values.message}
          onChange={set("message")}
          required
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${id("message")}-error` : undefined}
          className={errors.message ? "input-error" : undefined}
        />
        {errors.message ? (
          <span id={`${id("message")}-error`} className="error-text">
            {errors.message}
          </span>
        ) : null}
      </div>
      <div role="status" className="success-text">
        {sent ? THANKS : ""}
      </div>
      {failure ? (
        <p role="alert" className="error-text">
          {failure}
        </p>
      ) : null}
      <p>
        <button type="submit" className="btn" disabled={sending}>
          {sending ? "Sending..." : "Send Message"}
        </button>
      </p>
    </fetcher.Form>
  );
}

const focusField = (id: string) => document.getElementById(id)?.focus();
