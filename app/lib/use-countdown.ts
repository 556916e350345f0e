import { useCallback, useEffect, useState } from "react";

/** Seconds left of a countdown started with `start(n)`; 0 when idle. */
export function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const id = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(id);
  }, [left]);
  const start = useCallback((seconds: number) => setLeft(seconds), []);
  const reset = useCallback(() => setLeft(0), []);
  return { left, start, reset };
}

/** Spec §9: a code can be requested again after 30 seconds. */
export const RESEND_SECONDS = 30;
