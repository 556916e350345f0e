import { and, desc, eq, sql } from "drizzle-orm";
import { packages } from "@db/schema";
import type { Db } from "../../db/client";
import { bumpContentVersion } from "../seller-website/service";
import { durationLabel } from "../seller-website/shapes";
import type { PackageInput } from "./schemas";

/**
 * The seller's own catalogue. SECURITY: every function takes the signed-in seller's id
 * first and every query is scoped by it, so another seller's package reads as missing.
 * Every write bumps the seller's content version (ADR 0007) so the public site changes
 * on the next request.
 */
type PackageRow = typeof packages.$inferSelect;

// Written out in full: drizzle drops table names in single-table queries, which would make
// the inner column resolve to bookings.id.
const bookingCount = sql<number>`(SELECT count(*) FROM "bookings" AS b WHERE b."package_id" = "packages"."id")`;

export function sellerPackage(p: PackageRow, bookingTotal: number) {
  return {
    _id: p.id,
    id: p.id,
    name: p.name,
    city: p.city,
    description: p.description,
    durationDays: p.durationDays,
    duration: durationLabel(p.durationDays),
    images: p.images,
    priceRanges: p.priceRanges,
    inclusions: p.inclusions,
    exclusions: p.exclusions,
    status: p.status,
    rating: p.rating,
    reviews: p.reviews,
    bookings: bookingTotal,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}
export type SellerPackage = ReturnType<typeof sellerPackage>;

const own = (sellerId: string, packageId: string) => and(eq(packages.sellerId, sellerId), eq(packages.id, packageId));
const touched = { updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` };

export async function listSellerPackages(db: Db, sellerId: string) {
  const rows = await db
    .select({ p: packages, bookings: bookingCount })
    .from(packages)
    .where(eq(packages.sellerId, sellerId))
    .orderBy(desc(packages.createdAt), desc(packages.id));
  return rows.map((r) => sellerPackage(r.p, r.bookings));
}

export async function getSellerPackage(db: Db, sellerId: string, packageId: string) {
  const row = await db.select({ p: packages, bookings: bookingCount }).from(packages).where(own(sellerId, packageId)).get();
  return row ? sellerPackage(row.p, row.bookings) : null;
}

/** New packages start as drafts: nothing reaches the public site until the seller publishes. */
export async function createPackage(db: Db, sellerId: string, input: PackageInput) {
  const id = `p_${crypto.randomUUID()}`;
  await db.insert(packages).values({ id, sellerId, ...input, status: "draft" });
  await bumpContentVersion(db, sellerId);
  return getSellerPackage(db, sellerId, id);
}

export async function updatePackage(db: Db, sellerId: string, packageId: string, input: PackageInput) {
  const changed = await db
    .update(packages)
    .set({ ...input, ...touched })
    .where(own(sellerId, packageId))
    .returning({ id: packages.id });
  if (changed.length === 0) return null;
  await bumpContentVersion(db, sellerId);
  return getSellerPackage(db, sellerId, packageId);
}

export async function setPackageStatus(db: Db, sellerId: string, packageId: string, status: "draft" | "published") {
  const changed = await db
    .update(packages)
    .set({ status, ...touched })
    .where(own(sellerId, packageId))
    .returning({ id: packages.id });
  if (changed.length === 0) return null;
  await bumpContentVersion(db, sellerId);
  return getSellerPackage(db, sellerId, packageId);
}

/**
 * One conditional DELETE, so a booking made at the same moment cannot be orphaned:
 * the row goes only while no booking references it.
 */
export async function deletePackage(db: Db, sellerId: string, packageId: string): Promise<"deleted" | "missing" | "has-bookings"> {
  const deleted = await db
    .delete(packages)
    .where(and(own(sellerId, packageId), sql`NOT EXISTS (SELECT 1 FROM "bookings" AS b WHERE b."package_id" = "packages"."id")`))
    .returning({ id: packages.id });
  if (deleted.length > 0) {
    await bumpContentVersion(db, sellerId);
    return "deleted";
  }
  const exists = await db.select({ id: packages.id }).from(packages).where(own(sellerId, packageId)).get();
  return exists ? "has-bookings" : "missing";
}
