import { Hono } from "hono";
import type { ApiEnv } from "../../api/app-env";
import { ApiError, conflict, notFound } from "../../api/errors";
import { requireRole } from "../../api/guard";
import { idempotencyKeyOf } from "../../api/idempotency";
import { validate } from "../../api/validate";
import { messageListQuery, messageStatusBody } from "../messages/schemas";
import { listMessages, setMessageStatus } from "../messages/service";
import { readUpload, storeUpload } from "./media";
import { createPackage, deletePackage, getSellerPackage, listSellerPackages, setPackageStatus, updatePackage } from "./packages";
import { domainBody, idParam, packageBody, profileBody, statusBody } from "./schemas";
import { MAX_PENDING_DOMAINS, addDomain, getSiteSettings, listDomains, removeDomain, updateProfile } from "./site";

const PACKAGE_NOT_FOUND = "Package not found";
const HAS_BOOKINGS = "This package has bookings, so it cannot be deleted. Unpublish it instead to hide it from your website.";

/**
 * /api/seller-admin — the signed-in seller's catalogue, website settings, domains and media.
 * SECURITY: every handler starts with requireRole(c, "seller") and uses that user's id as the
 * seller id; ids in the path only ever select among the seller's own rows.
 */
export const sellerAdminRoutes = new Hono<ApiEnv>()
  .get("/packages", async (c) => {
    const seller = await requireRole(c, "seller");
    return c.json({ success: true, packages: await listSellerPackages(c.var.db, seller.id) });
  })
  .post("/packages", validate("json", packageBody), async (c) => {
    const seller = await requireRole(c, "seller");
    const { pkg, replayed } = await createPackage(c.var.db, seller.id, c.req.valid("json"), idempotencyKeyOf(c, { required: false }));
    if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
    if (replayed) c.header("Idempotent-Replayed", "true");
    return c.json({ success: true, package: pkg, message: "Package created" }, 201);
  })
  .get("/packages/:id", validate("param", idParam), async (c) => {
    const seller = await requireRole(c, "seller");
    const pkg = await getSellerPackage(c.var.db, seller.id, c.req.valid("param").id);
    if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
    return c.json({ success: true, package: pkg });
  })
  .put("/packages/:id", validate("param", idParam), validate("json", packageBody), async (c) => {
    const seller = await requireRole(c, "seller");
    const pkg = await updatePackage(c.var.db, seller.id, c.req.valid("param").id, c.req.valid("json"));
    if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
    return c.json({ success: true, package: pkg, message: "Package updated" });
  })
  .put("/packages/:id/status", validate("param", idParam), validate("json", statusBody), async (c) => {
    const seller = await requireRole(c, "seller");
    const { status } = c.req.valid("json");
    const pkg = await setPackageStatus(c.var.db, seller.id, c.req.valid("param").id, status);
    if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
    return c.json({ success: true, package: pkg, message: status === "published" ? "Package published" : "Package unpublished" });
  })
  .delete("/packages/:id", validate("param", idParam), async (c) => {
    const seller = await requireRole(c, "seller");
    const result = await deletePackage(c.var.db, seller.id, c.req.valid("param").id);
    if (result === "missing") throw notFound(PACKAGE_NOT_FOUND);
    if (result === "has-bookings") throw conflict(HAS_BOOKINGS);
    return c.json({ success: true, message: "Package deleted" });
  })
  .get("/messages", validate("query", messageListQuery), async (c) => {
    const seller = await requireRole(c, "seller");
    return c.json({ success: true, ...(await listMessages(c.var.db, seller.id, c.req.valid("query"))) });
  })
  .put("/messages/:id", validate("param", idParam), validate("json", messageStatusBody), async (c) => {
    const seller = await requireRole(c, "seller");
    const contactMessage = await setMessageStatus(c.var.db, seller.id, c.req.valid("param").id, c.req.valid("json").status);
    if (!contactMessage) throw notFound("Message not found");
    return c.json({ success: true, contactMessage });
  })
  .get("/site", async (c) => {
    const seller = await requireRole(c, "seller");
    const site = await getSiteSettings(c.var.db, seller.id);
    if (!site) throw notFound("Seller not found");
    return c.json({ success: true, ...site });
  })
  .put("/profile", validate("json", profileBody), async (c) => {
    const seller = await requireRole(c, "seller");
    const site = await updateProfile(c.var.db, seller.id, c.req.valid("json"));
    if (!site) throw notFound("Seller not found");
    return c.json({ success: true, ...site, message: "Profile saved" });
  })
  .post("/domains", validate("json", domainBody), async (c) => {
    const seller = await requireRole(c, "seller");
    const { hostname } = c.req.valid("json");
    // SECURITY: a platform host (or one of ours) must never be claimable by a seller.
    if (c.var.config.PLATFORM_HOSTS.includes(hostname) || hostname === new URL(c.req.url).hostname) {
      const message = "This is a Tripbazaar address; add a domain you own";
      throw new ApiError(422, message, [{ path: "hostname", message }]);
    }
    const domain = await addDomain(c.var.db, seller.id, hostname);
    if (domain === "taken") throw conflict("This hostname is already registered");
    if (domain === "too-many")
      throw conflict(`You can have at most ${MAX_PENDING_DOMAINS} domains waiting for activation. Remove one you no longer need first.`);
    return c.json({ success: true, domain, domains: await listDomains(c.var.db, seller.id), message: "Domain added" }, 201);
  })
  .delete("/domains/:id", validate("param", idParam), async (c) => {
    const seller = await requireRole(c, "seller");
    if (!(await removeDomain(c.var.db, seller.id, c.req.valid("param").id))) throw notFound("Domain not found");
    return c.json({ success: true, domains: await listDomains(c.var.db, seller.id), message: "Domain removed" });
  })
  .post("/media", async (c) => {
    const seller = await requireRole(c, "seller");
    if (!c.env.MEDIA) throw new ApiError(503, "Uploads are not configured");
    const stored = await storeUpload(c.env.MEDIA, seller.id, await readUpload(c.req.raw));
    return c.json({ success: true, ...stored }, 201);
  });
