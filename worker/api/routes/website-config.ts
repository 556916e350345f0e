import { createFactory } from "hono/factory";
import { saveBrand } from "../../domain/seller-admin/manage";
import { websiteConfigBody } from "../../domain/seller-admin/website-config";
import type { SignedInEnv } from "../guard";
import { describeRoute } from "../route-info";
import { sellerSite } from "../responses/sellers";
import { validate } from "../validate";

const CONFIG_DOC = {
  summary: "Save the website's colours, name and wallpaper",
  description: "The public site shows the change on its next request (the content version is bumped).",
  responses: { 200: sellerSite },
  errors: [404],
};

/**
 * The seller's website config write: `PUT /api/seller-admin/config`, and the same handlers at the old
 * `PUT /api/seller-website/config` for callers that still use it. Both sit behind the seller guard.
 * SECURITY: the seller id is the signed-in seller's own id, never from the request.
 */
export const saveWebsiteConfig = (options: { aliasOf?: string } = {}) =>
  createFactory<SignedInEnv>().createHandlers(
    describeRoute(options.aliasOf ? { ...CONFIG_DOC, deprecatedFor: options.aliasOf } : CONFIG_DOC),
    validate("json", websiteConfigBody),
    async (c) => {
      const site = await saveBrand(c.var.db, c.var.config, c.var.userId, c.req.valid("json"));
      return c.json({ seller: site.seller, websiteConfig: site.websiteConfig });
    },
  );
