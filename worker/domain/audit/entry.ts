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
 * The audit entry of a change that may not happen (a conditional update that another review won, a row already in
 * the state asked for): written only when `happened` holds once the change ran, in the same `db.batch`, after it.
 * `happened` is a condition on the changed row's new state, so a change that matched nothing leaves no entry.
 */
export const auditInsertWhen = (db: Db, actor: AuditActor, entry: AuditEntry, happened: SQL, now = new Date()) =>
  db.insert(auditLog).select(
    db
      // An insert-select lists every column in table order; the row comes from a one-row select, kept only if `happened`.
      .select({
        id: sql<string>`${`au_${crypto.randomUUID()}`}`.as("id"),
        actorId: sql<string>`${actor.id}`.as("actor_id"),
        actorRole: sql<string>`${actor.role}`.as("actor_role"),
        action: sql<string>`${entry.action}`.as("action"),
        targetType: sql<string>`${entry.targetType}`.as("target_type"),
        targetId: sql<string>`${entry.targetId}`.as("target_id"),
        before: sql<string | null>`${entry.before === undefined ? null : JSON.stringify(entry.before)}`.as("before"),
        after: sql<string | null>`${entry.after === undefined ? null : JSON.stringify(entry.after)}`.as("after"),
        reason: sql<string | null>`${entry.reason ?? null}`.as("reason"),
        ip: sql<string | null>`${actor.ip ?? null}`.as("ip"),
        createdAt: sql<string>`${now.toISOString()}`.as("created_at"),
      })
      .from(sql`(select 1)`)
      .where(happened),
  );
