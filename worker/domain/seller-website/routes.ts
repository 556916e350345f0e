import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../../api/app-env";
import { notFound, validationError } from "../../api/errors";
import { requireRole } from "../../api/guard";
import { validate } from "../../api/validate";
import { createBatcher } from "../../db/batcher";
import { LIMITS, clientIp, enforce } from "../auth/rate-limit";
import { contactMessageBody } from "../messages/schemas";
import { receiveMessage } from "../messages/service";
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
// Any length is read: the destination is cut to its first words (normalizeSearchTerm, ADR 0021).
const searchParam = sellerParam.extend({ query: z.string() });

const SELLER_NOT_FOUND = "Seller not found";

const configBody = z.object({
  themeColor: hexColor,
  secondaryColor: hexColor,
  websiteName: z.string().trim().min(1, "Website name is required").max(80),
  wallpaperImage: imagePath.nullable().default(null),
});

export const MESSAGE_RECEIVED = "Thank you for your message! We will get back to you soon.";

/**
 * /api/seller-website — the public read API of spec §7 (published packages only), the contact
 * form's message to the seller's inbox, and the seller's own config write.
 */
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
  })
  .post("/seller/:sellerId/website/messages", validate("param", sellerParam), validate("json", contactMessageBody), async (c) => {
    const { sellerId } = c.req.valid("param");
    await enforce(c.var.db, [
      [LIMITS.contactIp, `${clientIp(c.req.raw)}:${sellerId}`],
      [LIMITS.contactSeller, sellerId],
    ]);
    const received = await receiveMessage(c.var.db, c.var.config, sellerId, c.req.valid("json"));
    if (!received) throw notFound(SELLER_NOT_FOUND);
    return c.json({ success: true, message: MESSAGE_RECEIVED, id: received.id }, 201);
  });
