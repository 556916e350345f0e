import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app-env";
import { type SignedInEnv, requireUserMiddleware } from "../guard";
import { describeRoute } from "../route-info";
import { done, ok, pageSizePagination } from "../responses/common";
import { sellerRequest } from "../responses/sellers";
import { validate } from "../validate";
import { adminOf } from "../caller";
import { idParam } from "../../domain/seller-admin/schemas";
import { rejectBody, requestListQuery, sellerRequestBody } from "../../domain/seller-requests/schemas";
import { applyToSell, approveRequest, latestRequestOf, listRequests, rejectRequest } from "../../domain/seller-requests/service";

const requestAnswer = done.extend({ request: sellerRequest });

/** /api/seller-requests — a customer's application to sell on Tripbazaar (ADR 0015). Every route needs a session. */
export const sellerRequestRoutes = new Hono<ApiEnv>()
  .use(requireUserMiddleware())
  .get(
    "/mine",
    describeRoute({
      summary: "The signed-in account's latest application, or null",
      responses: { 200: z.object({ success: ok, request: sellerRequest.nullable() }) },
    }),
    async (c) => c.json({ success: true, request: await latestRequestOf(c.var, c.var.userId) }),
  )
  .post(
    "/",
    describeRoute({
      summary: "Apply to sell on Tripbazaar",
      description: "One open application at a time.",
      responses: { 201: requestAnswer },
      errors: [409],
    }),
    validate("json", sellerRequestBody),
    async (c) => {
      const request = await applyToSell(c.var.db, c.var.config, await c.var.user, c.req.valid("json"));
      return c.json({ success: true, request, message: "Application sent" }, 201);
    },
  );

/**
 * /api/superadmin/seller-requests — review applications; approving creates the seller and their website.
 * SECURITY: mounted only inside superadminRoutes, whose guard lets only a superadmin through.
 */
export const superadminRequestRoutes = new Hono<SignedInEnv>()
  .get(
    "/",
    describeRoute({
      summary: "Seller applications by status",
      responses: {
        200: z.object({
          success: ok,
          requests: z.array(
            sellerRequest.extend({ applicant: z.object({ name: z.string(), email: z.string() }), sitePath: z.string().nullable() }),
          ),
          pagination: pageSizePagination,
        }),
      },
    }),
    validate("query", requestListQuery),
    async (c) => {
      return c.json({ success: true, ...(await listRequests(c.var, c.req.valid("query"))) });
    },
  )
  .post(
    "/:id/approve",
    describeRoute({
      summary: "Approve an application",
      description:
        "Makes the user a seller with a profile and a website, in one D1 batch, and emails the applicant. Of concurrent reviews exactly one wins.",
      responses: { 200: requestAnswer },
      errors: [404, 409],
    }),
    validate("param", idParam),
    async (c) => {
      const request = await approveRequest(c.var.db, c.var.config, adminOf(c), c.req.valid("param").id);
      return c.json({ success: true, request, message: "Seller approved" });
    },
  )
  .post(
    "/:id/reject",
    describeRoute({
      summary: "Reject an application with a reason",
      description: "Emails the reason; the applicant may apply again.",
      responses: { 200: requestAnswer },
      errors: [404, 409],
    }),
    validate("param", idParam),
    validate("json", rejectBody),
    async (c) => {
      const request = await rejectRequest(c.var.db, c.var.config, adminOf(c), c.req.valid("param").id, c.req.valid("json").note);
      return c.json({ success: true, request, message: "Request rejected" });
    },
  );
