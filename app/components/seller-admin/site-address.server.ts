import { type ActionFunctionArgs, data } from "@remix-run/cloudflare";
import { changeSlug, slugBody } from "@worker/domain/seller-admin/slug";
import type { ActionResult } from "~/lib/action-result";
import { actionInput, refusal, requireUser, signedInHeaders } from "~/lib/session.server";

/** The answer of the website address form: the toast or the text in the card, and after a refusal what was typed. */
export type SiteAddressActionData = ActionResult & { intent: "slug"; sitePath?: string; values?: { slug: string } };

/**
 * The seller's one change of their site's address (ADR 0040), posted with `intent=slug` to the settings page. The
 * same service and schema as `PUT /api/seller-admin/site/slug`; works with scripts or without them.
 */
export async function siteAddressAction({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, "seller");
  const input = await actionInput(request).catch(() => ({}) as Record<string, unknown>);
  const typed = typeof input.slug === "string" ? input.slug : "";
  try {
    const changed = await changeSlug(context.db, context.config, user.id, slugBody.parse(input));
    return data<SiteAddressActionData>(
      {
        ok: true,
        intent: "slug",
        message: `Your website address is now ${changed.sitePath}. The old address leads there.`,
        sitePath: changed.sitePath,
      },
      { headers: signedInHeaders },
    );
  } catch (error) {
    return refusal<{ intent: "slug"; values: { slug: string } }>(error, { intent: "slug", values: { slug: typed } });
  }
}

/** True when a settings post is the address form's (read from a copy, so the body is still there for the other forms). */
export async function isSiteAddressPost(request: Request) {
  const input = await actionInput(request.clone() as Request).catch(() => ({}) as Record<string, unknown>);
  return input.intent === "slug";
}
