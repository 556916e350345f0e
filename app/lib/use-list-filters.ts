import { useSearchParams } from "@remix-run/react";

/**
 * A filtered, paged list whose filters live in the address, where the page's loader reads them:
 * `applyFilters` reads a form's named fields, leaves out the empty ones and goes back to page 1. Without scripts
 * the form is a plain GET of the same address (the loader reads it through `withoutEmptyFilters`); the pages are
 * the Pager's GET form.
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

/**
 * The list's address as its loader reads it: a filter form sent without scripts (a plain GET) sends its empty fields
 * too (`?q=&role=`), which mean "not given", as `applyFilters` has it.
 */
export function withoutEmptyFilters(url: URL) {
  const filled = new URL(url);
  for (const [key, value] of url.searchParams) if (!value.trim()) filled.searchParams.delete(key);
  return filled;
}
