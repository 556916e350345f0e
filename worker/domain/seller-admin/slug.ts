import { breaksUnique } from "../../db/constraints";
import { eq, like, or, sql } from "drizzle-orm";
import { z } from "zod";
import { sellerSlugChanges, sellers } from "@db/sellers";
import type { EdgeConfig } from "../../cache/purge";
import type { Reader } from "../../db/batcher";
import type { Db } from "../../db/client";
import { RESERVED_SLUGS, SLUG_MAX, SLUG_MIN, baseSlug, firstFreeSlug } from "../../shared/slug";
import { sellerBasePath } from "../../shared/seller-pages";
import { forgetSlugs } from "../../tenant/slugs";
import { conflict, notFound, unprocessable } from "../errors";
import { announceVersion } from "../seller-website/service";

/**
 * A seller site's readable address, `/seller/{slug}/website` (ADR 0040): assigned from the business name when the
 * seller is approved, changeable once by the seller; the old slug then redirects to the new one for good.
 * SECURITY: sellerId is always the signed-in seller; every query is scoped by it.
 */

export const SLUG_TAKEN = "That address is taken. Please choose another.";
export const SLUG_CHANGED_ONCE = "You have already changed your website address once. It cannot be changed again.";

export const slugBody = z.object({
  slug: z
    .string({ required_error: "Enter a website address", invalid_type_error: "Enter a website address" })
    .trim()
    .toLowerCase()
    .min(SLUG_MIN, `The address needs at least ${SLUG_MIN} characters`)
    .max(SLUG_MAX, `The address is at most ${SLUG_MAX} characters`)
    .regex(/^[a-z0-9-]+$/, "Use only lowercase letters a–z, digits and hyphens")
    .regex(/^[^-](.*[^-])?$/, "The address cannot start or end with a hyphen")
    .refine((slug) => !slug.includes("--"), "The address cannot have two hyphens in a row")
    .refine((slug) => !RESERVED_SLUGS.has(slug), "That address is reserved. Please choose another."),
});
export type SlugInput = z.infer<typeof slugBody>;

/** What the settings page shows: the address of today and, once changed, the one it replaced. */
export async function readSiteAddress({ db, load }: Reader, sellerId: string) {
  const [row] = await load(
    db
      .select({ id: sellers.id, slug: sellers.slug, oldSlug: sellerSlugChanges.oldSlug })
      .from(sellers)
      .leftJoin(sellerSlugChanges, eq(sellerSlugChanges.sellerId, sellers.id))
      .where(eq(sellers.id, sellerId)),
  );
  if (!row) throw notFound("Seller not found");
  return { slug: row.slug, sitePath: sellerBasePath(row.slug ?? row.id), changedFrom: row.oldSlug, canChange: row.oldSlug === null };
}

/** Every slug in use or given up that starts like `base`, in one round trip. */
async function slugsLike(db: Db, base: string): Promise<Set<string>> {
  const pattern = `${base}-%`;
  const [current, given] = await db.batch([
    db
      .select({ slug: sellers.slug })
      .from(sellers)
      .where(or(eq(sellers.slug, base), like(sellers.slug, pattern))),
    db
      .select({ slug: sellerSlugChanges.oldSlug })
      .from(sellerSlugChanges)
      .where(or(eq(sellerSlugChanges.oldSlug, base), like(sellerSlugChanges.oldSlug, pattern))),
  ]);
  return new Set([...current, ...given].map((r) => r.slug).filter((s): s is string => s !== null));
}

/** A free slug for a new seller's business name: its slug, or the same with -2, -3… (ADR 0040). */
export async function freeSlugFor(db: Db, name: string): Promise<string> {
  const base = baseSlug(name);
  return firstFreeSlug(base, await slugsLike(db, base));
}

/**
 * The seller's one change of address. The old slug is kept (seller_slug_changes, one row per seller: that index is
 * the change-once rule, so of two racing changes one wins) and the new one written in one batch with the content
 * version bump; then the pages and the remembered path answers of both slugs and the id are dropped (ADR 0007,
 * 0040), so no stale page is served at either address.
 */
export async function changeSlug(db: Db, edge: EdgeConfig, sellerId: string, input: SlugInput) {
  const [[row], [takenBySeller], [takenAsOld]] = await db.batch([
    db
      .select({ slug: sellers.slug, oldSlug: sellerSlugChanges.oldSlug })
      .from(sellers)
      .leftJoin(sellerSlugChanges, eq(sellerSlugChanges.sellerId, sellers.id))
      .where(eq(sellers.id, sellerId)),
    db.select({ id: sellers.id }).from(sellers).where(eq(sellers.slug, input.slug)).limit(1),
    db.select({ id: sellerSlugChanges.sellerId }).from(sellerSlugChanges).where(eq(sellerSlugChanges.oldSlug, input.slug)).limit(1),
  ]);
  if (!row) throw notFound("Seller not found");
  if (row.oldSlug !== null) throw conflict(SLUG_CHANGED_ONCE);
  if (row.slug === input.slug)
    throw unprocessable("That is already your website address", [{ path: "slug", message: "That is already your website address" }]);
  if (takenBySeller || takenAsOld) throw unprocessable(SLUG_TAKEN, [{ path: "slug", message: SLUG_TAKEN }]);
  // A row the backfill never reached is at its id; the id then stands for the old slug (it redirects anyway).
  const old = row.slug ?? sellerId;
  let version: number | undefined;
  try {
    const [, bumped] = await db.batch([
      db.insert(sellerSlugChanges).values({ oldSlug: old, sellerId }),
      db
        .update(sellers)
        .set({
          slug: input.slug,
          contentVersion: sql`${sellers.contentVersion} + 1`,
          updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
        })
        .where(eq(sellers.id, sellerId))
        .returning({ version: sellers.contentVersion }),
    ]);
    version = bumped[0]?.version;
  } catch (error) {
    if (breaksUnique(error, "seller_slug_changes")) throw conflict(SLUG_CHANGED_ONCE);
    if (breaksUnique(error, "sellers.slug")) throw unprocessable(SLUG_TAKEN, [{ path: "slug", message: SLUG_TAKEN }]);
    throw error;
  }
  if (version === undefined) throw notFound("Seller not found");
  await Promise.all([announceVersion(edge, sellerId, version), forgetSlugs([old, input.slug])]);
  return { slug: input.slug, sitePath: sellerBasePath(input.slug), changedFrom: old, canChange: false };
}
