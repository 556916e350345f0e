/** Previous/Next for a client-fetched list: "Page 2 of 5 (48 orders)". */
export function Pager({
  page,
  pages,
  total,
  noun,
  onPage,
}: {
  page: number;
  pages: number;
  total?: number;
  noun?: string;
  onPage: (page: number) => void;
}) {
  return (
    <nav className="pager" aria-label="Pages">
      <span className="muted">
        Page {page} of {pages}
        {total !== undefined && noun ? ` (${total} ${noun})` : ""}
      </span>
      <button type="button" className="btn btn-outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <button type="button" className="btn btn-outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
