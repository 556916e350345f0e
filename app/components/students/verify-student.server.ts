import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readDocumentForm } from "@worker/api/upload";
import { badRequest, unavailable } from "@worker/domain/errors";
import { studentSubmissionBody } from "@worker/domain/students/schemas";
import { studentStatusOf, submitStudentId } from "@worker/domain/students/service";
import { refusal, requireUser, signedInData, signedInHeaders } from "~/lib/session.server";
import { data } from "@remix-run/cloudflare";
import type { ActionResult } from "~/lib/action-result";

/** The traveller's own student status (issue 28): the session check and the reads in one D1 round trip. */
export function verifyStudentLoader({ context }: LoaderFunctionArgs) {
  return signedInData(context, "user", (userId) => studentStatusOf(context, userId, context.now));
}

/**
 * The upload, a multipart form that works without scripts: the same reader, schema and service as
 * `POST /api/student-verification`. SECURITY: the guard runs before the body is read; the document is stored under
 * the session's own account.
 */
export async function verifyStudentAction({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, "user");
  try {
    if (!context.env.MEDIA) throw unavailable("Uploads are not configured");
    const { fields, upload } = await readDocumentForm(request);
    const input = studentSubmissionBody.parse(fields);
    if (!upload) throw badRequest("Attach your student ID or enrolment letter");
    await submitStudentId(context.db, context.env.MEDIA, user.id, input, upload, context.now);
    return data<ActionResult>({ ok: true, message: "Thank you. Your student ID is waiting for review." }, { headers: signedInHeaders });
  } catch (error) {
    return refusal(error);
  }
}
