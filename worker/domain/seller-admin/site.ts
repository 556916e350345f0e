import type { EdgeConfig } from "../../cache/purge";
import { eq, sql } from "drizzle-orm";
import { sellers } from "@db/schema";
import { type Reader, readerOf } from "../../db/batcher";
import type { Db } from "../../db/client";
import { announceVersion, getSellerSite } from "../seller-website/service";
import { listDomains } from "./domains";
import type { ProfileInput } from "./schemas";

/**
 * The seller's own website settings: public profile and custom domains (./domains.ts).
 * SECURITY: sellerId is always the signed-in seller; every query is scoped by it.
 *
 * Everything the website page shows: public profile and config (as the public API has them) plus domains.
 * Both reads go through `load` at once: one D1 round trip.
 */
export async function getSiteSettings(reader: Reader, sellerId: string, cnameTarget: string) {
  const [site, domains] = await Promise.all([getSellerSite(reader.db, sellerId, reader.load), listDomains(reader, sellerId, cnameTarget)]);
  if (!site) return null;
  return { seller: site.seller, websiteConfig: site.websiteConfig, domains, sitePath: site.sitePath };
}

export async function updateProfile(db: Db, edge: EdgeConfig, sellerId: string, input: ProfileInput, cnameTarget: string) {
  // The profile and the content version (the edge cache key, ADR 0007) change in one statement.
  const [changed] = await db
    .update(sellers)
    .set({ ...input, contentVersion: sql`${sellers.contentVersion} + 1`, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
    .where(eq(sellers.id, sellerId))
    .returning({ version: sellers.contentVersion });
  if (!changed) return null;
  await announceVersion(edge, sellerId, changed.version);
  return getSiteSettings(readerOf(db), sellerId, cnameTarget);
}
