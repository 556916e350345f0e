import { type SQL, and, eq, lt, or, sql } from "drizzle-orm";
import { outbox } from "@db/schema";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";

export type OutboxRow = typeof outbox.$inferSelect;
export type FollowUpKind = OutboxRow["kind"];

/** A pending row older than this is sent to the queue again by the scheduled run: its enqueueing may have been lost. */
export const RESEND_AFTER_MS = 60_000;
/** A consumer that claimed a row and then vanished (its isolate ended) lets go of it after this long. */
export const CLAIM_LEASE_MS = 5 * 60_000;

/**
 * A follow-up of a decision as one statement of the decision's own batch: written only if `when` (a condition on
 * the booking as the batch left it) holds, and at most once per id, so of any number of racing decisions exactly one
 * leaves its follow-up. Its email (to, subject, text) is written by the consumer when it first handles it.
 */
export function followUpOf(
  db: Db,
  row: { id: string; kind: Exclude<FollowUpKind, "email">; sellerId: string; payload: unknown },
  when: SQL,
  now: Date,
) {
  // insert … select names every column of the table, in its order (drizzle/users.ts).
  return db
    .insert(outbox)
    .select(
      sql`select ${row.id}, ${row.sellerId}, ${row.kind}, ${JSON.stringify(row.payload)}, '', '', '', 'pending', 0, null, null, null,
        ${now.toISOString()} where ${when}`,
    )
    .onConflictDoNothing();
}

/**
 * Hands rows to the queue. Never throws: the rows are written, and one whose message is lost here is sent again by
 * the scheduled run ({@link resendPending}). True when the queue took them.
 */
export async function enqueueFollowUps(config: AppConfig, ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  if (!config.FOLLOW_UPS) {
    console.warn(`No FOLLOW_UPS queue bound: ${ids.length} follow-up(s) wait for the scheduled run`);
    return false;
  }
  try {
    await config.FOLLOW_UPS.sendBatch(ids.map((id) => ({ body: { id } })));
    return true;
  } catch (error) {
    console.warn(`Enqueueing ${ids.length} follow-up(s) failed; the scheduled run sends them again`, error);
    return false;
  }
}

/**
 * The scheduled run's safety net: pending rows older than a minute (their message was lost between the write and the
 * queue) and rows whose consumer let go of them without an answer are put on the queue again. A row that also still
 * has its message is handled once all the same: the consumer claims it before it delivers.
 */
export async function resendPending(db: Db, config: AppConfig, now: Date) {
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      or(
        and(eq(outbox.status, "pending"), lt(outbox.createdAt, new Date(now.getTime() - RESEND_AFTER_MS).toISOString())),
        and(eq(outbox.status, "sending"), lt(outbox.claimedAt, new Date(now.getTime() - CLAIM_LEASE_MS).toISOString())),
      ),
    )
    .limit(100);
  const ids = rows.map((r) => r.id);
  return { resent: (await enqueueFollowUps(config, ids)) ? ids.length : 0 };
}
