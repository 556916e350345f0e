import { useEffect, useId, useRef, useState } from "react";
import "./confirm-dialog.css";

/** What a decision with consequences asks before it acts: its title, the consequence, and the confirm button. */
export type Confirmation = {
  title: string;
  /** The consequence spelled out, with the amounts where money moves. */
  body: React.ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
};

/**
 * The one confirm dialog (issue 24): the platform's modal <dialog> (`showModal`), so focus is trapped by the
 * browser and Escape closes it; focus goes back to what opened it. `fields` are inputs the decision carries
 * (approve's message, reject's reason); `onConfirm` gets them and may answer an error to show instead of closing.
 * It only opens once scripts run: each caller's form posts on its own without them (ADR 0032).
 */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  confirmation: { title, body, confirmLabel, cancelLabel = "Cancel", danger = false },
  fields,
}: {
  /** Shown while truthy. A number (useConfirmedSubmit's) changes with every ask: see the effect below. */
  open: boolean | number;
  onClose: () => void;
  onConfirm: (fields: FormData) => string | undefined;
  confirmation: Confirmation;
  fields?: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The platform closes the dialog on Escape, and its close event follows as a task of its own: the page's state
    // follows whatever closed it, unless the dialog was asked for again meanwhile (Enter on the opener, which the
    // browser has already focused again) and shows.
    const closed = () => {
      if (!dialog.open) closeRef.current();
    };
    dialog.addEventListener("close", closed);
    if (!dialog.open) dialog.showModal();
    return () => {
      dialog.removeEventListener("close", closed);
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [open]);

  useEffect(() => {
    if (!open) setError(null);
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      data-testid="confirm-dialog"
    >
      <form
        method="dialog"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const refused = onConfirm(new FormData(form));
          if (refused) {
            setError(refused);
            form.querySelector<HTMLElement>("input, textarea")?.focus();
            return;
          }
          onClose();
        }}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <div id={`${id}-body`} className="stack">
          {body}
        </div>
        {fields}
        {error ? (
          <p role="alert" className="error-text">
            {error}
          </p>
        ) : null}
        <div className="confirm-actions">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {cancelLabel}
          </button>
          <button type="submit" className={danger ? "btn btn-danger" : "btn"}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/**
 * A form's submit with scripts: held until the dialog confirms. `ask` goes on the form's onSubmit (only once
 * hydrated does React attach it, so before that and without scripts the form posts itself); `confirmed` is the
 * form's data with the dialog's fields added, to give the page's fetcher or `useSubmit`.
 */
export function useConfirmedSubmit() {
  const [asked, setAsked] = useState<{ form: HTMLFormElement; count: number } | null>(null);
  const form = asked?.form ?? null;
  return {
    /**
     * 0 while closed; while open, which ask this is. A new ask re-runs the dialog's effect, so a dialog the platform
     * has just closed (its close event not handled yet) shows again instead of staying closed while the page thinks
     * it open.
     */
    open: asked?.count ?? 0,
    ask(e: React.FormEvent<HTMLFormElement>) {
      e.preventDefault();
      const form = e.currentTarget;
      setAsked((before) => ({ form, count: (before?.count ?? 0) + 1 }));
    },
    close: () => setAsked(null),
    confirmed(fields?: FormData) {
      const data = new FormData(form ?? undefined);
      for (const [name, value] of fields ?? []) data.set(name, value);
      return data;
    },
    action: form?.getAttribute("action") ?? undefined,
  };
}
