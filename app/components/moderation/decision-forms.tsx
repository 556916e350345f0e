import type { FetcherWithComponents } from "@remix-run/react";
import { useId } from "react";
import { ActionButton } from "~/components/action-button";
import { ConfirmDialog, useConfirmedSubmit } from "~/components/ui/confirm-dialog";

/**
 * Approve, and Reject with the reason the seller reads, for one package or one change (ADR 0048). Both are forms
 * posting to the page's action, so they work without scripts; with scripts each asks in the confirm dialog first.
 */
export function DecisionForms({
  fetcher,
  intent,
  id,
  name,
  approveBody,
  locked,
  reasonError,
}: {
  fetcher: FetcherWithComponents<unknown>;
  /** What the page's action decides: `package` or `edit`. */
  intent: string;
  id: string;
  /** The package's name, in the buttons' accessible names and the dialogs. */
  name: string;
  approveBody: React.ReactNode;
  locked: boolean;
  reasonError?: string;
}) {
  const reasonId = useId();
  const asking = useConfirmedSubmit();
  return (
    <div className="moderation-decision stack">
      <ActionButton
        fetcher={fetcher}
        fields={{ intent, id, decision: "approve" }}
        confirm={{ title: `Approve "${name}"?`, body: approveBody, confirmLabel: "Approve" }}
        className="btn"
        disabled={locked}
        aria-label={`Approve ${name}`}
      >
        Approve
      </ActionButton>
      <fetcher.Form method="post" className="stack" onSubmit={asking.ask}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="decision" value="reject" />
        <div className="field">
          <label htmlFor={reasonId}>Reason for the seller (to reject)</label>
          <textarea
            id={reasonId}
            name="reason"
            rows={2}
            maxLength={500}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            className={reasonError ? "input-error" : undefined}
          />
          {reasonError ? (
            <span id={`${reasonId}-error`} className="error-text">
              {reasonError}
            </span>
          ) : null}
        </div>
        <button type="submit" className="btn btn-outline" disabled={locked} aria-label={`Reject ${name}`}>
          Reject
        </button>
      </fetcher.Form>
      <ConfirmDialog
        open={asking.open}
        onClose={asking.close}
        confirmation={{
          title: `Reject "${name}"?`,
          body: <p>The seller sees your reason in their packages list. It stays off every public page.</p>,
          confirmLabel: "Reject",
          danger: true,
        }}
        onConfirm={() => {
          fetcher.submit(asking.confirmed(), { method: "post" });
          return undefined;
        }}
      />
    </div>
  );
}
