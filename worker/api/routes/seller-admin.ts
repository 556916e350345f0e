import { Hono } from "hono";
import { sellerReviewRoutes } from "./reviews";
import { z } from "zod";
import type { ApiEnv } from "../app-env";
import { ApiError, notFound } from "../errors";
import { requireUserMiddleware } from "../guard";
import { idempotencyKeyOf } from "../idempotency";
import { describeRoute } from "../route-info";
import { count, done, ok, pageSizePagination } from "../responses/common";
import { contactMessage, customDomain, sellerPackage, siteSettings } from "../responses/sellers";
import { validate } from "../validate";
import { messageListQuery, messageStatusBody } from "../../domain/messages/schemas";
import { listMessages } from "../../domain/messages/service";
import { storeSellerImages } from "../../domain/seller-admin/media";
import { readUpload } from "../upload";
import {
  PACKAGE_NOT_FOUND,
  addPackage,
  addSellerDomain,
  checkDomainNow,
  editPackage,
  markMessage,
  publishPackage,
  removePackage,
  removeSellerDomain,
  saveProfile,
} from "../../domain/seller-admin/manage";
import { getSellerPackage, listSellerPackages } from "../../domain/seller-admin/packages";
import { domainBody, idParam, packageBody, profileBody, statusBody } from "../../domain/seller-admin/schemas";
import { getSiteSettings } from "../../domain/seller-admin/site";
import { changeSlug, slugBody } from "../../domain/seller-admin/slug";
import { cnameTargetOf, domainSetupOf } from "../../saas/config";
import { saveWebsiteConfig } from "./website-config";

const packageList = z.object({ success: ok, packages: z.array(sellerPackage) });
const packageAnswer = z.object({ success: ok, package: sellerPackage, message: z.string() });
const SITE_DOC = {
  summary: "The seller's website settings: profile, config and domains",
  responses: { 200: siteSettings.extend({ success: ok }) },
  errors: [404],
};

/**
 * /api/seller-admin — the signed-in seller's catalogue, website settings, domains and media.
 * SECURITY: the whole sub-app is behind the seller guard, and every handler uses that user's id
 * (`c.var.userId`) as the seller id; ids in the path only ever select among the seller's own rows.
 */
