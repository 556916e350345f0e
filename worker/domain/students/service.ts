import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import { outbox, packages, studentVerifications, users } from "@db/schema";
import type { Reader } from "../../db/batcher";
import type { Db } from "../../db/client";
import { breaksUnique } from "../../db/constraints";
import type { AppConfig } from "../../env";
import { type AuditActor, auditInsert } from "../audit/entry";
import { todayInIndia } from "../bookings/transitions";
import { platformUrl } from "../email/links";
import { conflict, notFound, unprocessable } from "../errors";
import { enqueueFollowUps } from "../follow-ups/outbox";
import { readPlatformSettings } from "../platform/settings";
import { type DocumentUpload, checkDocument } from "./document";
import type { StudentSubmission } from "./schemas";

export const ALREADY_PENDING = "Your student ID is already waiting for review";
export const ALREADY_VERIFIED = "You are already verified as a student";
export const ALREADY_DECIDED = "This verification has already been decided";
export const VERIFICATION_NOT_FOUND = "Verification not found";
export const PENDING_PAGE_SIZE = 50;

/** What a traveller sees of their verification: its state and what was decided, never the document. */
export type StudentStatusView = {
  status: "none" | "pending" | "verified" | "rejected" | "expired";
  institution: string | null;
  courseEndDate: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  /** The last day (in India) a verified status counts; on verified and expired ones. */
  verifiedUntil: string | null;
  /** Why it was rejected. */
  reason: string | null;
  /** Whether a (new) document may be uploaded now: not while one waits, nor while verified. */
  canSubmit: boolean;
};

type Row = typeof studentVerifications.$inferSelect;

/** The last day a verification counts, in India: the day before its expiry instant. */
const lastDayOf = (expiresAt: string) => todayInIndia(new Date(Date.parse(expiresAt) - 1));

/**
 * When a verification approved at `approvedAt` stops counting (ADR 0049): the earlier of the end of the course's
 * last day in India and 12 months after approval.
 */
export function expiryOf(courseEndDate: string, approvedAt: Date) {
  // Midnight in India (UTC+5:30) after the course's last day.
  const courseEnd = Date.parse(`${courseEndDate}T18:30:00.000Z`);
  const year = new Date(approvedAt);
  year.setUTCFullYear(year.getUTCFullYear() + 1);
  return new Date(Math.min(courseEnd, year.getTime())).toISOString();
}

export function statusView(row: Row | undefined, now: Date): StudentStatusView {
  if (!row)
    return {
      status: "none",
      institution: null,
      courseEndDate: null,
      submittedAt: null,
      decidedAt: null,
      verifiedUntil: null,
      reason: null,
      canSubmit: true,
    };
  const expired = row.status === "verified" && row.expiresAt !== null && row.expiresAt <= now.toISOString();
  const status = expired ? "expired" : row.status;
  return {
    status,
    institution: row.institution,
    courseEndDate: row.courseEndDate,
    submittedAt: row.submittedAt,
    decidedAt: row.decidedAt,
    verifiedUntil: row.expiresAt ? lastDayOf(row.expiresAt) : null,
    reason: row.status === "rejected" ? row.reason : null,
    canSubmit: status === "rejected" || status === "expired",
  };
}

/** The signed-in traveller's own verification, with the discount it earns; joins the request's one D1 batch. */
export async function studentStatusOf(reader: Reader, userId: string, now: Date) {
  const { db, load } = reader;
  const [rows, settings] = await Promise.all([
    load(db.select().from(studentVerifications).where(eq(studentVerifications.userId, userId)).limit(1)),
    readPlatformSettings(reader),
  ]);
  return { verification: statusView(rows[0], now), discountPercent: settings.studentDiscountPercent };
}

/**
 * The student discount's percent for this traveller now: the platform's setting while their verification counts,
 * else 0. A package applies it only when its seller opted in (the caller knows the package). Read in the caller's
 * batch; no account (a guest) is 0 without a read.
 */
export async function studentPercentFor(reader: Reader, userId: string | null | undefined, now: Date): Promise<number> {
  if (!userId) return 0;
  const { db, load } = reader;
  const [rows, settings] = await Promise.all([
    load(
      db
        .select({ id: studentVerifications.id })
        .from(studentVerifications)
        .where(
          and(
            eq(studentVerifications.userId, userId),
            eq(studentVerifications.status, "verified"),
            gt(studentVerifications.expiresAt, now.toISOString()),
          ),
        )
        .limit(1),
    ),
    readPlatformSettings(reader),
  ]);
  return rows.length > 0 ? settings.studentDiscountPercent : 0;
}

