import { sellerBasePath } from "../../shared/seller-pages";
import { type EdgeConfig, hostCacheTag } from "../../cache/purge";
import { and, asc, eq, sql } from "drizzle-orm";
import { customDomains, sellers } from "@db/schema";
import { conflict, notFound } from "../errors";
import { type Reader, readerOf } from "../../db/batcher";
import type { Db } from "../../db/client";
import { forgetDomain } from "../../tenant/domains";
import { announceVersion, bumpQuery, getSellerSite } from "../seller-website/service";
import type { ProfileInput } from "./schemas";

/**
 * The seller's own website settings: public profile and custom domains.
 * SECURITY: sellerId is always the signed-in seller; every query is scoped by it.
 */
type DomainRow = typeof customDomains.$inferSelect;

export function domainView(d: DomainRow) {
  return {
    id: d.id,
    hostname: d.hostname,
    status: d.status,
    // The seller needs the token to set up the TXT record; it proves nothing once active.
    verificationToken: d.verificationToken,
    txtRecord: `_tripbazaar.${d.hostname}`,
    createdAt: d.createdAt,
  };
}

export async function listDomains({ db, load }: Reader, sellerId: string) {
  const rows = await load(
    db.select().from(customDomains).where(eq(customDomains.sellerId, sellerId)).orderBy(asc(customDomains.createdAt)),
  );
  return rows.map(domainView);
}

/**
 * Everything the website page shows: public profile and config (as the public API has them) plus domains.
 * Both reads go through `load` at once: one D1 round trip.
 */
export async function getSiteSettings(reader: Reader, sellerId: string) {
  const [site, domains] = await Promise.all([getSellerSite(reader.db, sellerId, reader.load), listDomains(reader, sellerId)]);
  if (!site) return null;
  return { seller: site.seller, websiteConfig: site.websiteConfig, domains, sitePath: site.sitePath };
}

export async function updateProfile(db: Db, edge: EdgeConfig, sellerId: string, input: ProfileInput) {
  // The profile and the content version (the edge cache key, ADR 0007) change in one statement.
  const [changed] = await db
    .update(sellers)
    .set({ ...input, contentVersion: sql`${sellers.contentVersion} + 1`, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
    .where(eq(sellers.id, sellerId))
    .returning({ version: sellers.contentVersion });
  if (!changed) return null;
  await announceVersion(edge, sellerId, changed.version);
  return getSiteSettings(readerOf(db), sellerId);
}

function verificationToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `tb-verify-${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Hostnames a seller may have waiting for activation at once (ADR 0021). */
export const MAX_PENDING_DOMAINS = 3;
/** A pending hostname nobody activated is released after this long (maintenance.ts). */
export const PENDING_DOMAIN_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * A new domain is pending until a superadmin has checked its DNS; it serves nothing before.
 * One conditional insert: a hostname already registered, or a seller with MAX_PENDING_DOMAINS
 * pending already, writes nothing, however many requests race.
 */
export async function addDomain(db: Db, sellerId: string, hostname: string): Promise<ReturnType<typeof domainView> | "taken" | "too-many"> {
  const id = `dom_${crypto.randomUUID()}`;
  const [inserted] = await db.all<DomainRow>(sql`
    INSERT INTO custom_domains (id, hostname, seller_id, status, verification_token)
    SELECT ${id}, ${hostname}, ${sellerId}, 'pending', ${verificationToken()}
    WHERE (SELECT count(*) FROM custom_domains WHERE seller_id = ${sellerId} AND status = 'pending') < ${MAX_PENDING_DOMAINS}
    ON CONFLICT (hostname) DO NOTHING
    RETURNING id, hostname, seller_id AS sellerId, status, verification_token AS verificationToken, created_at AS createdAt`);
  if (inserted) return domainView(inserted);
  const existing = await db.select({ id: customDomains.id }).from(customDomains).where(eq(customDomains.hostname, hostname)).get();
  return existing ? "taken" : "too-many";
}

export async function removeDomain(db: Db, edge: EdgeConfig, sellerId: string, domainId: string) {
  const own = and(eq(customDomains.sellerId, sellerId), eq(customDomains.id, domainId));
  // One batch: an active domain was the canonical address of the public pages, so its removal bumps the version.
  const [bumped, removed] = await db.batch([
    bumpQuery(db, sellerId, sql`EXISTS (SELECT 1 FROM ${customDomains} WHERE ${own} AND ${customDomains.status} = 'active')`),
    db.delete(customDomains).where(own).returning({ id: customDomains.id, hostname: customDomains.hostname }),
  ]);
  if (removed.length === 0) return false;
  // Only an active domain was served; the host stops answering within the bound of ADR 0026.
  if (bumped[0]) await domainChanged(edge, removed[0].hostname, sellerId, bumped[0].version);
  return true;
}

/** Superadmin only (the caller checks the role): every seller's domains waiting for activation, oldest first. */
export async function listPendingDomains({ db, load }: Reader) {
  const rows = await load(
    db
      .select({ domain: customDomains, sellerName: sellers.name, siteSlug: sql<string | null>`${sellers.slug}`.as("site_slug") })
      .from(customDomains)
      .innerJoin(sellers, eq(sellers.id, customDomains.sellerId))
      .where(eq(customDomains.status, "pending"))
      .orderBy(asc(customDomains.createdAt), asc(customDomains.id)),
  );
  // Sellers are named by name wherever a person reads the list (issue 24).
  return rows.map(({ domain, sellerName, siteSlug }) => ({
    ...domainView(domain),
    sellerId: domain.sellerId,
    sellerName,
    sitePath: sellerBasePath(siteSlug ?? domain.sellerId),
  }));
}

/**
 * Superadmin only (the caller checks the role): activates a pending domain of any seller.
 * An unknown id is a 404; a domain that is already active a 409.
 */
export async function activateDomain(db: Db, edge: EdgeConfig, domainId: string) {
  const pending = and(eq(customDomains.id, domainId), eq(customDomains.status, "pending"));
  // One batch: the owner's content version moves with the activation (the canonical address changes).
  const [bumped, [row]] = await db.batch([
    db
      .update(sellers)
      .set({ contentVersion: sql`${sellers.contentVersion} + 1`, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
      .where(sql`${sellers.id} = (SELECT ${customDomains.sellerId} FROM ${customDomains} WHERE ${pending})`)
      .returning({ version: sellers.contentVersion }),
    db.update(customDomains).set({ status: "active" }).where(pending).returning(),
  ]);
  if (!row) {
    const exists = await db.select({ id: customDomains.id }).from(customDomains).where(eq(customDomains.id, domainId)).get();
    throw exists ? conflict("This domain is already active") : notFound("Domain not found");
  }
  if (bumped[0]) await domainChanged(edge, row.hostname, row.sellerId, bumped[0].version);
  return domainView(row);
}

/** The host → seller answer is forgotten here and purged elsewhere, with the owner's pages (ADR 0026). */
async function domainChanged(edge: EdgeConfig, hostname: string, sellerId: string, version: number) {
  await forgetDomain(hostname);
  await announceVersion(edge, sellerId, version, [hostCacheTag(hostname)]);
}
