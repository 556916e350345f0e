import { Form, useLocation, useSearchParams } from "@remix-run/react";

/**
 * Previous/Next of a list whose page is in the address (the loader reads it): "Page 2 of 5 (48 orders)". A GET form
 * that keeps the list's other parameters (its filters), so it works before scripts run and without them.
 */
export function Pager({ page, pages, total, noun }: { page: number; pages: number; total?: number; noun?: string }) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const kept = [...params].filter(([key]) => key !== "page" && key !== "index");
  return (
    <nav className="pager" aria-label="Pages">
      <span className="muted">
        Page {page} of {pages}
        {total !== undefined && noun ? ` (${total} ${noun})` : ""}
      </span>
      <Form method="get" action={pathname} className="action-button">
        {kept.map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        <button type="submit" name="page" value={page - 1} className="btn btn-outline" disabled={page <= 1}>
          Previous
        </button>
        <button type="submit" name="page" value={page + 1} className="btn btn-outline" disabled={page >= pages}>
          Next
        </button>
      </Form>
    </nav>
  );
}
