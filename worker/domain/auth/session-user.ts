import type { users } from "@db/schema";
import { SESSION_TTL_SECONDS, signSession } from "../../auth/jwt";
import { jwtSettings, sessionCookie } from "../../auth/session";
import type { AppConfig } from "../../env";

type UserRow = typeof users.$inferSelect;

/** The user record the browser stores (spec §3): id, name, email, role, isVerified. */
export function publicUser(u: UserRow) {
  return { id: u.id, name: u.name, email: u.email, role: u.role, isVerified: u.isVerified };
}

/** A session for `user`: the token for the JSON body and the matching HttpOnly cookie. */
export async function issueSession(config: AppConfig, user: UserRow, url: URL, { remember = true } = {}) {
  const token = await signSession(jwtSettings(config), { sub: user.id, role: user.role, ver: user.tokenVersion });
  return { token, cookie: sessionCookie(token, url, remember ? SESSION_TTL_SECONDS : null), user: publicUser(user) };
}
