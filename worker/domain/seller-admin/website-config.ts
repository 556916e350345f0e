import { createFactory } from "hono/factory";
import { z } from "zod";
import type { SignedInEnv } from "../../api/guard";
import { describeRoute } from "../../api/route-info";
import { validate } from "../../api/validate";
import { saveBrand } from "./manage";
import { hexColor, imagePath } from "./schemas";

export const websiteConfigBody = z.object({
  themeColor: hexColor,
  secondaryColor: hexColor,
  websiteName: z.string().trim().min(1, "Website name is required").max(80),
  wallpaperImage: imagePath.nullable().default(null),
});

const CONFIG_DOC = {
  summary: "Save the website's colours, name and wallpaper",
  description: "The public site shows the change on its next request (the content version is bumped).",
  returns: "`{ seller, websiteConfig }`",
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
      const site = await saveBrand(c.var.db, c.var.config, c.var.user.id, c.req.valid("json"));
      return c.json({ seller: site.seller, websiteConfig: site.websiteConfig });
    },
  );
