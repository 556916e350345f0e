import type { FetcherWithComponents } from "@remix-run/react";

/**
 * One write as a button: a form posting `fields` to the page's action through `fetcher`, so it works before scripts
 * run and without them (the page comes back with the answer). With scripts, `confirm` is asked first, as the
 * page's other decisions with consequences are (logout, cancel), and `onSend` sees the post go.
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
  confirm?: string;
  onSend?: () => void;
  children: React.ReactNode;
} & Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "type" | "form" | "onClick">) {
  return (
    <fetcher.Form
      method="post"
      className="action-button"
      onSubmit={(e) => {
        if (confirm && !window.confirm(confirm)) return e.preventDefault();
        onSend?.();
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" {...button}>
        {children}
      </button>
    </fetcher.Form>
  );
}
