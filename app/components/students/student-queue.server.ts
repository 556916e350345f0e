import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { clientIp } from "@worker/client-ip";
import { studentRejectBody, verificationIdParam } from "@worker/domain/students/schemas";
import { decideStudent, pendingDocument, pendingStudents } from "@worker/domain/students/service";
import { z } from "zod";
import { actionInput, requireUser, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";

/** The superadmin's queue of student IDs (issue 28): the session check and the list in one D1 round trip. */
export function studentQueueLoader({ context }: LoaderFunctionArgs) {
  return signedInData(context, "superadmin", async () => ({ queue: await pendingStudents(context) }));
}

/** Approve, or reject with the reason the traveller reads: the API's schemas, told apart by `intent`. */
const decision = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve") }).merge(verificationIdParam),
  z
    .object({ intent: z.literal("reject") })
    .merge(verificationIdParam)
    .merge(studentRejectBody),
]);

export function studentQueueAction({ request, context }: ActionFunctionArgs) {
  return signedInAction(context, "superadmin", async (admin) => {
    const input = decision.parse(await actionInput(request));
    const actor = { id: admin.id, role: admin.role, ip: clientIp(request) };
    const decided =
      input.intent === "approve"
        ? await decideStudent(context.db, context.config, actor, input.id, { decision: "approve" }, context.now)
        : await decideStudent(context.db, context.config, actor, input.id, { decision: "reject", reason: input.reason }, context.now);
    return decided.status === "verified" ? "Student verified; they have been emailed" : "Student ID rejected; they have been emailed";
  });
}

/**
 * A waiting verification's document, for the superadmin only (403 to anyone else, the login to a guest); 404 once
 * decided. R2 is read only after the session check passed.
 */
export async function studentDocumentLoader({ context, params }: LoaderFunctionArgs) {
  // Both reads start now, so the session check and the document's row are one D1 batch.
  const check = requireUser(context, "superadmin");
  check.catch(() => undefined);
  const doc = await pendingDocument(context, context.env.MEDIA, params.id ?? "", check);
  await check;
  if (!doc) throw new Response("Document not found", { status: 404, headers: signedInHeaders });
  return new Response(doc.body, { headers: documentHeaders(doc) });
}

/**
 * SECURITY: a document is shown to the superadmin as the type its bytes are, never run: no sniffing, no scripts, a
 * sandbox, and never cached; a PDF is downloaded rather than opened inside our origin.
 */
function documentHeaders(doc: { contentType: string; size: number; name: string }) {
  const pdf = doc.contentType === "application/pdf";
  return {
    "content-type": doc.contentType,
    "content-length": String(doc.size),
    "content-disposition": `${pdf ? "attachment" : "inline"}; filename="${doc.name.replace(/[^A-Za-z0-9._-]/g, "")}"`,
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    "referrer-policy": "no-referrer",
  };
}
