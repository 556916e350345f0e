import { type SQL, and, eq, sql } from "drizzle-orm";
import { users } from "@db/schema";
import type { Db } from "../../db/client";
import { codeUnused, codeUse } from "./otp";

export type UserRow = typeof users.$inferSelect;

export function findUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .get();
}

export function findUserById(db: Db, id: string) {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/** New password and a new token version, as a statement for a batch; `onlyIf` adds a condition. */
export function passwordUpdate(
  db: Db,
  userId: string,
  passwordHash: string,
  extra: Partial<Pick<UserRow, "isVerified">> = {},
  onlyIf?: SQL,
) {
  return db
    .update(users)
    .set({ passwordHash, ...extra, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date().toISOString() })
    .where(and(eq(users.id, userId), onlyIf))
    .returning();
}

/** New password and a new token version: every session issued before is refused from now on. */
export function setPassword(db: Db, userId: string, passwordHash: string, extra: Partial<Pick<UserRow, "isVerified">> = {}) {
  return passwordUpdate(db, userId, passwordHash, extra).get();
}

/**
 * The change a checked password code allows, in one batch (ADR 0020): the password changes exactly
 * when the code is used up, so a failure leaves both as they were and a repeat cannot change it twice.
 * Null when the code was used meanwhile.
 */
export async function changePasswordWithCode(db: Db, userId: string, codeId: string, passwordHash: string) {
  const [changed] = await db.batch([passwordUpdate(db, userId, passwordHash, {}, codeUnused(codeId)), ...codeUse(db, userId, codeId)]);
  return changed[0] ?? null;
}
