import type { ActionResult } from "~/lib/action-result";

/** The website page's answer to a form sent without scripts: which form it was, and on a refusal what was typed. */
export type WebsiteAnswer = ActionResult & { intent?: string; values?: Record<string, string> };

/** The website page's forms that show their own answer by their button; the page shows the others' (domains). */
export const ANSWERED_IN_FORM = new Set(["brand", "profile"]);
