import { sellerBasePath } from "../../shared/seller-pages";
import type { EdgeConfig } from "../../cache/purge";
import { and, desc, eq, getTableColumns, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { customDomains, packages, sellers, users, websiteConfigs } from "@db/schema";
import { purgeSellerPages } from "../../cache/purge";
import { onSaleJoin } from "../on-sale";
import { publishContentVersion } from "../../cache/version-pointer";
import { type Load, loadDirect, preparedRead } from "../../db/batcher";
import type { Db } from "../../db/client";
import { containsTerm, normalizeSearchTerm } from "../../db/text-search";
import { type HighlightRow, landingHighlights } from "./highlights";
import type { PackageSearch } from "./search-query";
import { packageSummary, publicPackage, publicSeller, publicWebsiteConfig, type SellerSiteData } from "./shapes";

/**
 * Read side of the seller website. Every function takes the seller id first and an
 * optional `load` (the per-request batcher) last, so a page's queries share one round trip.
 * The reads every uncached page makes are prepared once per isolate (ADR 0016).
 */

/** The seller's first active domain, as a subquery: a join would multiply the rows and need a sort (ADR 0017). */
const firstActiveDomain = sql<string | null>`(
  SELECT ${customDomains.hostname} FROM ${customDomains}
  WHERE ${customDomains.sellerId} = ${sellers.id} AND ${customDomains.status} = 'active'
  ORDER BY ${customDomains.createdAt}, ${customDomains.hostname} LIMIT 1)`.as("domain_hostname");

const siteQuery = preparedRead((db: Db) =>
  // Column names must be unique across the joined tables: drizzle maps D1 batch rows by
  // position after D1 has merged same-named columns (updated_at, seller_id) into one.
  db
    .select({
      seller: {
        id: sellers.id,
        name: sellers.name,
        email: sellers.email,
        phone: sellers.phone,
        bio: sellers.bio,
        logo: sellers.logo,
        backgroundImage: sellers.backgroundImage,
        address: sellers.address,
        hours: sellers.hours,
        socialLinks: sellers.socialLinks,
        contentVersion: sellers.contentVersion,
        slug: sellers.slug,
      },
      config: {
        themeColor: websiteConfigs.themeColor,
        secondaryColor: websiteConfigs.secondaryColor,
        websiteName: websiteConfigs.websiteName,
        wallpaperImage: websiteConfigs.wallpaperImage,
      },
      domain: firstActiveDomain,
    })
    .from(sellers)
    // A disabled account's website is offline (superadmin, ADR 0015).
    .innerJoin(users, and(eq(users.id, sellers.id), eq(users.status, "active")))
    .leftJoin(websiteConfigs, eq(websiteConfigs.sellerId, sellers.id))
    .where(eq(sellers.id, sql.placeholder("sellerId"))),
);

/** Narrows a select from `packages` to this seller's packages that are on sale (onSaleJoin). */
function onSaleOf<Q extends SQLiteSelect>(query: Q, sellerId: string | Placeholder, ...conditions: SQL[]) {
  return query.innerJoin(users, onSaleJoin.on).where(and(eq(packages.sellerId, sellerId), onSaleJoin.where, ...conditions));
}

export type SellerSiteRecord = SellerSiteData & {
  /** The seller's active custom domain, for canonical URLs; null when none. */
  domain: string | null;
  contentVersion: number;
  /** The site's address on the platform, `/seller/{slug}/website` (ADR 0040); the id for a row not yet given one. */
  sitePath: string;
};

export async function getSellerSite(db: Db, sellerId: string, load: Load): Promise<SellerSiteRecord | null> {
  const row = (await load(siteQuery(db, { sellerId })))[0];
  if (!row) return null;
  return {
    seller: publicSeller(row.seller),
    websiteConfig: publicWebsiteConfig(row.seller, row.config),
    domain: row.domain ?? null,
    contentVersion: row.seller.contentVersion,
    sitePath: sellerBasePath(row.seller.slug ?? row.seller.id),
  };
}

export async function sellerExists(db: Db, sellerId: string, load: Load) {
  const active = and(eq(users.id, sellers.id), eq(users.status, "active"));
  return (
    (await load(db.select({ id: sellers.id }).from(sellers).innerJoin(users, active).where(eq(sellers.id, sellerId)).limit(1))).length > 0
  );
}

const byNewest = [desc(packages.createdAt), desc(packages.id)] as const;

export async function listPublishedPackages(db: Db, sellerId: string, load: Load, limit?: number) {
  const q = onSaleOf(selectPackages(db), sellerId).orderBy(...byNewest);
  return (await load(limit ? q.limit(limit) : q)).map(publicPackage);
}

/** Only what a package card shows (pages' lists): less for D1 to send and for the page to serialise. */
const summaryColumns = {
  id: packages.id,
  name: packages.name,
  city: packages.city,
  durationDays: packages.durationDays,
  images: packages.images,
  priceRanges: packages.priceRanges,
};

const selectPackages = (db: Db) => db.select(getTableColumns(packages)).from(packages).$dynamic();
const selectSummaries = (db: Db) => db.select(summaryColumns).from(packages).$dynamic();
const summariesQuery = (db: Db) => onSaleOf(selectSummaries(db), sql.placeholder("sellerId")).orderBy(...byNewest);
const allSummaries = preparedRead(summariesQuery);
const recentSummaries = preparedRead((db: Db) => summariesQuery(db).limit(sql.placeholder("limit")));

export async function listPackageSummaries(db: Db, sellerId: string, load: Load, limit?: number) {
  const rows = await load(limit ? recentSummaries(db, { sellerId, limit }) : allSummaries(db, { sellerId }));
  return rows.map(packageSummary);
}

/**
 * What the landing's highlights count: each on-sale package's city, length, rating, first picture and
 * cheapest priced tier (a tier of 0 or less is "on request", as booking treats it).
 */
const highlightRows = preparedRead((db: Db) =>
  onSaleOf(
    db
      .select({
        city: packages.city,
        durationDays: packages.durationDays,
        rating: packages.rating,
        reviews: packages.reviews,
        image: sql<string | null>`json_extract(${packages.images}, '$[0]')`.as("first_image"),
        lowestPrice: sql<number | null>`(
          SELECT min(json_extract(tier.value, '$.price')) FROM json_each(${packages.priceRanges}) AS tier
          WHERE json_type(tier.value, '$.price') IN ('integer', 'real') AND json_extract(tier.value, '$.price') > 0)`.as("lowest_price"),
      })
      .from(packages)
      .$dynamic(),
    sql.placeholder("sellerId"),
  ),
);

/** The landing's Trending Destinations and Explore Packages, from this seller's own packages. */
export async function getLandingHighlights(db: Db, sellerId: string, load: Load) {
  const rows: HighlightRow[] = await load(highlightRows(db, { sellerId }));
  return landingHighlights(rows);
}

/** A published package of this seller only; another seller's id reads as missing. */
const publishedPackage = preparedRead((db: Db) =>
  onSaleOf(selectPackages(db), sql.placeholder("sellerId"), eq(packages.id, sql.placeholder("packageId"))).limit(1),
);

export async function getPublishedPackage(db: Db, sellerId: string, packageId: string, load: Load) {
  const rows = await load(publishedPackage(db, { sellerId, packageId }));
  return rows[0] ? publicPackage(rows[0]) : null;
}

function searchConditions(search: PackageSearch): SQL[] {
  const conditions: SQL[] = [];
  const destination = normalizeSearchTerm(search.destination);
  if (destination) conditions.push(containsTerm(destination, packages.name, packages.city, packages.description));
  if (search.duration) conditions.push(eq(packages.durationDays, search.duration));
  return conditions;
}

/** Destination matches name, city or description case-insensitively; duration filters by days. */
export async function searchPublishedPackages(db: Db, sellerId: string, search: PackageSearch, load: Load) {
  const rows = await load(onSaleOf(selectPackages(db), sellerId, ...searchConditions(search)).orderBy(...byNewest));
  return rows.map(publicPackage);
}

/** The same search, as package cards. */
export async function searchPackageSummaries(db: Db, sellerId: string, search: PackageSearch, load: Load) {
  const rows = await load(onSaleOf(selectSummaries(db), sellerId, ...searchConditions(search)).orderBy(...byNewest));
  return rows.map(packageSummary);
}

/**
 * The version bump as a statement: every write to what a seller's public pages show batches it with the write
 * (`onlyIf` makes it follow the write's own condition), then calls announceVersion with the new version.
 * The version is part of the edge cache key (ADR 0007), so the next request renders fresh content.
 */
export function bumpQuery(db: Db, sellerId: string, onlyIf?: SQL) {
  return db
    .update(sellers)
    .set({ contentVersion: sql`${sellers.contentVersion} + 1`, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
    .where(and(eq(sellers.id, sellerId), onlyIf))
    .returning({ version: sellers.contentVersion });
}

/**
 * A new version: this colo's pointer moves at once, and Cloudflare's cache drops the seller's pages
 * (and whatever else `alsoTags` names, in the same purge).
 */
export async function announceVersion(edge: EdgeConfig, sellerId: string, version: number, alsoTags: readonly string[] = []) {
  await Promise.all([publishContentVersion(sellerId, version), purgeSellerPages(edge, sellerId, alsoTags)]);
}

export type WebsiteConfigInput = { themeColor: string; secondaryColor: string; websiteName: string; wallpaperImage: string | null };

/** The seller's own website settings, written together with the version bump in one batch. */
export async function updateWebsiteConfig(db: Db, edge: EdgeConfig, sellerId: string, input: WebsiteConfigInput) {
  const values = { ...input, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` };
  const [, bumped] = await db.batch([
    db
      .insert(websiteConfigs)
      .values({ sellerId, ...values })
      .onConflictDoUpdate({ target: websiteConfigs.sellerId, set: values }),
    bumpQuery(db, sellerId),
  ]);
  const version = bumped[0]?.version;
  if (version !== undefined) await announceVersion(edge, sellerId, version);
  return getSellerSite(db, sellerId, loadDirect);
}
