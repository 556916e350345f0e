/** Development and tests only: slows the offline supplier (ms per carrier) so a cancelled search can be watched. */
export const SUPPLIER_DELAY_HEADER = "x-tb-supplier-delay";

/**
 * Development and tests only: names a search so /api/dev/flight-searches/{id}/abort can abort it. Miniflare (under
 * `npm start` and the tests) does not fire a request's signal when its caller disconnects, as Cloudflare does with
 * enable_request_signal; this stands in for that disconnect so a test can watch the supplier stop. Both the API's
 * search and the flights page's loader honour it.
 */
export const SEARCH_ID_HEADER = "x-tb-search-id";

/**
 * Development and tests only (the API honours it outside production): searches in flight by a name the caller gave,
 * so one can be aborted as a disconnect would abort it on Cloudflare (Miniflare does not forward disconnects).
 * Another request may not touch this request's I/O objects, so it only asks; the search's own request, watching for
 * the ask every 20 ms, aborts its own controller.
 */
const running = new Set<string>();
const asked = new Set<string>();

export function namedSearchSignal(id: string, signal: AbortSignal) {
  const name = id.slice(0, 100);
  const controller = new AbortController();
  running.add(name);
  const watch = setInterval(() => {
    if (!asked.delete(name)) return;
    clearInterval(watch);
    controller.abort(new DOMException("The search was replaced", "AbortError"));
  }, 20);
  const stop = () => clearInterval(watch);
  signal.addEventListener("abort", stop, { once: true });
  const forget = () => {
    stop();
    running.delete(name);
    asked.delete(name);
  };
  return { signal: AbortSignal.any([signal, controller.signal]), forget };
}

/** True when a search of that name is running; it stops within 20 ms. */
export function abortNamedSearch(id: string) {
  if (!running.has(id)) return false;
  asked.add(id);
  return true;
}