/** The student discount's percent for this traveller on this package: 0 unless its seller opted in. One batch. */
export async function studentPercentOnPackage(reader: Reader, userId: string | null | undefined, packageId: string, now: Date) {
  if (!userId) return 0;
  const { db, load } = reader;
  const [percent, [pkg]] = await Promise.all([
    studentPercentFor(reader, userId, now),
    load(db.select({ studentDiscount: packages.studentDiscount }).from(packages).where(eq(packages.id, packageId)).limit(1)),
  ]);
  return pkg?.studentDiscount ? percent : 0;
}

/**
 * A traveller sends a student ID: its bytes are checked (document.ts), it is stored under a private R2 key (never
 * under /media/, so nothing serves it publicly) and the verification waits for the superadmin. A new document is
 * taken after a rejection or an expiry, never while one waits or while verified (409); then the stored file is
 * removed again at once.
 */
export async function submitStudentId(
  db: Db,
  bucket: R2Bucket,
  userId: string,
  input: StudentSubmission,
  upload: DocumentUpload,
  now: Date,
) {
  const type = checkDocument(upload);
  const today = todayInIndia(now);
  if (input.courseEndDate <= today)
    throw unprocessable("Your course must end after today", [{ path: "courseEndDate", message: "Your course must end after today" }]);
  const latest = `${Number(today.slice(0, 4)) + 10}${today.slice(4)}`;
  if (input.courseEndDate > latest)
    throw unprocessable("The course end date is at most 10 years away", [
      { path: "courseEndDate", message: "The course end date is at most 10 years away" },
    ]);
  const key = `student-ids/${userId}/${crypto.randomUUID()}.${type.ext}`;
  await bucket.put(key, upload.bytes, { httpMetadata: { contentType: type.contentType } });
  const at = now.toISOString();
  const fresh = {
    id: `sv_${crypto.randomUUID()}`,
    status: "pending" as const,
    institution: input.institution,
    courseEndDate: input.courseEndDate,
    documentKey: key,
    documentType: type.contentType,
    submittedAt: at,
    decidedAt: null,
    decidedBy: null,
    reason: null,
    expiresAt: null,
  };
  let written: Row[] = [];
  try {
    written = await db
      .insert(studentVerifications)
      .values({ ...fresh, userId })
      .onConflictDoUpdate({
        target: studentVerifications.userId,
        set: fresh,
        // Only a decided row that no longer counts is replaced: never a waiting one, never a valid verification.
        setWhere: sql`${studentVerifications.status} = 'rejected' or (${studentVerifications.status} = 'verified' and ${studentVerifications.expiresAt} <= ${at})`,
      })
      .returning();
  } finally {
    if (written.length === 0) await bucket.delete(key).catch(() => undefined);
  }
  if (written.length === 0) {
    const [row] = await db.select().from(studentVerifications).where(eq(studentVerifications.userId, userId)).limit(1);
    throw conflict(row?.status === "pending" ? ALREADY_PENDING : ALREADY_VERIFIED);
  }
  return statusView(written[0], now);
}

/** The verifications waiting for the superadmin, oldest first, with who sent them; one D1 batch. */
export async function pendingStudents({ db, load }: Reader) {
  const pending = eq(studentVerifications.status, "pending");
  const [rows, [{ total }]] = await Promise.all([
    load(
      db
        .select({
          id: studentVerifications.id,
          userId: studentVerifications.userId,
          institution: studentVerifications.institution,
          courseEndDate: studentVerifications.courseEndDate,
          documentType: studentVerifications.documentType,
          submittedAt: studentVerifications.submittedAt,
          name: users.name,
          email: users.email,
        })
        .from(studentVerifications)
        .innerJoin(users, eq(users.id, studentVerifications.userId))
        .where(pending)
        .orderBy(asc(studentVerifications.submittedAt), asc(studentVerifications.id))
        .limit(PENDING_PAGE_SIZE),
    ),
    load(db.select({ total: count() }).from(studentVerifications).where(pending)),
  ]);
  return { verifications: rows, total };
}

/**
 * The document of a waiting verification, for the superadmin's eyes only (the caller checks the role); null once
 * decided (the file is deleted then) or for an unknown id.
 */
export async function pendingDocument(
  { db, load }: Reader,
  bucket: R2Bucket | undefined,
  id: string,
  /** SECURITY: settles once the caller's access check passed; R2 is read only after it (the D1 read runs beside it). */
  allowed: Promise<unknown> = Promise.resolve(),
) {
  const [row] = await load(
    db
      .select({ key: studentVerifications.documentKey, type: studentVerifications.documentType })
      .from(studentVerifications)
      .where(and(eq(studentVerifications.id, id), eq(studentVerifications.status, "pending")))
      .limit(1),
  );
  await allowed;
  if (!row?.key || !bucket) return null;
  const object = await bucket.get(row.key);
  if (!object) return null;
  return {
    body: object.body,
    contentType: row.type ?? "application/octet-stream",
    size: object.size,
    name: row.key.split("/").pop() ?? "",
  };
}

