import { createMiddleware } from "hono/factory";
import type { Role } from "@db/users";
import { type SignedInUser, checkSession } from "../auth/live-account";
import type { ApiEnv } from "./app-env";
import { forbidden, freshErrorResponse, notFound, unauthorized } from "./errors";
import { registerRouteInfo } from "./route-info";

export type { SignedInUser };

/**
 * The env of a route behind `requireUserMiddleware`. `userId` is the session's account id, for scoping reads and
 * writes; `user` is the live account once the check passed (an API read awaits it after starting its reads).
 */
export type SignedInEnv = ApiEnv & { Variables: { userId: string; user: Promise<SignedInUser> } };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Methods whose handlers only read: they run beside the session check (see `requireUserMiddleware`). */
const READS = new Set(["GET", "HEAD"]);

export const SESSION_ENDED = "Your session has ended. Please log in again.";

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
 * The signed-in account of the call, from the one guard's decision (worker/auth/live-account.ts, as pages ask it):
 * 401 without a session, 401 "session has ended" for a disabled account or a token from before a password change
 * (its token version), 403 (with `forbiddenMessage`) for another role than `role`. The account is read through
 * the request's loader, so the read joins the batch of whatever the route reads beside it.
 */
async function accountOrRefusal(
  c: { var: Pick<ApiEnv["Variables"], "viewer" | "db" | "load"> },
  role?: Role,
  forbiddenMessage?: string,
): Promise<SignedInUser> {
  const check = await checkSession(c.var, c.var.viewer, role);
  switch (check.kind) {
    case "signed-in":
      return check.user;
    case "signed-out":
      throw unauthorized();
    case "ended":
      throw unauthorized(SESSION_ENDED);
    case "other-role":
      throw forbidden(forbiddenMessage);
  }
}

/**
 * The API's one guard, as middleware for a sub-app (`.use(requireUserMiddleware("seller"))`) or a route. A second
 * guard on the same request (a sub-app's and its route's) shares the first one's account read.
 *
 * A write (any method but GET and HEAD) runs only once the check passed. A read runs beside it, so that the
 * account and the route's own reads are one D1 batch, one round trip:
 * SECURITY: the handler runs before the check has answered, scoped by `userId`, the verified token's own `sub`, and
 * its answer is held until the check passed; if it fails, the answer is replaced by the 401 or 403 whole, headers
 * included, so nothing the handler read leaves. A read cannot write meanwhile: the request's loader carries reads
 * only (worker/db/batcher.ts), and anything else would be a D1 round trip of its own, which the test of every API
 * read (test/integration/api-round-trips.test.ts) refuses.
 */
export function requireUserMiddleware(role?: Role, forbiddenMessage?: string) {
  return registerRouteInfo(
    createMiddleware<SignedInEnv>(async (c, next) => {
      const viewer = c.var.viewer;
      if (!viewer) throw unauthorized();
      const user = accountOrRefusal(c, role, forbiddenMessage);
      // Awaited below (or by the handler); a refusal is answered there, never left unhandled.
      user.catch(() => undefined);
      c.set("userId", viewer.sub);
      c.set("user", user);
      if (!READS.has(c.req.method)) {
        await user;
        await next();
        return;
      }
      await next();
      const refusal = await user.then(
        () => null,
        (error: unknown) => error,
      );
      if (refusal) {
        // Unset first: Hono's `res` setter would otherwise carry the handler's headers into the new response.
        c.res = undefined;
        c.res = freshErrorResponse(refusal);
      }
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
