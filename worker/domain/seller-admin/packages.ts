import type { EdgeConfig } from "../../cache/purge";
import { and, desc, eq, exists, sql } from "drizzle-orm";
import { idempotencyKeys, packages } from "@db/schema";
import { earlierRequest, lostKeyRace, requestHash } from "../idempotency";
import { type Reader, readerOf } from "../../db/batcher";
import type { Db } from "../../db/client";
import { announceVersion, bumpQuery } from "../seller-website/service";
import { publicPackage } from "../seller-website/shapes";
import type { PackageInput } from "./schemas";
import type { ModeratedFields } from "@db/packages";
import { fieldsOf, moderatedOf } from "../moderation/fields";
import { initialModeration, writePackageChange } from "../moderation/package-writes";
import { packageTourStatements, tourItinerary } from "../catalogue/package-tour";
import type { PackageTourInput } from "../catalogue/schemas";

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

/** The seller's view of a package: the public one (spec §7), with its status, review, bookings and times. */
export function sellerPackage(p: PackageRow, bookingTotal: number, latestEdit: string | null = null) {
  return {
    ...publicPackage(p),
    studentDiscount: p.studentDiscount,
    status: p.status,
    moderation: p.moderation,
    moderationReason: p.moderationReason,
    edit: sellerEdit(latestEdit),
    bookings: bookingTotal,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}
export type SellerPackage = ReturnType<typeof sellerPackage>;

const own = (sellerId: string, packageId: string) => and(eq(packages.sellerId, sellerId), eq(packages.id, packageId));
const touched = { updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` };

/**
 * The package's newest change sent for review (ADR 0048), as one JSON column: pending, or rejected with the reason
 * until the seller saves again. SECURITY: read only beside the seller's own package.
 */
const latestEdit = sql<
  string | null
>`(SELECT json_object('id', e."id", 'status', e."status", 'changes', json(e."changes"), 'reason', e."reason", 'submittedAt', e."submitted_at", 'decidedAt', e."decided_at")
  FROM "package_edits" AS e WHERE e."package_id" = "packages"."id" AND e."status" != 'superseded'
  ORDER BY e."submitted_at" DESC, e."id" DESC LIMIT 1)`;

type EditJson = {
  id: string;
  status: string;
  changes: Partial<ModeratedFields>;
  reason: string | null;
  submittedAt: string;
  decidedAt: string | null;
};

function sellerEdit(json: string | null) {
  if (!json) return null;
  const e = JSON.parse(json) as EditJson;
  if (e.status !== "pending" && e.status !== "rejected") return null;
  return {
    id: e.id,
    status: e.status as "pending" | "rejected",
    fields: fieldsOf(e.changes),
    changes: e.changes,
    reason: e.reason,
    submittedAt: e.submittedAt,
    decidedAt: e.decidedAt,
  };
}

/** Reads go through `load`, so a page's reads share its one D1 round trip. */
export async function listSellerPackages({ db, load }: Reader, sellerId: string) {
  const rows = await load(
    db
      .select({ p: packages, bookings: bookingCount, edit: latestEdit })
      .from(packages)
      .where(eq(packages.sellerId, sellerId))
      .orderBy(desc(packages.createdAt), desc(packages.id)),
  );
  return rows.map((r) => sellerPackage(r.p, r.bookings, r.edit));
}

export async function getSellerPackage({ db, load }: Reader, sellerId: string, packageId: string) {
  const [row] = await load(
    db.select({ p: packages, bookings: bookingCount, edit: latestEdit }).from(packages).where(own(sellerId, packageId)).limit(1),
  );
  return row ? sellerPackage(row.p, row.bookings, row.edit) : null;
}

/**
 * New packages start as drafts: nothing reaches the public site until the seller publishes, and, while the platform
 * setting "new packages need approval" is on, until the operator approves (ADR 0048). The
 * package, the version bump and the Idempotency-Key (when sent) are one batch, so a repeat of the
 * request gets the package the first one made, never a second one (ADR 0020).
 */
/** Statements written in the package's own save batch, after it (the package form's tour part, issue 26). */
type AlsoWrite = (packageId: string) => Parameters<Db["batch"]>[0][number][];

export async function createPackage(
  db: Db,
  edge: EdgeConfig,
  sellerId: string,
  input: PackageInput,
  idempotencyKey: string | null = null,
  also: AlsoWrite = () => [],
) {
  const key = idempotencyKey && `${sellerId}:package:${idempotencyKey}`;
  const hash = key ? await requestHash(input) : "";
  const earlier = key ? await earlierPackage(db, sellerId, key, hash) : null;
  if (earlier) return earlier;
  const id = `p_${crypto.randomUUID()}`;
  const storeKey = key
    ? [
        db.insert(idempotencyKeys).values({
          key,
          userId: sellerId,
          requestHash: hash,
          status: "done",
          responseStatus: 201,
          responseBody: JSON.stringify({ packageId: id }),
        }),
      ]
    : [];
  try {
    const [, bumped] = await db.batch([
      db.insert(packages).values({ id, sellerId, ...input, status: "draft", moderation: initialModeration }),
      bumpQuery(db, sellerId),
      ...storeKey,
      ...also(id),
    ]);
    if (bumped[0]) await announceVersion(edge, sellerId, bumped[0].version);
  } catch (error) {
    const other = key && lostKeyRace(error) ? await earlierPackage(db, sellerId, key, hash) : null;
    if (other) return other;
    throw error;
  }
  return { pkg: await getSellerPackage(readerOf(db), sellerId, id), replayed: false };
}

const KEY_REUSED = "An earlier attempt on this page already saved a package with other details. Check your packages list.";

/** The package an earlier request with this key made, as it is now. */
async function earlierPackage(db: Db, sellerId: string, key: string, hash: string) {
  const row = await earlierRequest(db, key, hash, KEY_REUSED);
  if (!row?.responseBody) return null;
  const { packageId } = JSON.parse(row.responseBody) as { packageId: string };
  return { pkg: await getSellerPackage(readerOf(db), sellerId, packageId), replayed: true };
}

/**
 * The whole package is replaced: a repeat of the same request leaves the same package. While approval is required,
 * a change to the text or photos of an approved package waits for review (`held`, ADR 0048). The form's hotels, meal
 * plans and add-ons are written in the same batch; its itinerary goes through moderation with the other text.
 */
export async function updatePackage(
  db: Db,
  edge: EdgeConfig,
  sellerId: string,
  packageId: string,
  input: PackageInput,
  tour: PackageTourInput | null = null,
) {
  const { durationDays, priceRanges, studentDiscount, ...rest } = input;
  const wanted = tour ? { ...moderatedOf(rest), itinerary: tourItinerary(tour) } : moderatedOf(rest);
  const also = tour ? packageTourStatements(db, sellerId, packageId, tour, { withItinerary: false }) : [];
  const outcome = await writePackageChange(db, edge, sellerId, packageId, { durationDays, priceRanges, studentDiscount }, wanted, also);
  if (!outcome.found) return null;
  const pkg = await getSellerPackage(readerOf(db), sellerId, packageId);
  return pkg && { pkg, held: outcome.held };
}

/** A change and its version bump in one batch; null when the seller has no such package. */
async function changePackage(db: Db, edge: EdgeConfig, sellerId: string, packageId: string, values: { status?: PackageRow["status"] }) {
  const [changed, bumped] = await db.batch([
    db
      .update(packages)
      .set({ ...values, ...touched })
      .where(own(sellerId, packageId))
      .returning({ id: packages.id }),
    bumpQuery(db, sellerId, exists(db.select({ id: packages.id }).from(packages).where(own(sellerId, packageId)))),
  ]);
  if (changed.length === 0) return null;
  if (bumped[0]) await announceVersion(edge, sellerId, bumped[0].version);
  return getSellerPackage(readerOf(db), sellerId, packageId);
}

export async function setPackageStatus(db: Db, edge: EdgeConfig, sellerId: string, packageId: string, status: "draft" | "published") {
  return changePackage(db, edge, sellerId, packageId, { status });
}

/**
 * One conditional DELETE, so a booking made at the same moment cannot be orphaned:
 * the row goes only while no booking references it.
 */
export async function deletePackage(
  db: Db,
  edge: EdgeConfig,
  sellerId: string,
  packageId: string,
): Promise<"deleted" | "missing" | "has-bookings"> {
  const unbooked = and(own(sellerId, packageId), sql`NOT EXISTS (SELECT 1 FROM "bookings" AS b WHERE b."package_id" = "packages"."id")`);
  // One batch: the version moves only if the package goes (the bump runs first, on the same condition).
  const [bumped, deleted] = await db.batch([
    bumpQuery(db, sellerId, sql`EXISTS (SELECT 1 FROM ${packages} WHERE ${unbooked})`),
    db.delete(packages).where(unbooked).returning({ id: packages.id }),
  ]);
  if (deleted.length > 0) {
    if (bumped[0]) await announceVersion(edge, sellerId, bumped[0].version);
    return "deleted";
  }
  const exists = await db.select({ id: packages.id }).from(packages).where(own(sellerId, packageId)).get();
  return exists ? "has-bookings" : "missing";
}
