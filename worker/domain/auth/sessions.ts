import { eq, sql } from "drizzle-orm";
import { endedSessions, users } from "@db/schema";
import type { SessionClaims } from "../../auth/jwt";
import type { Db } from "../../db/client";

/**
 * Logout on the server (ADR 0036). A session token lives seven days (ADR 0005); logging out must end it there and
 * then, not only drop the cookie, or a copy of the token (a shared computer, a proxy log) would keep working.
 */

/** Logout: this one session ends; the account's other devices stay signed in. */
export async function endSession(db: Db, session: Pick<SessionClaims, "sid" | "sub" | "exp">) {
  await db
    .insert(endedSessions)
    .values({ sid: session.sid, userId: session.sub, expiresAt: new Date(session.exp * 1000).toISOString() })
    .onConflictDoNothing();
}

/** "Log out everywhere": every session of the account ends at once (the token version, as a password change). */
export async function endEverySession(db: Db, userId: string, now: Date) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now.toISOString() })
    .where(eq(users.id, userId));
}
