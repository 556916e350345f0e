import type { EdgeConfig } from "../../cache/purge";
import { conflict, notFound, unprocessable } from "../errors";
import { readerOf } from "../../db/batcher";
import type { Db } from "../../db/client";
import { setMessageStatus } from "../messages/service";
import { updateWebsiteConfig, type WebsiteConfigInput } from "../seller-website/service";
import { createPackage, deletePackage, setPackageStatus, updatePackage } from "./packages";
import type { PackageInput, ProfileInput } from "./schemas";
import type { CustomHostnames } from "../../saas/custom-hostnames";
import type { AppConfig } from "../../env";
import { MAX_PENDING_DOMAINS, addDomain, checkSellerDomain, listDomains, removeDomain } from "./domains";
import { updateProfile } from "./site";
import { packageTourStatements } from "../catalogue/package-tour";
import type { PackageTourInput } from "../catalogue/schemas";

/**
 * The seller's writes as the API (/api/seller-admin) and the dashboard's page actions both make them:
 * each runs the write and answers the domain result, or throws the error (with the message the seller
 * sees) that both map to the same status. SECURITY: `sellerId` is always the signed-in seller's own id.
 */

export const PACKAGE_NOT_FOUND = "Package not found";
export const HAS_BOOKINGS = "This package has bookings, so it cannot be deleted. Unpublish it instead to hide it from your website.";

/** Publishing a package the operator has not approved (ADR 0048). */
export const AWAITS_APPROVAL = "Package published. It shows on your website once Tripbazaar approves it.";

/** A new draft package; a repeat with the same Idempotency-Key answers the first one's package (`replayed`). */
export async function addPackage(
  db: Db,
  edge: EdgeConfig,
  sellerId: string,
  input: PackageInput,
  idempotencyKey: string | null,
  tour: PackageTourInput | null = null,
) {
  const { pkg, replayed } = await createPackage(db, edge, sellerId, input, idempotencyKey, tourOf(db, sellerId, tour));
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  return { pkg, replayed };
}

/** The package form's hotels, meal plans, add-ons and itinerary, written in the package's own batch (none: left as they are). */
const tourOf = (db: Db, sellerId: string, tour: PackageTourInput | null) => (packageId: string) =>
  tour ? packageTourStatements(db, sellerId, packageId, tour) : [];

/** The answer when a change to the text or photos waits for the operator (ADR 0048). */
export const CHANGE_HELD =
  "Changes saved. New text and photos show once Tripbazaar approves them; your website keeps the current version until then.";

/**
 * A change; `message` says whether part of it waits for review. The form's hotels, meal plans and add-ons apply at
 * once in the same batch; its itinerary is text, so it is moderated with the rest (ADR 0048).
 */
export async function editPackage(
  db: Db,
  edge: EdgeConfig,
  sellerId: string,
  packageId: string,
  input: PackageInput,
  tour: PackageTourInput | null = null,
) {
  const changed = await updatePackage(db, edge, sellerId, packageId, input, tour);
  if (!changed) throw notFound(PACKAGE_NOT_FOUND);
  return { pkg: changed.pkg, message: changed.held ? CHANGE_HELD : "Package updated" };
}

/** Publishes or unpublishes; `message` is the answer's text ("Package published" / "Package unpublished"). */
export async function publishPackage(db: Db, edge: EdgeConfig, sellerId: string, packageId: string, status: "draft" | "published") {
  const pkg = await setPackageStatus(db, edge, sellerId, packageId, status);
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  if (status === "draft") return { pkg, message: "Package unpublished" };
  return { pkg, message: pkg.moderation === "approved" ? "Package published" : AWAITS_APPROVAL };
}

/** A package some booking references stays (409): the seller unpublishes it instead. */
export async function removePackage(db: Db, edge: EdgeConfig, sellerId: string, packageId: string) {
  const result = await deletePackage(db, edge, sellerId, packageId);
  if (result === "missing") throw notFound(PACKAGE_NOT_FOUND);
  if (result === "has-bookings") throw conflict(HAS_BOOKINGS);
}

/** Marks one of the seller's inbox messages read or new. */
export async function markMessage(db: Db, sellerId: string, messageId: string, status: "new" | "read") {
  const contactMessage = await setMessageStatus(db, sellerId, messageId, status);
  if (!contactMessage) throw notFound("Message not found");
  return contactMessage;
}

/** The public profile (only the fields given); answers the website settings as they are now. */
export async function saveProfile(db: Db, edge: EdgeConfig, sellerId: string, input: ProfileInput, cnameTarget: string) {
  const site = await updateProfile(db, edge, sellerId, input, cnameTarget);
  if (!site) throw notFound("Seller not found");
  return site;
}

/** The website's colours, name and wallpaper; answers the public site's seller and config. */
export async function saveBrand(db: Db, edge: EdgeConfig, sellerId: string, input: WebsiteConfigInput) {
  const site = await updateWebsiteConfig(db, edge, sellerId, input);
  if (!site) throw notFound("Seller not found");
  return site;
}

/** The outside service and the CNAME target the custom-domain writes use (worker/saas/config.ts). */
export type DomainSetup = { hostnames: CustomHostnames | null; cnameTarget: string };

/**
 * A custom domain: created at Cloudflare for SaaS, which then checks the seller's records (ADR 0041); answers it with
 * all the seller's domains. `ownHosts` are the platform's hosts and the host the request came to.
 */
export async function addSellerDomain(db: Db, setup: DomainSetup, sellerId: string, hostname: string, ownHosts: readonly string[]) {
  // SECURITY: a platform host (or one of ours) must never be claimable by a seller.
  if (ownHosts.includes(hostname) || hostname === setup.cnameTarget) {
    const message = "This is a Tripbazaar address; add a domain you own";
    throw unprocessable(message, [{ path: "hostname", message }]);
  }
  const domain = await addDomain(db, setup.hostnames, sellerId, hostname, setup.cnameTarget);
  if (domain === "taken") throw conflict("This hostname is already registered");
  if (domain === "too-many")
    throw conflict(`You can have at most ${MAX_PENDING_DOMAINS} domains waiting for activation. Remove one you no longer need first.`);
  return { domain, domains: await listDomains(readerOf(db), sellerId, setup.cnameTarget) };
}

/** Removes one of the seller's domains, at Cloudflare first; answers the ones left. */
export async function removeSellerDomain(db: Db, config: AppConfig, setup: DomainSetup, sellerId: string, domainId: string) {
  await removeDomain(db, config, setup.hostnames, sellerId, domainId);
  return listDomains(readerOf(db), sellerId, setup.cnameTarget);
}

/** "Check now": asks Cloudflare again; answers the domain as it now stands (live, still waiting, or why it failed). */
export async function checkDomainNow(db: Db, config: AppConfig, setup: DomainSetup, sellerId: string, domainId: string) {
  return checkSellerDomain(db, config, setup.hostnames, sellerId, domainId, setup.cnameTarget);
}
