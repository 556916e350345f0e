import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app-env";
import { type SignedInEnv, requireUserMiddleware } from "../guard";
import { describeRoute } from "../route-info";
import { done, ok, pageSizePagination } from "../responses/common";
import { account } from "../responses/platform";
import { validate } from "../validate";
import { adminOf } from "../caller";
import { superadminDomainRoutes } from "./superadmin-domains";
import { superadminEditRoutes, superadminPackageRoutes } from "./superadmin-moderation";
import { idParam } from "../../domain/seller-admin/schemas";
import { superadminRequestRoutes } from "./seller-requests";
import { superadminStudentRoutes } from "./student-verification";
import {
  listUsers,
  roleMessage,
  setUserRole,
  setUserStatus,
  statusMessage,
  userListQuery,
  userRoleBody,
  userStatusBody,
} from "../../domain/superadmin/users";
import { superadminPlatformRoutes } from "./superadmin-platform";
import { superadminReviewRoutes } from "./reviews";

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
      const user = await setUserStatus(c.var.db, c.var.config, adminOf(c), c.req.valid("param").id, status);
      return c.json({ success: true, user, message: statusMessage(status) });
    },
  )
  .put(
    "/:id/role",
    describeRoute({
      summary: "Change an account's role",
      description:
        "Applies from the account's next request. Making an account a seller needs its seller profile (an approved application); the last active superadmin cannot be demoted. Written with its audit entry in one D1 batch.",
      responses: { 200: done.extend({ user: account }) },
      errors: [404, 409],
    }),
    validate("param", idParam),
    validate("json", userRoleBody),
    async (c) => {
      const { role } = c.req.valid("json");
      const user = await setUserRole(c.var.db, adminOf(c), c.req.valid("param").id, role);
      return c.json({ success: true, user, message: roleMessage(user.name, role) });
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
  .route("/student-verifications", superadminStudentRoutes)
  .route("/users", superadminUserRoutes)
  .route("/packages", superadminPackageRoutes)
  .route("/edits", superadminEditRoutes)
  .route("/reviews", superadminReviewRoutes)
  .route("/", superadminPlatformRoutes);
