import { useId, useState } from "react";

type Props = Omit<React.InputHTMLAttributes<HTMLInputElement>, "type"> & { label: string; error?: string | null };

/** A labelled password field with a show/hide toggle; `error` adds the red border and the message. */
export function PasswordField({ label, error, className, ...input }: Props) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="row" style={{ flexWrap: "nowrap", gap: "0.6rem" }}>
        <input
          {...input}
          id={id}
          type={shown ? "text" : "password"}
          maxLength={128}
          className={[className, error ? "input-error" : ""].filter(Boolean).join(" ") || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-label={shown ? "Hide password" : "Show password"}
        >
          {shown ? "Hide" : "Show"}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="error-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled text field. */
export function TextField({ label, ...input }: React.InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input {...input} id={id} />
    </div>
  );
}
