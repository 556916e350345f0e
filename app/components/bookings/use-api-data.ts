import { useCallback, useEffect, useState } from "react";
import { api, errorMessage } from "~/lib/api";

export type ApiData<T> = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; data: T };

/** Client-side GET through the one API client (the token lives in localStorage), with reload. */
export function useApiData<T>(path: string | null, fallbackError: string) {
  const [state, setState] = useState<ApiData<T>>({ status: "loading" });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick forces a reload
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    setState((s) => (s.status === "ready" ? s : { status: "loading" }));
    api<T>(path, { signal: controller.signal })
      .then((data) => setState({ status: "ready", data }))
      .catch((error) => {
        if (!controller.signal.aborted) setState({ status: "error", message: errorMessage(error, fallbackError) });
      });
    return () => controller.abort();
  }, [path, tick, fallbackError]);
  return { state, reload };
}
