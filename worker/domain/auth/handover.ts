import { handoverTokens } from "@db/schema";
import type { Role } from "@db/users";
import type { HandoverClaims } from "../../auth/jwt";
import type { Db } from "../../db/client";

/**
 * The roles a sister-platform hand-over may sign in (ADR 0021). Customers only: a seller's or a
 * superadmin's account holds other people's data, so it is never opened by a key we do not keep.
 */
export const HANDOVER_ROLES: readonly Role[] = ["user"];

/** Records the token's `jti` until it expires; false when it was already used (a replay). */
export async function spendHandover(db: Db, claims: HandoverClaims, userId: string): Promise<boolean> {
  const rows = await db
    .insert(handoverTokens)
    .values({ jti: claims.jti, userId, expiresAt: new Date(claims.exp * 1000).toISOString() })
    .onConflictDoNothing()
    .returning({ jti: handoverTokens.jti });
  return rows.length === 1;
}
