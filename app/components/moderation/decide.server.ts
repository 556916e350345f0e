import type { AppLoadContext } from "@remix-run/cloudflare";
import { clientIp } from "@worker/client-ip";
import { decideEdit, decidePackage } from "@worker/domain/moderation/admin";
import { decisionBody } from "@worker/domain/moderation/schemas";
import { idParam } from "@worker/domain/seller-admin/schemas";
import { z } from "zod";
import { actionInput, signedInAction } from "~/lib/session.server";

/** A package's or a change's decision, with the API's schemas (PUT /api/superadmin/{packages,edits}/:id/decision). */
const decision = z
  .object({ intent: z.enum(["package", "edit"]) })
  .merge(idParam)
  .and(decisionBody);

/** The panel's moderation action: the superadmin guard, then the decision and its audit entry (one D1 batch). */
export function decideAction(request: Request, context: AppLoadContext) {
  return signedInAction(context, "superadmin", async (admin) => {
    const input = decision.parse(await actionInput(request));
    const actor = { id: admin.id, role: admin.role, ip: clientIp(request) };
    const decide = input.intent === "package" ? decidePackage : decideEdit;
    return (await decide(context.db, context.config, actor, input.id, input, context.now)).message;
  });
}
