import { useSearchParams } from "@remix-run/react";

/**
 * A filtered, paged list whose filters live in the address, where the page's loader reads them:
 * `applyFilters` reads a form's named fields (and goes back to page 1), `goTo` changes the page and
 * keeps the filters.
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

  const goTo = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    setParams(next);
  };

  const clear = () => setParams(new URLSearchParams());

  return { params, applyFilters, goTo, clear };
}
