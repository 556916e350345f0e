import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app-env";
import { type SignedInEnv, requireUserMiddleware } from "../guard";
import { describeRoute } from "../route-info";
import { count, day, done, instant, ok } from "../responses/common";
import { validate } from "../validate";
import { ApiError } from "../errors";
import { readDocumentForm } from "../upload";
import { clientIp } from "../../client-ip";
import { studentRejectBody, studentSubmissionBody, verificationIdParam } from "../../domain/students/schemas";
import { decideStudent, pendingStudents, studentStatusOf, submitStudentId } from "../../domain/students/service";
import { badRequest } from "../../domain/errors";

const verification = z.object({
  status: z.enum(["none", "pending", "verified", "rejected", "expired"]),
  institution: z.string().nullable(),
  courseEndDate: day.nullable(),
  submittedAt: instant.nullable(),
  decidedAt: instant.nullable(),
  verifiedUntil: day.nullable().describe("The last day (in India) a verified status counts"),
  reason: z.string().nullable().describe("Why it was rejected"),
  canSubmit: z.boolean().describe("Whether a (new) document may be sent now"),
});

export const STUDENTS_ONLY = "Only traveller accounts can verify as students";

/**
 * /api/student-verification — a traveller's own student status and their student ID (issue 28, ADR 0049).
 * SECURITY: a traveller's session only (sellers and the superadmin get 403); everything is scoped by the session's id.
 */
export const studentRoutes = new Hono<ApiEnv>()
  .use(requireUserMiddleware("user", STUDENTS_ONLY))
  .get(
    "/",
    describeRoute({
      summary: "The signed-in traveller's student status",
      description: "With the student discount's percent, which verified students get on packages whose seller offers it.",
      responses: { 200: z.object({ success: ok, verification, discountPercent: count }) },
    }),
    async (c) => c.json({ success: true, ...(await studentStatusOf(c.var, c.var.userId, c.var.now)) }),
  )
  .post(
    "/",
    describeRoute({
      summary: "Send a student ID or enrolment letter",
      description:
        "A multipart form: `file` (a JPEG, PNG or WebP image or a PDF, checked from the bytes, at most 4 MB), `institution` and `courseEndDate` (YYYY-MM-DD, after today). The document is stored privately until the superadmin decides, then deleted. Refused while one waits or while verified (409).",
      body: { contentType: ["multipart/form-data"], description: "`file`, `institution`, `courseEndDate`" },
      responses: { 201: done.extend({ verification }) },
      errors: [400, 409, 413, 415, 422, 503],
    }),
    async (c) => {
      const bucket = c.env.MEDIA;
      if (!bucket) throw new ApiError(503, "Uploads are not configured");
      const { fields, upload } = await readDocumentForm(c.req.raw);
      const input = studentSubmissionBody.parse(fields);
      if (!upload) throw badRequest("Attach the student ID or enrolment letter as the `file` field");
      const verification = await submitStudentId(c.var.db, bucket, c.var.userId, input, upload, c.var.now);
      return c.json({ success: true, verification, message: "Your student ID is waiting for review" }, 201);
    },
  );

const pendingVerification = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  institution: z.string(),
  courseEndDate: day,
  documentType: z.string().nullable(),
  submittedAt: instant,
});

const decision = done.extend({
  verification: z.object({
    id: z.string(),
    status: z.enum(["verified", "rejected"]),
    expiresAt: instant.nullable(),
    verifiedUntil: day.nullable(),
    reason: z.string().nullable(),
  }),
});

/**
 * /api/superadmin/student-verifications — the queue of student IDs (issue 28). A decision emails the traveller,
 * deletes the document and appends an audit entry, in one batch. The document itself is opened from the panel's
 * page (/superadmin-panel/students/:id/document), never through the API.
 * SECURITY: mounted only inside superadminRoutes, whose guard lets only a superadmin through.
 */
export const superadminStudentRoutes = new Hono<SignedInEnv>()
  .get(
    "/",
    describeRoute({
      summary: "Student IDs waiting for review",
      responses: { 200: z.object({ success: ok, verifications: z.array(pendingVerification), total: count }) },
    }),
    async (c) => c.json({ success: true, ...(await pendingStudents(c.var)) }),
  )
  .post(
    "/:id/approve",
    describeRoute({
      summary: "Approve a student ID",
      description: "Verified until the earlier of the course's end and 12 months from now; the traveller is emailed.",
      responses: { 200: decision },
      errors: [404, 409],
    }),
    validate("param", verificationIdParam),
    async (c) => {
      const admin = await c.var.user;
      const actor = { id: admin.id, role: admin.role, ip: clientIp(c.req.raw) };
      const verification = await decideStudent(c.var.db, c.var.config, actor, c.req.valid("param").id, { decision: "approve" }, c.var.now);
      return c.json({ success: true, verification, message: "Student verified" });
    },
  )
  .post(
    "/:id/reject",
    describeRoute({
      summary: "Reject a student ID with a reason",
      description: "The traveller is emailed the reason and may send a new document.",
      responses: { 200: decision },
      errors: [404, 409],
    }),
    validate("param", verificationIdParam),
    validate("json", studentRejectBody),
    async (c) => {
      const admin = await c.var.user;
      const actor = { id: admin.id, role: admin.role, ip: clientIp(c.req.raw) };
      const { reason } = c.req.valid("json");
      const verification = await decideStudent(
        c.var.db,
        c.var.config,
        actor,
        c.req.valid("param").id,
        { decision: "reject", reason },
        c.var.now,
      );
      return c.json({ success: true, verification, message: "Student ID rejected" });
    },
  );
