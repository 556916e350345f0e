import type { FetcherWithComponents } from "@remix-run/react";
import { type Confirmation, ConfirmDialog, useConfirmedSubmit } from "~/components/ui/confirm-dialog";

/**
 * One write as a button: a form posting `fields` to the page's action through `fetcher`, so it works before scripts
 * run and without them (the page comes back with the answer). With scripts, a decision with consequences
 * (`confirm`: delete, disable, remove a domain) opens the confirm dialog first and posts the same form on its
 * confirm; `onSend` sees the post go.
 */
export function ActionButton({
  fetcher,
  fields,
  confirm,
  onSend,
  children,
  ...button
}: {
  fetcher: FetcherWithComponents<unknown>;
  fields: Record<string, string>;
  confirm?: Confirmation;
  onSend?: () => void;
  children: React.ReactNode;
} & Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "type" | "form" | "onClick">) {
  const asking = useConfirmedSubmit();
  return (
    <>
      <fetcher.Form method="post" className="action-button" onSubmit={confirm ? asking.ask : () => onSend?.()}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" {...button}>
          {children}
        </button>
      </fetcher.Form>
      {confirm ? (
        <ConfirmDialog
          open={asking.open}
          onClose={asking.close}
          confirmation={confirm}
          onConfirm={() => {
            fetcher.submit(asking.confirmed(), { method: "post" });
            onSend?.();
            return undefined;
          }}
        />
      ) : null}
    </>
  );
}
