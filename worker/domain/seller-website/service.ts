import { and, desc, eq } from "drizzle-orm";
import { packages, sellers, websiteConfigs } from "@db/schema";
import type { Db } from "../../db/client";
import { publicPackage, publicSeller, publicWebsiteConfig, type SellerSiteData } from "./shapes";

function siteQuery(db: Db, sellerId: string) {
  return db
    .select({ seller: sellers, config: websiteConfigs })
    .from(sellers)
    .leftJoin(websiteConfigs, eq(websiteConfigs.sellerId, sellers.id))
    .where(eq(sellers.id, sellerId));
}

function publishedPackagesQuery(db: Db, sellerId: string, limit?: number) {
  const q = db
    .select()
    .from(packages)
    .where(and(eq(packages.sellerId, sellerId), eq(packages.status, "published")))
    .orderBy(desc(packages.createdAt), desc(packages.id));
  return limit ? q.limit(limit) : q;
}

function toSite(rows: Awaited<ReturnType<typeof siteQuery>>): SellerSiteData | null {
  const row = rows[0];
  if (!row) return null;
  return { seller: publicSeller(row.seller), websiteConfig: publicWebsiteConfig(row.seller, row.config) };
}

export async function getSellerSite(db: Db, sellerId: string) {
  return toSite(await siteQuery(db, sellerId));
}

/** The site and its newest packages in one D1 round trip. */
export async function getSellerLanding(db: Db, sellerId: string, limit = 6) {
  const [site, rows] = await db.batch([siteQuery(db, sellerId), publishedPackagesQuery(db, sellerId, limit)]);
  const data = toSite(site);
  return data ? { ...data, packages: rows.map(publicPackage) } : null;
}

export async function listPublishedPackages(db: Db, sellerId: string) {
  return (await publishedPackagesQuery(db, sellerId)).map(publicPackage);
}
