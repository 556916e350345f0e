import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { users } from "@db/schema";
import type { Role } from "@db/users";
import type { ApiEnv } from "./app-env";
import { forbidden, notFound, unauthorized } from "./errors";
import { registerRouteInfo } from "./route-info";

export type CurrentUser = typeof users.$inferSelect;

/** The env of a route behind `requireUserMiddleware`: the signed-in user is `c.var.user`. */
export type SignedInEnv = ApiEnv & { Variables: { user: CurrentUser } };

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
export async function requireUser(c: { var: Pick<ApiEnv["Variables"], "viewer" | "db"> }): Promise<CurrentUser> {
  const viewer = c.var.viewer;
  if (!viewer) throw unauthorized();
  const user = await c.var.db.select().from(users).where(eq(users.id, viewer.sub)).get();
  if (!user || user.status !== "active" || user.tokenVersion !== viewer.ver)
    throw unauthorized("Your session has ended. Please log in again.");
  return user;
}

/**
 * The API's one guard, as middleware for a sub-app (`.use(requireUserMiddleware("seller"))`) or a
 * route: 401 without a live session, 403 (with `forbiddenMessage`) for another role. The user is
 * read from D1 once per request: a second guard on the same request reuses `c.var.user`.
 */
export function requireUserMiddleware(role?: Role, forbiddenMessage?: string) {
  return registerRouteInfo(
    createMiddleware<SignedInEnv>(async (c, next) => {
      const user = (c.get("user") as CurrentUser | undefined) ?? (await requireUser(c));
      if (role && user.role !== role) throw forbidden(forbiddenMessage);
      c.set("user", user);
      await next();
    }),
    { kind: "guard", role: role ?? null },
  );
}

/** Routes that exist only in development (ENVIRONMENT=development); anywhere else they are 404 and left out of the API document. */
export const developmentOnly = registerRouteInfo(
  createMiddleware<ApiEnv>(async (c, next) => {
    if (c.var.config.ENVIRONMENT !== "development") throw notFound("No such API route");
    await next();
  }),
  { kind: "development-only" },
);
