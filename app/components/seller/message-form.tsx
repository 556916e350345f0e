import { useState } from "react";
import { ApiRequestError, api, errorMessage } from "~/lib/api";
import { useSellerSite } from "~/lib/seller-site";

const EMPTY = { name: "", email: "", phone: "", subject: "", message: "" };
type Field = keyof typeof EMPTY;
const REQUIRED: Field[] = ["name", "email", "subject", "message"];
const THANKS = "Thank you for your message! We will get back to you soon.";
const FAILED = "Failed to send message. Please try again.";

/** Field errors from the server's `issues` (422), for the fields this form has. */
function serverFieldErrors(error: unknown): Partial<Record<Field, string>> {
  if (!(error instanceof ApiRequestError) || !error.body || typeof error.body !== "object" || !("issues" in error.body)) return {};
  const issues = (error.body as { issues?: { path: string; message: string }[] }).issues ?? [];
  return Object.fromEntries(issues.filter((i) => i.path in EMPTY).map((i) => [i.path, i.message]));
}

/**
 * Spec §2 contact form, wired to a real inbox: the message goes to the seller (seller dashboard →
 * Messages, and an email), then the spec's thanks and a cleared form. Spec §8's failure text shows
 * when the send fails.
 */
export function MessageForm({ idPrefix = "contact" }: { idPrefix?: string }) {
  const site = useSellerSite();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState("");

  const id = (f: Field) => `${idPrefix}-${f}`;
  const set = (f: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((v) => ({ ...v, [f]: e.target.value }));
    setSent(false);
  };

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const missing = Object.fromEntries(REQUIRED.filter((f) => !values[f].trim()).map((f) => [f, "This field is required"]));
    setErrors(missing);
    if (Object.keys(missing).length) {
      document.getElementById(id(Object.keys(missing)[0] as Field))?.focus();
      return;
    }
    setSending(true);
    setFailure("");
    try {
      await api(`/api/seller-website/seller/${encodeURIComponent(site.seller.id)}/website/messages`, {
        method: "POST",
        body: values,
        on401: "throw",
      });
      setSent(true);
      setValues(EMPTY);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      setErrors(fieldErrors);
      const first = Object.keys(fieldErrors)[0] as Field | undefined;
      if (first) document.getElementById(id(first))?.focus();
      else setFailure(errorMessage(error, FAILED));
    } finally {
      setSending(false);
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
    <form className="stack" onSubmit={onSubmit} noValidate aria-labelledby={`${idPrefix}-form-title`}>
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
    </form>
  );
}
