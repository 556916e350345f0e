import type { ActionResult } from "~/lib/action-result";

/** The website page's answer to a form sent without scripts: which form it was, and on a refusal what was typed. */
export type WebsiteAnswer = ActionResult & { intent?: string; values?: Record<string, string> };

/** An action's answer in words by the form's button, for a page sent without scripts (with them, a toast says it). */
export function FormAnswer({ answer }: { answer?: ActionResult }) {
  if (!answer) return null;
  return answer.ok ? (
    <p className="success-text" role="status">
      {answer.message}
    </p>
  ) : (
    <p className="error-text" role="alert">
      {answer.message}
    </p>
  );
}
