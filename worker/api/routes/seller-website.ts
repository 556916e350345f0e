import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app-env";
import { notFound, validationError } from "../errors";
import { requireUserMiddleware } from "../guard";
import { describeRoute } from "../route-info";
import { done } from "../responses/common";
import { publicPackage, sellerSite } from "../responses/sellers";
import { validate } from "../validate";
import { LIMITS, enforce } from "../../domain/auth/rate-limit";
import { clientIp } from "../../client-ip";
import { clientBucket } from "../../shared/client-address";
import { contactMessageBody } from "../../domain/messages/schemas";
import { receiveMessage } from "../../domain/messages/service";
import { saveWebsiteConfig } from "./website-config";
import { parseSearchQuery } from "../../domain/seller-website/search-query";
import {
  getPublishedPackage,
  getSellerSite,
  listPublishedPackages,
  searchPublishedPackages,
  sellerExists,
} from "../../domain/seller-website/service";

const sellerParam = z.object({ sellerId: z.string().min(1).max(64) });
const packageParam = sellerParam.extend({ packageId: z.string().min(1).max(64) });
// Any length is read: the destination is cut to its first words (normalizeSearchTerm, ADR 0021).
const searchParam = sellerParam.extend({ query: z.string() });

const SELLER_NOT_FOUND = "Seller not found";

const packageList = z.object({ packages: z.array(publicPackage) });

export const MESSAGE_RECEIVED = "Thank you for your message! We will get back to you soon.";

/**
 * /api/seller-website — the public read API of spec §7 (published packages only) and the contact
 * form's message to the seller's inbox. `PUT /config` is the old path of the seller's config write,
 * now `PUT /api/seller-admin/config`, kept for callers that still use it.
 */
export const sellerWebsiteRoutes = new Hono<ApiEnv>()
  .put("/config", requireUserMiddleware("seller"), ...saveWebsiteConfig({ aliasOf: "/api/seller-admin/config" }))
  .get(
    "/seller/:sellerId/website/config",
    describeRoute({ summary: "A seller's public profile and website config", responses: { 200: sellerSite }, errors: [404] }),
    validate("param", sellerParam),
    async (c) => {
      const site = await getSellerSite(c.var.db, c.req.valid("param").sellerId, c.var.load);
      if (!site) throw notFound(SELLER_NOT_FOUND);
      return c.json({ seller: site.seller, websiteConfig: site.websiteConfig });
    },
  )
  .get(
    "/seller/:sellerId/website/package/all",
    describeRoute({ summary: "A seller's published packages", responses: { 200: packageList }, errors: [404] }),
    validate("param", sellerParam),
    async (c) => {
      const { sellerId } = c.req.valid("param");
      const { db, load } = c.var;
      const [exists, packages] = await Promise.all([sellerExists(db, sellerId, load), listPublishedPackages(db, sellerId, load)]);
      if (!exists) throw notFound(SELLER_NOT_FOUND);
      return c.json({ packages });
    },
  )
  .get(
    "/seller/:sellerId/website/package/:packageId",
    describeRoute({
      summary: "One published package of a seller",
      responses: { 200: z.object({ package: publicPackage }) },
      errors: [404],
    }),
    validate("param", packageParam),
    async (c) => {
      const { sellerId, packageId } = c.req.valid("param");
      const pkg = await getPublishedPackage(c.var.db, sellerId, packageId, c.var.load);
      if (!pkg) throw notFound("Package not found");
      return c.json({ package: pkg });
    },
  )
  .get(
    "/seller/:sellerId/website/searchpackages/:query",
    describeRoute({
      summary: "Search a seller's published packages",
      description: "`query` is `all-packages` or an encoded `destination=goa&checkIn=2027-01-10&duration=5`.",
      responses: { 200: packageList },
      errors: [404],
    }),
    validate("param", searchParam),
    async (c) => {
      const { sellerId, query } = c.req.valid("param");
      const search = parseSearchQuery(query);
      if (!search.success) throw validationError(search.error);
      const { db, load } = c.var;
      const [exists, packages] = await Promise.all([
        sellerExists(db, sellerId, load),
        searchPublishedPackages(db, sellerId, search.data, load),
      ]);
      if (!exists) throw notFound(SELLER_NOT_FOUND);
      return c.json({ packages });
    },
  )
  .post(
    "/seller/:sellerId/website/messages",
    describeRoute({
      summary: "Send a message to a seller (the website's contact form)",
      description: "At most 10 an hour per visitor and seller. The seller gets an email notice.",
      responses: { 201: done.extend({ id: z.string() }) },
      errors: [404, 429],
    }),
    validate("param", sellerParam),
    validate("json", contactMessageBody),
    async (c) => {
      const { sellerId } = c.req.valid("param");
      await enforce(c.var.db, [
        [LIMITS.contactIp, `${clientBucket(clientIp(c.req.raw))}:${sellerId}`],
        [LIMITS.contactSeller, sellerId],
      ]);
      const received = await receiveMessage(c.var.db, c.var.config, sellerId, c.req.valid("json"));
      if (!received) throw notFound(SELLER_NOT_FOUND);
      return c.json({ success: true, message: MESSAGE_RECEIVED, id: received.id }, 201);
    },
  );