export const sellerAdminRoutes = new Hono<ApiEnv>()
  .use(requireUserMiddleware("seller"))
  .route("/reviews", sellerReviewRoutes)
  .get("/packages", describeRoute({ summary: "The seller's packages, drafts included", responses: { 200: packageList } }), async (c) => {
    return c.json({ success: true, packages: await listSellerPackages(c.var, c.var.userId) });
  })
  .post(
    "/packages",
    describeRoute({
      summary: "Add a package (as a draft)",
      responses: { 201: packageAnswer },
      returns: "The package; `Idempotent-Replayed: true` on a replay",
      idempotencyKey: "optional",
      errors: [404],
    }),
    validate("json", packageBody),
    async (c) => {
      const { pkg, replayed } = await addPackage(
        c.var.db,
        c.var.config,
        c.var.userId,
        c.req.valid("json"),
        idempotencyKeyOf(c, { required: false }),
      );
      if (replayed) c.header("Idempotent-Replayed", "true");
      return c.json({ success: true, package: pkg, message: "Package created" }, 201);
    },
  )
  .get(
    "/packages/:id",
    describeRoute({
      summary: "One of the seller's packages",
      responses: { 200: z.object({ success: ok, package: sellerPackage }) },
      errors: [404],
    }),
    validate("param", idParam),
    async (c) => {
      const pkg = await getSellerPackage(c.var, c.var.userId, c.req.valid("param").id);
      if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
      return c.json({ success: true, package: pkg });
    },
  )
  .put(
    "/packages/:id",
    describeRoute({
      summary: "Change a package",
      description:
        "While the platform requires approval, a change to the name, city, description, photos, inclusions, exclusions or itinerary of an approved package waits for the operator (the package's `edit`); prices and the length apply at once.",
      responses: { 200: packageAnswer },
      errors: [404],
    }),
    validate("param", idParam),
    validate("json", packageBody),
    async (c) => {
      const { pkg, message } = await editPackage(c.var.db, c.var.config, c.var.userId, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ success: true, package: pkg, message });
    },
  )
  .put(
    "/packages/:id/status",
    describeRoute({ summary: "Publish or unpublish a package", responses: { 200: packageAnswer }, errors: [404] }),
    validate("param", idParam),
    validate("json", statusBody),
    async (c) => {
      const { pkg, message } = await publishPackage(
        c.var.db,
        c.var.config,
        c.var.userId,
        c.req.valid("param").id,
        c.req.valid("json").status,
      );
      return c.json({ success: true, package: pkg, message });
    },
  )
  .delete(
    "/packages/:id",
    describeRoute({
      summary: "Delete a package no booking references",
      description: "A package with bookings is a 409: unpublish it instead.",
      responses: { 200: done },
      errors: [404, 409],
    }),
    validate("param", idParam),
    async (c) => {
      await removePackage(c.var.db, c.var.config, c.var.userId, c.req.valid("param").id);
      return c.json({ success: true, message: "Package deleted" });
    },
  )
  .get(
    "/messages",
    describeRoute({
      summary: "The seller's inbox of contact-form messages",
      responses: {
        200: z.object({ success: ok, messages: z.array(contactMessage), unread: count, pagination: pageSizePagination }),
      },
    }),
    validate("query", messageListQuery),
    async (c) => {
      return c.json({ success: true, ...(await listMessages(c.var, c.var.userId, c.req.valid("query"))) });
    },
  )
  .put(
    "/messages/:id",
    describeRoute({ summary: "Mark a message read or new", responses: { 200: z.object({ success: ok, contactMessage }) }, errors: [404] }),
    validate("param", idParam),
    validate("json", messageStatusBody),
    async (c) => {
      const contactMessage = await markMessage(c.var.db, c.var.userId, c.req.valid("param").id, c.req.valid("json").status);
      return c.json({ success: true, contactMessage });
    },
  )
  .get("/site", describeRoute(SITE_DOC), async (c) => {
    const site = await getSiteSettings(c.var, c.var.userId, cnameTargetOf(c.var.config));
    if (!site) throw notFound("Seller not found");
    return c.json({ success: true, ...site });
  })
  .put(
    "/site/slug",
    describeRoute({
      summary: "Change the site's address, `/seller/{slug}/website` (once; the old one redirects for good)",
      responses: {
        200: z.object({ success: ok, message: z.string(), slug: z.string(), sitePath: z.string(), changedFrom: z.string() }),
      },
      errors: [409, 422],
    }),
    validate("json", slugBody),
    async (c) => {
      const changed = await changeSlug(c.var.db, c.var.config, c.var.userId, c.req.valid("json"));
      const { canChange: _, ...answer } = changed;
      return c.json({ success: true, message: `Your website address is now ${changed.sitePath}`, ...answer });
    },
  )
  .put("/config", ...saveWebsiteConfig())
  .put(
    "/profile",
    describeRoute({
      summary: "Change the public profile (only the fields sent)",
      responses: { 200: siteSettings.extend({ success: ok, message: z.string() }) },
      errors: [404],
    }),
    validate("json", profileBody),
    async (c) => {
      const site = await saveProfile(c.var.db, c.var.config, c.var.userId, c.req.valid("json"), cnameTargetOf(c.var.config));
      return c.json({ success: true, ...site, message: "Profile saved" });
    },
  )
  .post(
    "/domains",
    describeRoute({
      summary: "Add a custom domain",
      description:
        "Creates the custom hostname at Cloudflare for SaaS and answers the DNS records to create. The domain goes live on its own once Cloudflare sees them (POST /domains/{id}/check, or the scheduled run).",
      responses: { 201: done.extend({ domain: customDomain, domains: z.array(customDomain) }) },
      errors: [409, 422, 503],
    }),
    validate("json", domainBody),
    async (c) => {
      const ownHosts = [...c.var.config.PLATFORM_HOSTS, new URL(c.req.url).hostname];
      const { domain, domains } = await addSellerDomain(
        c.var.db,
        domainSetupOf(c.var.config),
        c.var.userId,
        c.req.valid("json").hostname,
        ownHosts,
      );
      return c.json({ success: true, domain, domains, message: "Domain added" }, 201);
    },
  )
  .post(
    "/domains/:id/check",
    describeRoute({
      summary: "Check a custom domain now",
      description:
        "Asks Cloudflare to validate the records again; answers the domain as it now stands (live once hostname and certificate are active).",
      responses: { 200: done.extend({ domain: customDomain }) },
      errors: [404, 409, 503],
    }),
    validate("param", idParam),
    async (c) => {
      const domain = await checkDomainNow(c.var.db, c.var.config, domainSetupOf(c.var.config), c.var.userId, c.req.valid("param").id);
      return c.json({ success: true, domain, message: domain.status === "active" ? `${domain.hostname} is live` : "Checked" });
    },
  )
  .delete(
    "/domains/:id",
    describeRoute({
      summary: "Remove a custom domain",
      description: "Deletes the custom hostname at Cloudflare first; if Cloudflare cannot be reached nothing is removed (503).",
      responses: { 200: done.extend({ domains: z.array(customDomain) }) },
      errors: [404, 503],
    }),
    validate("param", idParam),
    async (c) => {
      const domains = await removeSellerDomain(c.var.db, c.var.config, domainSetupOf(c.var.config), c.var.userId, c.req.valid("param").id);
      return c.json({ success: true, domains, message: "Domain removed" });
    },
  )
  .post(
    "/media",
    describeRoute({
      summary: "Upload an image",
      description:
        "JPEG, PNG or WebP, checked from the bytes; at most 2 MB; SVG is refused. Stored in R2 and served at the answered `/media/…` path; WebP copies 480, 960 and 1440 pixels wide (never wider than the upload) follow within seconds at `<path>.w<width>.webp`, which serve the upload itself until then.",
      body: {
        contentType: ["multipart/form-data", "image/jpeg", "image/png", "image/webp"],
        description: "The image as the `file` field of a form, or as the raw body with its type",
      },
      responses: {
        201: z.object({
          success: ok,
          key: z.string(),
          url: z.string().describe("Where the image is served: `/media/…`"),
          contentType: z.enum(["image/jpeg", "image/png", "image/webp"]),
          size: count.describe("In bytes"),
        }),
      },
      errors: [400, 413, 415, 503],
    }),
    async (c) => {
      if (!c.env.MEDIA) throw new ApiError(503, "Uploads are not configured");
      const [stored] = await storeSellerImages(c.var, c.env.MEDIA, c.var.userId, [await readUpload(c.req.raw)], c.var.now);
      return c.json({ success: true, ...stored }, 201);
    },
  );