export type StudentDecision = { decision: "approve" } | { decision: "reject"; reason: string };

function decisionEmail(config: AppConfig, row: { name: string; institution: string }, decided: StudentDecision, expiresAt: string | null) {
  const page = platformUrl(config, "/user-dashboard/verify-student");
  if (decided.decision === "approve")
    return {
      subject: "Your student status is verified",
      text: [
        `Hello ${row.name},`,
        "",
        `Your student ID from ${row.institution} is verified. Until ${expiresAt ? lastDayOf(expiresAt) : ""} you get the student discount on packages whose seller offers it; it shows as its own line in the price.`,
        "",
        "We have deleted the document you sent; we keep only the decision.",
        "",
        page,
      ].join("\n"),
    };
  return {
    subject: "About your student verification",
    text: [
      `Hello ${row.name},`,
      "",
      `We could not verify your student ID from ${row.institution}.`,
      "",
      `Reason: ${decided.reason}`,
      "",
      "We have deleted the document you sent. You can upload a new one from your dashboard:",
      page,
    ].join("\n"),
  };
}

/**
 * The superadmin's decision on a waiting verification (ADR 0049), in one D1 batch: the verification's new state
 * (the document's key cleared), the traveller's email, the document's deletion as a follow-up (retried by the queue
 * until R2 lets it go), and the audit entry. The email's id is the verification's own, so of two racing decisions
 * the second batch fails whole (409) and writes nothing.
 */
export async function decideStudent(db: Db, config: AppConfig, admin: AuditActor, id: string, decided: StudentDecision, now: Date) {
  const [row] = await db
    .select({ v: studentVerifications, name: users.name, email: users.email })
    .from(studentVerifications)
    .innerJoin(users, eq(users.id, studentVerifications.userId))
    .where(eq(studentVerifications.id, id))
    .limit(1);
  if (!row) throw notFound(VERIFICATION_NOT_FOUND);
  if (row.v.status !== "pending") throw conflict(ALREADY_DECIDED);
  const at = now.toISOString();
  const status = decided.decision === "approve" ? ("verified" as const) : ("rejected" as const);
  const expiresAt = decided.decision === "approve" ? expiryOf(row.v.courseEndDate, now) : null;
  const reason = decided.decision === "reject" ? decided.reason : null;
  const email = decisionEmail(config, { name: row.name, institution: row.v.institution }, decided, expiresAt);
  const mailId = `sv_mail_${id}`;
  const documentId = `sv_doc_${id}`;
  const key = row.v.documentKey;
  try {
    await db.batch([
      db
        .insert(outbox)
        .values({ id: mailId, kind: "email", to: row.email.toLowerCase(), subject: email.subject, text: email.text, createdAt: at }),
      db
        .update(studentVerifications)
        .set({ status, decidedAt: at, decidedBy: admin.id, reason, expiresAt, documentKey: null, documentType: null })
        .where(and(eq(studentVerifications.id, id), eq(studentVerifications.status, "pending"))),
      auditInsert(
        db,
        admin,
        {
          action: `student.${decided.decision}`,
          targetType: "student_verification",
          targetId: id,
          before: { status: "pending", userId: row.v.userId, institution: row.v.institution, courseEndDate: row.v.courseEndDate },
          after: { status, expiresAt },
          reason,
        },
        now,
      ),
      ...(key
        ? [
            db
              .insert(outbox)
              .values({ id: documentId, kind: "student-document", payload: { key }, to: "", subject: "", text: "", createdAt: at }),
          ]
        : []),
    ]);
  } catch (error) {
    if (breaksUnique(error, "outbox.id")) throw conflict(ALREADY_DECIDED);
    throw error;
  }
  await enqueueFollowUps(config, key ? [mailId, documentId] : [mailId]);
  return { id, status, expiresAt, verifiedUntil: expiresAt ? lastDayOf(expiresAt) : null, reason };
}

/** The follow-up that deletes a decided document from R2; a failure throws, for the queue to retry it. */
export async function deleteStudentDocument(bucket: R2Bucket | undefined, payload: unknown) {
  const key = (payload as { key?: unknown } | null)?.key;
  if (typeof key !== "string" || !key.startsWith("student-ids/")) return;
  if (!bucket) throw new Error("No MEDIA bucket bound: the student document cannot be deleted yet");
  await bucket.delete(key);
}
