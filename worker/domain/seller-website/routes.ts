import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../api/app-env";
import { notFound, validationError } from "../../api/errors";
import { requireRole } from "../../api/guard";
import { validate } from "../../api/validate";
import { createBatcher } from "../../db/batcher";
import { hexColor, imagePath } from "../seller-admin/schemas";
import { parseSearchQuery } from "./search-query";
import {
  getPublishedPackage,
  getSellerSite,
  listPublishedPackages,
  searchPublishedPackages,
  sellerExists,
  updateWebsiteConfig,
} from "./service";

const sellerParam = z.object({ sellerId: z.string().min(1).max(64) });
const packageParam = sellerParam.extend({ packageId: z.string().min(1).max(64) });
const searchParam = sellerParam.extend({ query: z.string().max(500, "Search is too long") });

const SELLER_NOT_FOUND = "Seller not found";

const configBody = z.object({
  themeColor: hexColor,
  secondaryColor: hexColor,
  websiteName: z.string().trim().min(1, "Website name is required").max(80),
  wallpaperImage: imagePath.nullable().default(null),
});

/** /api/seller-website — the public read API of spec §7 (published packages only) and the seller's own config write. */
export const sellerWebsiteRoutes = new Hono<ApiEnv>()
  // SECURITY: the seller id is the signed-in seller's own id, never from the request.
  .put("/config", validate("json", configBody), async (c) => {
    const seller = await requireRole(c, "seller");
    const site = await updateWebsiteConfig(c.var.db, seller.id, c.req.valid("json"));
    if (!site) throw notFound(SELLER_NOT_FOUND);
    return c.json({ seller: site.seller, websiteConfig: site.websiteConfig });
  })
  .get("/seller/:sellerId/website/config", validate("param", sellerParam), async (c) => {
    const site = await getSellerSite(c.var.db, c.req.valid("param").sellerId);
    if (!site) throw notFound(SELLER_NOT_FOUND);
    return c.json({ seller: site.seller, websiteConfig: site.websiteConfig });
  })
  .get("/seller/:sellerId/website/package/all", validate("param", sellerParam), async (c) => {
    const { sellerId } = c.req.valid("param");
    const load = createBatcher(c.var.db);
    const [exists, packages] = await Promise.all([sellerExists(c.var.db, sellerId, load), listPublishedPackages(c.var.db, sellerId, load)]);
    if (!exists) throw notFound(SELLER_NOT_FOUND);
    return c.json({ packages });
  })
  .get("/seller/:sellerId/website/package/:packageId", validate("param", packageParam), async (c) => {
    const { sellerId, packageId } = c.req.valid("param");
    const pkg = await getPublishedPackage(c.var.db, sellerId, packageId);
    if (!pkg) throw notFound("Package not found");
    return c.json({ package: pkg });
  })
  .get("/seller/:sellerId/website/searchpackages/:query", validate("param", searchParam), async (c) => {
    const { sellerId, query } = c.req.valid("param");
    const search = parseSearchQuery(query);
    if (!search.success) throw validationError(search.error);
    const load = createBatcher(c.var.db);
    const [exists, packages] = await Promise.all([
      sellerExists(c.var.db, sellerId, load),
      searchPublishedPackages(c.var.db, sellerId, search.data, load),
    ]);
    if (!exists) throw notFound(SELLER_NOT_FOUND);
    return c.json({ packages });
  });
