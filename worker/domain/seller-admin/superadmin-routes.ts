import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { customDomains } from "@db/schema";
import type { ApiEnv } from "../../api/app-env";
import { conflict, notFound } from "../../api/errors";
import { requireRole } from "../../api/guard";
import { validate } from "../../api/validate";
import { idParam } from "./schemas";
import { activateDomain, domainView } from "./site";

/**
 * /api/superadmin/domains — activating a seller's custom domain is the platform's call
 * (after checking the CNAME and the `_tripbazaar.<host>` TXT token), never the seller's.
 */
export const superadminDomainRoutes = new Hono<ApiEnv>()
  .get("/", async (c) => {
    await requireRole(c, "superadmin");
    const rows = await c.var.db.select().from(customDomains).where(eq(customDomains.status, "pending"));
    return c.json({ success: true, domains: rows.map((d) => ({ ...domainView(d), sellerId: d.sellerId })) });
  })
  .post("/:id/activate", validate("param", idParam), async (c) => {
    await requireRole(c, "superadmin");
    const { id } = c.req.valid("param");
    const domain = await activateDomain(c.var.db, id);
    if (domain) return c.json({ success: true, domain, message: "Domain activated" });
    const exists = await c.var.db.select({ id: customDomains.id }).from(customDomains).where(eq(customDomains.id, id)).get();
    if (!exists) throw notFound("Domain not found");
    throw conflict("This domain is already active");
  });
