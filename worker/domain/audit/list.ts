import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { auditLog, users } from "@db/schema";
import type { Reader } from "../../db/batcher";
import { containsTerm, searchTerm } from "../../db/text-search";
import { isCalendarDate } from "../../shared/calendar-date";

export const AUDIT_PAGE_SIZE = 50;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-11-28")
  .refine(isCalendarDate, "Not a real date");

/** Empty fields of a filter form mean "any". */
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

/**
 * The audit log's filters: the action (exact, e.g. `settings.update`), the actor (name, email or id contains), the
 * target (type or id contains) and a range of days (in India's time, both ends included).
 */
export const auditListQuery = z
  .object({
    action: optional(z.string().trim().max(60)),
    actor: optional(searchTerm),
    target: optional(searchTerm),
    from: optional(day),
    to: optional(day),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "The range must start before it ends", path: ["to"] });
export type AuditListQuery = z.output<typeof auditListQuery>;

/** The instant a day starts in India, where the panel's days are counted. */
const dayStart = (d: string, plusDays = 0) => new Date(Date.parse(`${d}T00:00:00+05:30`) + plusDays * 86_400_000).toISOString();

/** Entries newest first, one page, with the actor's name and email; reads only, in the page's one round trip. */
export async function listAuditEntries({ db, load }: Reader, q: AuditListQuery) {
  const conditions = [];
  if (q.action) conditions.push(eq(auditLog.action, q.action));
  if (q.actor) conditions.push(containsTerm(q.actor, users.name, users.email, auditLog.actorId));
  if (q.target) conditions.push(containsTerm(q.target, auditLog.targetType, auditLog.targetId));
  if (q.from) conditions.push(gte(auditLog.createdAt, dayStart(q.from)));
  if (q.to) conditions.push(lt(auditLog.createdAt, dayStart(q.to, 1)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }], actions] = await Promise.all([
    load(
      db
        .select({
          id: auditLog.id,
          actorId: auditLog.actorId,
          actorRole: auditLog.actorRole,
          actorName: sql<string | null>`${users.name}`.as("actor_name"),
          actorEmail: sql<string | null>`${users.email}`.as("actor_email"),
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          before: auditLog.before,
          after: auditLog.after,
          reason: auditLog.reason,
          ip: auditLog.ip,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(AUDIT_PAGE_SIZE)
        .offset((q.page - 1) * AUDIT_PAGE_SIZE),
    ),
    load(db.select({ total: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(where)),
    // The actions the log holds, for the filter's choices.
    load(db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action).limit(100)),
  ]);
  return {
    entries: rows,
    actions: actions.map((a) => a.action),
    pagination: { page: q.page, pageSize: AUDIT_PAGE_SIZE, total, pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)) },
  };
}
