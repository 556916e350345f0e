import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { users } from "@db/schema";
import type { Role } from "@db/users";
import type { ApiEnv } from "./app-env";
import { forbidden, unauthorized } from "./errors";

export type CurrentUser = typeof users.$inferSelect;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * SECURITY: a state-changing request authenticated by the session cookie must
 * come from our own origin (CSRF). Bearer-token requests cannot be forged by a
 * third-party page, so they pass.
 */
export const sameOriginForCookies = createMiddleware<ApiEnv>(async (c, next) => {
  const viewer = c.var.viewer;
  if (viewer?.source === "cookie" && !SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("origin");
    if (!origin || origin !== new URL(c.req.url).origin) throw forbidden("Cross-site request refused");
  }
  await next();
});

/**
 * The signed-in user, re-read from D1 so that a disabled account or a token
 * from before a password change (token version) is refused with 401.
 */
export async function requireUser(c: Context<ApiEnv>): Promise<CurrentUser> {
  const viewer = c.var.viewer;
  if (!viewer) throw unauthorized();
  const user = await c.var.db.select().from(users).where(eq(users.id, viewer.sub)).get();
  if (!user || user.status !== "active" || user.tokenVersion !== viewer.ver)
    throw unauthorized("Your session has ended. Please log in again.");
  return user;
}

export async function requireRole(c: Context<ApiEnv>, ...roles: Role[]): Promise<CurrentUser> {
  const user = await requireUser(c);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}
