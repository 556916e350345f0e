import { and, eq, sql } from "drizzle-orm";
import type { PriceRange } from "@db/packages";
import { packageEdits, packages, platformSettings } from "@db/schema";
import type { EdgeConfig } from "../../cache/purge";
import type { Db } from "../../db/client";
import { announceVersion, bumpQuery } from "../seller-website/service";
import { MODERATED_FIELDS, type ModeratedFields, moderatedOf, sameValue } from "./fields";

type Statement = Parameters<Db["batch"]>[0][number];

/** What applies to the live package at once, whatever the setting (ADR 0048). */
/** What applies at once, moderated or not: the price, the length and the seller's student discount opt-in. */
export type ImmediateFields = { durationDays?: number; priceRanges?: PriceRange[]; studentDiscount?: boolean };

/** The setting as a SQL value: off when the row is missing (spec §9's default). */
export const approvalRequired = sql<number>`coalesce((select ${platformSettings.packagesNeedApproval} from ${platformSettings} where ${platformSettings.id} = 'platform'), 0)`;

/** A new package's state: waiting for review while the setting is on, else approved; read in the insert itself. */
export const initialModeration = sql`(case when ${approvalRequired} then 'pending' else 'approved' end)`;

const touched = { updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` };

export type WriteOutcome = { found: false } | { found: true; held: boolean };

/**
 * A seller's change to one of their packages (SECURITY: scoped by `sellerId`; another seller's package reads as
 * missing). While "new packages need approval" is on and the package is approved, the reviewed fields that differ
 * from the live ones are held as the package's one pending edit (a newer change merges into and supersedes it) and
 * the live package keeps them; prices and the length apply at once. Otherwise everything applies at once, and a
 * rejected package goes back to the operator's queue. The change, the edit and the version bump are one batch.
 */
export async function writePackageChange(
  db: Db,
  edge: EdgeConfig,
  sellerId: string,
  packageId: string,
  immediate: ImmediateFields,
  wanted: Partial<ModeratedFields>,
  also: Statement[] = [],
): Promise<WriteOutcome> {
  const own = and(eq(packages.sellerId, sellerId), eq(packages.id, packageId));
  const [row] = await db
    .select({
      moderation: packages.moderation,
      name: packages.name,
      city: packages.city,
      description: packages.description,
      images: packages.images,
      inclusions: packages.inclusions,
      exclusions: packages.exclusions,
      itinerary: packages.itinerary,
      review: approvalRequired,
      pending: sql<
        string | null
      >`(select ${packageEdits.changes} from ${packageEdits} where ${packageEdits.packageId} = ${packages.id} and ${packageEdits.status} = 'pending')`,
    })
    .from(packages)
    .where(own)
    .limit(1);
  if (!row) return { found: false };
  const supersede = db
    .update(packageEdits)
    .set({ status: "superseded", decidedAt: new Date().toISOString() })
    .where(and(eq(packageEdits.packageId, packageId), eq(packageEdits.sellerId, sellerId), eq(packageEdits.status, "pending")));
  const wantedFields = MODERATED_FIELDS.filter((f) => wanted[f] !== undefined);
  const statements: Statement[] = [];
  let held = false;
  if (Number(row.review) && row.moderation === "approved") {
    const pending = (row.pending ? JSON.parse(row.pending) : {}) as Partial<ModeratedFields>;
    const changes: Record<string, unknown> = moderatedOf(pending);
    for (const f of wantedFields) {
      if (sameValue(wanted[f], row[f])) delete changes[f];
      else changes[f] = wanted[f];
    }
    const before = Object.fromEntries(Object.keys(changes).map((f) => [f, row[f as keyof ModeratedFields]]));
    statements.push(
      db
        .update(packages)
        .set({ ...immediate, ...touched })
        .where(own),
      supersede,
    );
    if (Object.keys(changes).length > 0) {
      held = true;
      statements.push(
        db.insert(packageEdits).values({
          id: `pe_${crypto.randomUUID()}`,
          packageId,
          sellerId,
          changes: changes as Partial<ModeratedFields>,
          before: before as Partial<ModeratedFields>,
        }),
      );
    }
  } else {
    // A rejected package the seller changes goes back to the queue; a pending one stays in it.
    const resubmit = row.moderation === "rejected" ? { moderation: "pending" as const, moderationReason: null } : {};
    statements.push(
      db
        .update(packages)
        .set({ ...immediate, ...wanted, ...resubmit, ...touched })
        .where(own),
    );
    // What the seller saves now is the newest version: an edit held earlier (before the setting went off) is dropped.
    if (wantedFields.length > 0) statements.push(supersede);
  }
  const [bumped] = (await db.batch([bumpQuery(db, sellerId), ...statements, ...also] as unknown as [
    Statement,
    ...Statement[],
  ])) as unknown as [{ version: number }[]];
  if (bumped[0]) await announceVersion(edge, sellerId, bumped[0].version);
  return { found: true, held };
}
