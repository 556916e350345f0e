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
