import { Hono } from "hono";
import type { ApiEnv } from "../../api/app-env";
import { conflict, forbidden, notFound } from "../../api/errors";
import { requireRole } from "../../api/guard";
import { validate } from "../../api/validate";
import { idParam } from "../seller-admin/schemas";
import { listUsers, setUserStatus, userListQuery, userStatusBody } from "./users";

/** /api/superadmin/users — find accounts and disable or re-enable them. */
export const superadminUserRoutes = new Hono<ApiEnv>()
  .get("/", validate("query", userListQuery), async (c) => {
    await requireRole(c, "superadmin");
    return c.json({ success: true, ...(await listUsers(c.var.db, c.req.valid("query"))) });
  })
  .put("/:id/status", validate("param", idParam), validate("json", userStatusBody), async (c) => {
    const admin = await requireRole(c, "superadmin");
    const { status } = c.req.valid("json");
    const result = await setUserStatus(c.var.db, admin.id, c.req.valid("param").id, status);
    if (result === "self") throw conflict("You cannot disable your own account");
    if (result === "superadmin") throw forbidden("Superadmin accounts cannot be changed here");
    if (result === "missing") throw notFound("User not found");
    return c.json({ success: true, user: result, message: status === "disabled" ? "Account disabled" : "Account enabled" });
  });
