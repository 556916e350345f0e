import { type SQL, sql } from "drizzle-orm";
import { auditLog } from "@db/schema";
import type { Db } from "../../db/client";
import type { AuditActor, AuditEntry } from "./entry";

/**
 * auditInsert for a decision that may lose a race: the entry is written only while `when` holds. Put it in the batch
 * BEFORE the change, with the change's own condition, so both see the same state: of two operators deciding the same
 * thing at once, one change and one entry are written (ADR 0048).
 */
export function auditInsertIf(db: Db, actor: AuditActor, entry: AuditEntry, when: SQL, now = new Date()) {
  const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
  // insert … select names every column of the table, in its order.
  return db.insert(auditLog).select(
    sql`select ${`au_${crypto.randomUUID()}`}, ${actor.id}, ${actor.role}, ${entry.action}, ${entry.targetType}, ${entry.targetId},
        ${json(entry.before)}, ${json(entry.after)}, ${entry.reason ?? null}, ${actor.ip ?? null}, ${now.toISOString()}
      where ${when}`,
  );
}
