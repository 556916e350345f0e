import { Hono } from "hono";
import { z } from "zod";
import type { SignedInEnv } from "../guard";
import { describeRoute } from "../route-info";
import { done, ok } from "../responses/common";
import { customDomain } from "../responses/sellers";
import { validate } from "../validate";
import { adminOf } from "../caller";
import { idParam } from "../../domain/seller-admin/schemas";
import { activateDomain, deactivateDomain, listAllDomains } from "../../domain/seller-admin/domains";
import { cnameTargetOf } from "../../saas/config";

const allDomains = z.object({
  success: ok,
  domains: z.array(customDomain.extend({ sellerId: z.string(), sellerName: z.string(), sitePath: z.string() })),
});

/**
 * /api/superadmin/domains — every seller's custom domains with their status at Cloudflare for SaaS (ADR 0041), and
 * the manual override: activate (serve it whatever Cloudflare says) or deactivate (stop serving it and hold it off).
 * SECURITY: mounted only inside superadminRoutes, whose guard lets only a superadmin through.
 */
export const superadminDomainRoutes = new Hono<SignedInEnv>()
  .get(
    "/",
    describeRoute({ summary: "Every seller's custom domains, those not live first", responses: { 200: allDomains } }),
    async (c) => {
      return c.json({ success: true, domains: await listAllDomains(c.var, cnameTargetOf(c.var.config)) });
    },
  )
  .post(
    "/:id/activate",
    describeRoute({
      summary: "Activate a custom domain by hand",
      description: "Only active domains are served.",
      responses: { 200: done.extend({ domain: customDomain }) },
      errors: [404, 409],
    }),
    validate("param", idParam),
    async (c) => {
      const domain = await activateDomain(c.var.db, c.var.config, adminOf(c), c.req.valid("param").id, cnameTargetOf(c.var.config));
      return c.json({ success: true, domain, message: "Domain activated" });
    },
  )
  .post(
    "/:id/deactivate",
    describeRoute({
      summary: "Switch a custom domain off",
      description: "It stops being served at once and no check turns it on again; only an activation does.",
      responses: { 200: done.extend({ domain: customDomain }) },
      errors: [404, 409],
    }),
    validate("param", idParam),
    async (c) => {
      const domain = await deactivateDomain(c.var.db, c.var.config, adminOf(c), c.req.valid("param").id, cnameTargetOf(c.var.config));
      return c.json({ success: true, domain, message: "Domain switched off" });
    },
  );
