import { useEffect, useRef } from "react";

/**
 * Calls `onAnswer` once for each answer of a fetcher's action, when it has settled (the page's data read
 * again). Once, whatever else re-renders the page: a toast or a navigation must not happen twice.
 */
export function useFetcherAnswer<T>(fetcher: { data: T | undefined; state: string }, onAnswer: (answer: T) => void) {
  const handled = useRef<T>();
  const latest = useRef(onAnswer);
  latest.current = onAnswer;
  useEffect(() => {
    if (fetcher.data === undefined || fetcher.state !== "idle" || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    latest.current(fetcher.data);
  }, [fetcher.data, fetcher.state]);
}
