import { Hono } from "hono";
import type { ApiEnv } from "../../api/app-env";
import { conflict, notFound } from "../../api/errors";
import { requireRole, requireUser } from "../../api/guard";
import { validate } from "../../api/validate";
import { idParam } from "../seller-admin/schemas";
import { rejectBody, requestListQuery, sellerRequestBody } from "./schemas";
import { applyToSell, approveRequest, latestRequestOf, listRequests, rejectRequest } from "./service";

const REVIEWED = "This request has already been reviewed";
const MISSING = "Request not found";

/** /api/seller-requests — a customer's application to sell on Tripbazaar (ADR 0015). */
export const sellerRequestRoutes = new Hono<ApiEnv>()
  .get("/mine", async (c) => {
    const user = await requireUser(c);
    return c.json({ success: true, request: await latestRequestOf(c.var.db, user.id) });
  })
  .post("/", validate("json", sellerRequestBody), async (c) => {
    const user = await requireUser(c);
    const result = await applyToSell(c.var.db, c.var.config, user, c.req.valid("json"));
    if (result === "already-seller") throw conflict("You already have a seller account");
    if (result === "pending-exists") throw conflict("Your application is already under review");
    return c.json({ success: true, request: result, message: "Application sent" }, 201);
  });

/** /api/superadmin/seller-requests — review applications; approving creates the seller and their website. */
export const superadminRequestRoutes = new Hono<ApiEnv>()
  .get("/", validate("query", requestListQuery), async (c) => {
    await requireRole(c, "superadmin");
    return c.json({ success: true, ...(await listRequests(c.var.db, c.req.valid("query"))) });
  })
  .post("/:id/approve", validate("param", idParam), async (c) => {
    const admin = await requireRole(c, "superadmin");
    const result = await approveRequest(c.var.db, c.var.config, admin.id, c.req.valid("param").id);
    if (result === "missing") throw notFound(MISSING);
    if (result === "reviewed") throw conflict(REVIEWED);
    return c.json({ success: true, request: result, message: "Seller approved" });
  })
  .post("/:id/reject", validate("param", idParam), validate("json", rejectBody), async (c) => {
    const admin = await requireRole(c, "superadmin");
    const result = await rejectRequest(c.var.db, c.var.config, admin.id, c.req.valid("param").id, c.req.valid("json").note);
    if (result === "missing") throw notFound(MISSING);
    if (result === "reviewed") throw conflict(REVIEWED);
    return c.json({ success: true, request: result, message: "Request rejected" });
  });
