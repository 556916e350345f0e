import { useEffect, useRef, useState } from "react";

const EMPTY = { name: "", email: "", phone: "", subject: "", message: "" };
type Field = keyof typeof EMPTY;
const REQUIRED: Field[] = ["name", "email", "subject", "message"];
const SIMULATED_DELAY_MS = 2000;

/** Spec §2 contact form: no server call; a 2-second simulated send, then thanks and a cleared form. */
export function MessageForm({ idPrefix = "contact" }: { idPrefix?: string }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const id = (f: Field) => `${idPrefix}-${f}`;
  const set = (f: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((v) => ({ ...v, [f]: e.target.value }));
    setSent(false);
  };

  function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const missing = Object.fromEntries(REQUIRED.filter((f) => !values[f].trim()).map((f) => [f, "This field is required"]));
    setErrors(missing);
    if (Object.keys(missing).length) {
      document.getElementById(id(Object.keys(missing)[0] as Field))?.focus();
      return;
    }
    setSending(true);
    timer.current = setTimeout(() => {
      setSending(false);
      setSent(true);
      setValues(EMPTY);
    }, SIMULATED_DELAY_MS);
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
        {sent ? "Thank you for your message! We will get back to you soon." : ""}
      </div>
      <p>
        <button type="submit" className="btn" disabled={sending}>
          {sending ? "Sending..." : "Send Message"}
        </button>
      </p>
    </form>
  );
}
