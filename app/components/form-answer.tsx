import type { ActionResult } from "~/lib/action-result";

/**
 * A form's answer written in the page, for a post that came without scripts (or before them): the page is rendered
 * again with it, and there is no toast to show it. `failure` is spec §8's fallback when the answer has no message.
 */
export function FormAnswer({ answer, failure }: { answer: ActionResult | undefined; failure: string }) {
  if (!answer) return null;
  return answer.ok ? (
    <p role="status" className="success-text">
      {answer.message}
    </p>
  ) : (
    <p role="alert" className="error-text">
      {answer.message || failure}
    </p>
  );
}
