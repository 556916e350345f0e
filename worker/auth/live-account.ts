import { eq, sql } from "drizzle-orm";
import { endedSessions, users } from "@db/schema";
import type { Role } from "@db/users";
import { type Load, type Reader, preparedRead } from "../db/batcher";
import type { Db } from "../db/client";
import type { Viewer } from "./session";

/**
 * The one guard's decision (ADR 0033): what a request's verified token (the viewer) amounts to against the live
 * account. Pages (app/lib/session.server.ts) and the API (worker/api/guard.ts) both ask here and only answer it
 * their own way: a redirect to the login or a 403 page, a 401 or a 403.
 */

/** The account a session acts as, as every signed-in page, action and API route may see it. */
export type SignedInUser = { id: string; name: string; email: string; role: Role; isVerified: boolean };

export type SessionCheck =
  | { kind: "signed-in"; user: SignedInUser }
  /** No valid session token: never signed in, or signed out. */
  | { kind: "signed-out" }
  /**
   * SECURITY: a token of a disabled or deleted account, from before a password change or "log out everywhere" (its
   * token version), or of a session ended by logout (its session id).
   */
  | { kind: "ended" }
  /** A live account of a role the page or route is not for. */
  | { kind: "other-role"; user: SignedInUser };

type Account = SignedInUser & { status: string; tokenVersion: number; ended: number };

// One read of the account per request (per loader), shared by every guard that asks: a layout's and a page's
// loaders, or an API sub-app's guard and its route's.
const accounts = new WeakMap<Load, { id: string; sid: string; read: Promise<Account | undefined> }>();

/**
 * Only the columns a session needs (never the password hash), and whether logout ended this session: one statement,
 * so the check stays in the request's one round trip. Every signed-in request reads it: its SQL is built once per
 * isolate.
 */
const accountRead = preparedRead((db: Db) =>
  db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      isVerified: users.isVerified,
      status: users.status,
      tokenVersion: users.tokenVersion,
      ended: sql<number>`exists (select 1 from ${endedSessions} where ${endedSessions.sid} = ${sql.placeholder("sid")})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("id"))),
);

function accountOf({ db, load }: Reader, id: string, sid: string): Promise<Account | undefined> {
  const known = accounts.get(load);
  if (known?.id === id && known.sid === sid) return known.read;
  const read = load(accountRead(db, { id, sid })).then((rows) => rows[0]);
  accounts.set(load, { id, sid, read });
  return read;
}

/**
 * The live account behind `viewer`, read through the request's loader: the read is queued at once (before this
 * returns), so it joins the batch of the reads the page or route starts beside it, and the check costs no round
 * trip of its own. `role`, when given, is the only role the page or route is for.
 */
export async function checkSession(reader: Reader, viewer: Viewer | null, role?: Role): Promise<SessionCheck> {
  if (!viewer) return { kind: "signed-out" };
  const account = await accountOf(reader, viewer.sub, viewer.sid);
  // SECURITY: a disabled account, a token from before a password change, or a logged-out session has no session.
  if (!account || account.status !== "active" || account.tokenVersion !== viewer.ver || account.ended) return { kind: "ended" };
  const { status: _status, tokenVersion: _version, ended: _ended, ...user } = account;
  return role && user.role !== role ? { kind: "other-role", user } : { kind: "signed-in", user };
}
