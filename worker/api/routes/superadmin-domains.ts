import { Hono } from "hono";
import { z } from "zod";
import type { SignedInEnv } from "../guard";
import { describeRoute } from "../route-info";
import { done, ok } from "../responses/common";
import { customDomain } from "../responses/sellers";
import { validate } from "../validate";
import { idParam } from "../../domain/seller-admin/schemas";
import { activateDomain, listPendingDomains } from "../../domain/seller-admin/site";

const pendingDomains = z.object({
  success: ok,
  domains: z.array(customDomain.extend({ sellerId: z.string(), sellerName: z.string(), sitePath: z.string() })),
});

/**
 * /api/superadmin/domains — activating a seller's custom domain is the platform's call
 * (after checking the CNAME and the `_tripbazaar.<host>` TXT token), never the seller's.
 * SECURITY: mounted only inside superadminRoutes, whose guard lets only a superadmin through.
 */
export const superadminDomainRoutes = new Hono<SignedInEnv>()
  .get("/", describeRoute({ summary: "Custom domains waiting for activation", responses: { 200: pendingDomains } }), async (c) => {
    return c.json({ success: true, domains: await listPendingDomains(c.var) });
  })
  .post(
    "/:id/activate",
    describeRoute({
      summary: "Activate a pending custom domain",
      description: "Only active domains are served.",
      responses: { 200: done.extend({ domain: customDomain }) },
      errors: [404, 409],
    }),
    validate("param", idParam),
    async (c) => {
      const domain = await activateDomain(c.var.db, c.var.config, c.req.valid("param").id);
      return c.json({ success: true, domain, message: "Domain activated" });
    },
  );
