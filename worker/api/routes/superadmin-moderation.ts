import { Hono } from "hono";
import { z } from "zod";
import { clientIp } from "../../client-ip";
import { decideEdit, decidePackage, listEdits, listModerationPackages } from "../../domain/moderation/admin";
import { decisionBody, editListQuery, moderationListQuery } from "../../domain/moderation/schemas";
import { idParam } from "../../domain/seller-admin/schemas";
import type { SignedInEnv } from "../guard";
import { ok } from "../responses/common";
import { moderatedPackageList, packageEditList } from "../responses/moderation";
import { moderationState } from "../responses/sellers";
import { describeRoute } from "../route-info";
import { validate } from "../validate";

/**
 * /api/superadmin/packages and /api/superadmin/edits — package moderation (issue 28, ADR 0048).
 * SECURITY: mounted only inside superadminRoutes, whose guard lets only a superadmin through.
 */
export const superadminPackageRoutes = new Hono<SignedInEnv>()
  .get(
    "/",
    describeRoute({
      summary: "Every seller's packages with their review state",
      description: "`q` matches the package's name or city or the seller's name; `state=edited` lists packages with a change waiting.",
      responses: { 200: moderatedPackageList },
    }),
    validate("query", moderationListQuery),
    async (c) => c.json({ success: true as const, ...(await listModerationPackages(c.var, c.req.valid("query"))) }),
  )
  .put(
    "/:id/decision",
    describeRoute({
      summary: "Approve or reject a package waiting for review",
      description:
        "Approving makes it public if its seller published it; rejecting needs a reason, which the seller sees. Written with its audit entry in one D1 batch; of concurrent decisions exactly one wins (409 for the others).",
      responses: {
        200: z.object({ success: ok, message: z.string(), package: z.object({ id: z.string(), moderation: moderationState }) }),
      },
      errors: [404, 409],
    }),
    validate("param", idParam),
    validate("json", decisionBody),
    async (c) => {
      const actor = { id: c.var.userId, role: "superadmin", ip: clientIp(c.req.raw) };
      const { message, ...pkg } = await decidePackage(
        c.var.db,
        c.var.config,
        actor,
        c.req.valid("param").id,
        c.req.valid("json"),
        c.var.now,
      );
      return c.json({ success: true as const, message, package: pkg });
    },
  );

export const superadminEditRoutes = new Hono<SignedInEnv>()
  .get(
    "/",
    describeRoute({
      summary: "Changes to packages' text and photos sent for review, with their diff",
      description: "Pending ones oldest first; `status=approved|rejected` lists decided ones, newest first.",
      responses: { 200: packageEditList },
    }),
    validate("query", editListQuery),
    async (c) => c.json({ success: true as const, ...(await listEdits(c.var, c.req.valid("query"))) }),
  )
  .put(
    "/:id/decision",
    describeRoute({
      summary: "Approve or reject a change to a package",
      description:
        "Approving puts the change live (the package and the edit in one D1 batch, with the audit entry); rejecting needs a reason, which the seller sees. A change superseded by a newer one is a 409.",
      responses: {
        200: z.object({ success: ok, message: z.string(), edit: z.object({ id: z.string(), status: z.enum(["approved", "rejected"]) }) }),
      },
      errors: [404, 409],
    }),
    validate("param", idParam),
    validate("json", decisionBody),
    async (c) => {
      const actor = { id: c.var.userId, role: "superadmin", ip: clientIp(c.req.raw) };
      const { message, ...edit } = await decideEdit(c.var.db, c.var.config, actor, c.req.valid("param").id, c.req.valid("json"), c.var.now);
      return c.json({ success: true as const, message, edit });
    },
  );
