import { eq, sql } from "drizzle-orm";
import { users } from "@db/schema";
import type { Db } from "../../db/client";

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

/** New password and a new token version: every session issued before is refused from now on. */
export function setPassword(db: Db, userId: string, passwordHash: string, extra: Partial<Pick<UserRow, "isVerified">> = {}) {
  return db
    .update(users)
    .set({ passwordHash, ...extra, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date().toISOString() })
    .where(eq(users.id, userId))
    .returning()
    .get();
}
