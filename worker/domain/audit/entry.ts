import { type SQL, sql } from "drizzle-orm";
import { auditLog } from "@db/schema";
import type { Db } from "../../db/client";

/** Who did an admin action, and from where (the client address the HTTP layer resolved). */
export type AuditActor = { id: string; role: string; ip?: string | null };

export type AuditEntry = {
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
};

/**
 * The audit log's insert for one admin action (issue 28). SECURITY: put it in the same `db.batch` as the change it
 * records, so both are written or neither; the table refuses UPDATE and DELETE (migration 0016's triggers).
 */
export const auditInsert = (db: Db, actor: AuditActor, entry: AuditEntry, now = new Date()) =>
  db.insert(auditLog).values({
    id: `au_${crypto.randomUUID()}`,
    actorId: actor.id,
    actorRole: actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    ip: actor.ip ?? null,
    createdAt: now.toISOString(),
  });

/**
 * The same entry, written only if `when` holds as the batch reaches it (issue 28's reviews: an action whose
 * conditional write matched nothing, because another operator acted first, leaves no entry). Additive to auditInsert.
 */
export const auditInsertWhen = (db: Db, actor: AuditActor, entry: AuditEntry, when: SQL, now = new Date()) =>
  db.insert(auditLog).select(
    sql`select ${`au_${crypto.randomUUID()}`}, ${actor.id}, ${actor.role}, ${entry.action}, ${entry.targetType}, ${entry.targetId},
        ${entry.before === undefined ? null : JSON.stringify(entry.before)}, ${entry.after === undefined ? null : JSON.stringify(entry.after)},
        ${entry.reason ?? null}, ${actor.ip ?? null}, ${now.toISOString()} where ${when}`,
  );
