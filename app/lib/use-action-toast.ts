import type { FetcherWithComponents } from "@remix-run/react";
import { useEffect } from "react";
import { toast } from "~/lib/notify";
import type { ActionResult } from "./action-result";

/**
 * Shows the toast of an action's answer once per answer: its message on success, on failure the
 * server's message, or `failure` (spec §8's fallback text) when the answer carries none.
 */
export function useActionToast(fetcher: Pick<FetcherWithComponents<unknown>, "data" | "state">, failure: string) {
  const result = fetcher.data as ActionResult | undefined;
  useEffect(() => {
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) toast.success(result.message);
    else toast.error(result.message || failure);
  }, [result, fetcher.state, failure]);
  return result;
}

/** The field errors of a failed action, by field path. */
export function issuesOf(result: ActionResult | undefined): Record<string, string> {
  if (!result || result.ok || !result.issues) return {};
  return Object.fromEntries(result.issues.map((i) => [i.path, i.message]));
}
