import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { idParam } from "@worker/domain/seller-admin/schemas";
import { rejectBody, requestListQuery } from "@worker/domain/seller-requests/schemas";
import { type SellerRequest, approveRequest, listRequests, rejectRequest } from "@worker/domain/seller-requests/service";
import { z } from "zod";
import { adminActor } from "~/lib/admin-actor.server";
import { actionInput, pageQuery, signedInAction, signedInData } from "~/lib/session.server";

/**
 * The superadmin's seller-request screens (pending, approved, rejected): one loader per status and
 * the review action of the pending screen, over the same services and schemas as
 * /api/superadmin/seller-requests.
 */
export function reviewLoader({ context }: LoaderFunctionArgs, status: SellerRequest["status"]) {
  const query = pageQuery(context.url, requestListQuery, { status });
  return signedInData(context, "superadmin", async () => ({ list: await listRequests(context, query) }));
}

export type ReviewLoader = typeof reviewLoader;

/** Approve, or reject with the reason the applicant reads: the API's id and body schemas, told apart by `intent`. */
const review = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve") }).merge(idParam),
  z
    .object({ intent: z.literal("reject") })
    .merge(idParam)
    .merge(rejectBody),
]);

export function reviewAction({ request, context }: ActionFunctionArgs) {
  return signedInAction(context, "superadmin", async (admin) => {
    const input = review.parse(await actionInput(request));
    if (input.intent === "approve") {
      const approved = await approveRequest(context.db, context.config, adminActor(request, admin), input.id);
      return `${approved.businessName} is now a seller`;
    }
    await rejectRequest(context.db, context.config, adminActor(request, admin), input.id, input.note);
    return "Request rejected";
  });
}

export type ReviewAction = typeof reviewAction;
