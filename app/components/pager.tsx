import { Link, useLocation, useSearchParams } from "@remix-run/react";

/**
 * Previous/Next for a paged list: "Page 2 of 5 (48 orders)". Links to the same list with its filters and the other
 * page, so paging works before scripts run (or without them); the first page's address has no `page`.
 */
export function Pager({ page, pages, total, noun }: { page: number; pages: number; total?: number; noun?: string }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const to = (n: number) => {
    const next = new URLSearchParams(params);
    next.delete("index");
    if (n > 1) next.set("page", String(n));
    else next.delete("page");
    const query = next.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const step = (n: number, label: string, disabled: boolean) =>
    disabled ? (
      <span className="btn btn-outline" aria-disabled="true">
        {label}
      </span>
    ) : (
      <Link className="btn btn-outline" to={to(n)} preventScrollReset>
        {label}
      </Link>
    );
  return (
    <nav className="pager" aria-label="Pages">
      <span className="muted">
        Page {page} of {pages}
        {total !== undefined && noun ? ` (${total} ${noun})` : ""}
      </span>
      {step(page - 1, "Previous", page <= 1)}
      {step(page + 1, "Next", page >= pages)}
    </nav>
  );
}
