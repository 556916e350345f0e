import { useSearchParams } from "@remix-run/react";

/**
 * A filtered, paged list whose filters live in the address, where the page's loader reads them:
 * `applyFilters` reads a form's named fields (and goes back to page 1); the Pager links to the other pages and
 * keeps the filters (app/components/pager.tsx).
 */
export function useListFilters(keys: readonly string[]) {
  const [params, setParams] = useSearchParams();

  function applyFilters(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const k of keys) {
      const v = String(form.get(k) ?? "").trim();
      if (v) next.set(k, v);
    }
    setParams(next);
  }

  return { params, applyFilters };
}
