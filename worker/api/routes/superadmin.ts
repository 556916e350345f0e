import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app-env";
import { type SignedInEnv, requireUserMiddleware } from "../guard";
import { describeRoute } from "../route-info";
import { done, ok, pageSizePagination } from "../responses/common";
import { account } from "../responses/platform";
import { validate } from "../validate";
import { superadminDomainRoutes } from "./superadmin-domains";
import { idParam } from "../../domain/seller-admin/schemas";
import { superadminRequestRoutes } from "./seller-requests";
import { superadminReviewRoutes } from "./reviews";
import { listUsers, setUserStatus, statusMessage, userListQuery, userStatusBody } from "../../domain/superadmin/users";

/** A seller's site on the platform, `/seller/{slug}/website` (ADR 0040); null for other accounts. */
const sitePathOrNull = z.string().nullable();

/**
 * /api/superadmin/users — find accounts and disable or re-enable them.
 * SECURITY: mounted only inside superadminRoutes, whose guard lets only a superadmin through.
 */
const superadminUserRoutes = new Hono<SignedInEnv>()
  .get(
    "/",
    describeRoute({
      summary: "Search accounts",
      responses: {
        200: z.object({ success: ok, users: z.array(account.extend({ sitePath: sitePathOrNull })), pagination: pageSizePagination }),
      },
    }),
    validate("query", userListQuery),
    async (c) => {
      return c.json({ success: true, ...(await listUsers(c.var, c.req.valid("query"))) });
    },
  )
  .put(
    "/:id/status",
    describeRoute({
      summary: "Disable or re-enable an account",
      description: "Disabling ends the account's sessions; a disabled seller's website, packages and bookings go offline.",
      responses: { 200: done.extend({ user: account }) },
      errors: [404, 409],
    }),
    validate("param", idParam),
    validate("json", userStatusBody),
    async (c) => {
      const { status } = c.req.valid("json");
      const user = await setUserStatus(c.var.db, c.var.config, c.var.userId, c.req.valid("param").id, status);
      return c.json({ success: true, user, message: statusMessage(status) });
    },
  );

/**
 * /api/superadmin — the platform's administration, one sub-app behind one guard.
 * SECURITY: every route below answers 401 without a live session and 403 to any role but superadmin.
 */
export const superadminRoutes = new Hono<ApiEnv>()
  .use(requireUserMiddleware("superadmin"))
  .route("/domains", superadminDomainRoutes)
  .route("/seller-requests", superadminRequestRoutes)
  .route("/users", superadminUserRoutes)
  .route("/reviews", superadminReviewRoutes);
