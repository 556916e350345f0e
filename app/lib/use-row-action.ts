import { useState } from "react";
import { toast } from "~/lib/notify";
import { errorMessage } from "~/lib/api";

/**
 * A write on one row of a list: the row is busy while it runs, the outcome is toasted, and the list
 * reloads on success. `action` resolves with the success message; `onError` sees a failure after its toast.
 */
export function useRowAction(reload: () => void) {
  const [busy, setBusy] = useState<string | null>(null);
  async function run(id: string, failure: string, action: () => Promise<string>, onError?: (error: unknown, message: string) => void) {
    setBusy(id);
    try {
      toast.success(await action());
      reload();
    } catch (error) {
      const message = errorMessage(error, failure);
      toast.error(message);
      onError?.(error, message);
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}
