import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { packageEdits, packages, sellers } from "@db/schema";
import type { EdgeConfig } from "../../cache/purge";
import type { Reader } from "../../db/batcher";
import type { Db } from "../../db/client";
import { containsTerm } from "../../db/text-search";
import { auditInsertIf } from "../audit/conditional";
import type { AuditActor } from "../audit/entry";
import { conflict, notFound } from "../errors";
import { announceVersion, bumpQuery } from "../seller-website/service";
import { editDiff } from "./diff";
import { fieldsOf } from "./fields";
import { type DecisionInput, EDITS_PAGE_SIZE, type EditListQuery, MODERATION_PAGE_SIZE, type ModerationListQuery } from "./schemas";

type Statement = Parameters<Db["batch"]>[0][number];

/**
 * The operator's side of package moderation (issue 28, ADR 0048). SECURITY: callers are behind the superadmin guard;
 * every decision is conditional on the thing still waiting, and its audit entry is written in the same batch on the
 * same condition, so of two operators deciding at once exactly one decision and one entry land.
 */

const pendingEditOf = sql<
  string | null
>`(select ${packageEdits.id} from ${packageEdits} where ${packageEdits.packageId} = ${packages.id} and ${packageEdits.status} = 'pending')`;

const pages = (total: number, size: number, page: number) => ({ page, pageSize: size, total, pages: Math.max(1, Math.ceil(total / size)) });

/** Every seller's packages, newest first (the oldest first when listing those waiting); one D1 round trip. */
export async function listModerationPackages({ db, load }: Reader, filter: ModerationListQuery) {
  const conditions: SQL[] = [];
  if (filter.q) conditions.push(containsTerm(filter.q, packages.name, packages.city, sellers.name));
  if (filter.state === "edited") conditions.push(sql`${pendingEditOf} is not null`);
  else if (filter.state) conditions.push(eq(packages.moderation, filter.state));
  const where = conditions.length ? and(...conditions) : undefined;
  const order =
    filter.state === "pending" || filter.state === "edited"
      ? [asc(packages.updatedAt), asc(packages.id)]
      : [desc(packages.createdAt), desc(packages.id)];
  const [rows, [{ total }]] = await Promise.all([
    load(
      db
        .select({
          id: packages.id,
          name: packages.name,
          city: packages.city,
          image: sql<string | null>`json_extract(${packages.images}, '$[0]')`.as("first_image"),
          status: packages.status,
          moderation: packages.moderation,
          moderationReason: packages.moderationReason,
          createdAt: packages.createdAt,
          sellerId: packages.sellerId,
          sellerName: sql<string>`${sellers.name}`.as("seller_name"),
          pendingEditId: pendingEditOf.as("pending_edit_id"),
        })
        .from(packages)
        .innerJoin(sellers, eq(sellers.id, packages.sellerId))
        .where(where)
        .orderBy(...order)
        .limit(MODERATION_PAGE_SIZE)
        .offset((filter.page - 1) * MODERATION_PAGE_SIZE),
    ),
    load(db.select({ total: count() }).from(packages).innerJoin(sellers, eq(sellers.id, packages.sellerId)).where(where)),
  ]);
  return { packages: rows, pagination: pages(total, MODERATION_PAGE_SIZE, filter.page) };
}

/** Changes sent for review with their field-by-field diff; pending ones oldest first, decided ones newest first. */
export async function listEdits({ db, load }: Reader, filter: EditListQuery) {
  const where = eq(packageEdits.status, filter.status);
  const order =
    filter.status === "pending"
      ? [asc(packageEdits.submittedAt), asc(packageEdits.id)]
      : [desc(packageEdits.decidedAt), desc(packageEdits.id)];
  const [rows, [{ total }]] = await Promise.all([
    load(
      db
        .select({
          id: packageEdits.id,
          packageId: packageEdits.packageId,
          status: packageEdits.status,
          changes: packageEdits.changes,
          before: packageEdits.before,
          reason: packageEdits.reason,
          submittedAt: packageEdits.submittedAt,
          decidedAt: packageEdits.decidedAt,
          packageName: sql<string>`${packages.name}`.as("package_name"),
          sellerId: sql<string>`${packages.sellerId}`.as("package_seller_id"),
          sellerName: sql<string>`${sellers.name}`.as("seller_name"),
        })
        .from(packageEdits)
        .innerJoin(packages, eq(packages.id, packageEdits.packageId))
        .innerJoin(sellers, eq(sellers.id, packages.sellerId))
        .where(where)
        .orderBy(...order)
        .limit(EDITS_PAGE_SIZE)
        .offset((filter.page - 1) * EDITS_PAGE_SIZE),
    ),
    load(db.select({ total: count() }).from(packageEdits).where(where)),
  ]);
  return {
    edits: rows.map(({ changes, before, ...e }) => ({
      ...e,
      status: e.status as "pending" | "approved" | "rejected",
      fields: fieldsOf(changes),
      diff: editDiff(before, changes),
    })),
    pagination: pages(total, EDITS_PAGE_SIZE, filter.page),
  };
}

const DECIDED = { approved: "approved", rejected: "rejected" } as const;
const verdictOf = (d: DecisionInput) => (d.decision === "approve" ? DECIDED.approved : DECIDED.rejected);

const runDecision = async (db: Db, statements: Statement[]) =>
  (await db.batch(statements as unknown as [Statement, ...Statement[]])) as unknown[];

/**
 * Approves (the package goes public if its seller published it) or rejects a new package. A 404 for an unknown
 * package, a 409 for one that is not waiting (already decided, or decided by another operator a moment ago).
 */
export async function decidePackage(
  db: Db,
  edge: EdgeConfig,
  actor: AuditActor,
  packageId: string,
  input: DecisionInput,
  now = new Date(),
) {
  const [pkg] = await db
    .select({ sellerId: packages.sellerId, name: packages.name, moderation: packages.moderation })
    .from(packages)
    .where(eq(packages.id, packageId))
    .limit(1);
  if (!pkg) throw notFound("Package not found");
  if (pkg.moderation !== "pending") throw conflict(`This package is already ${pkg.moderation}`);
  const verdict = verdictOf(input);
  const waiting = sql`exists (select 1 from ${packages} where ${packages.id} = ${packageId} and ${packages.moderation} = 'pending')`;
  const reason = input.reason ?? null;
  const results = await runDecision(db, [
    auditInsertIf(
      db,
      actor,
      {
        action: `package.${input.decision}`,
        targetType: "package",
        targetId: packageId,
        before: { moderation: "pending", name: pkg.name, sellerId: pkg.sellerId },
        after: { moderation: verdict, reason },
        reason,
      },
      waiting,
      now,
    ),
    bumpQuery(db, pkg.sellerId, waiting),
    db
      .update(packages)
      .set({ moderation: verdict, moderationReason: verdict === "rejected" ? reason : null })
      .where(and(eq(packages.id, packageId), eq(packages.moderation, "pending")))
      .returning({ id: packages.id }),
  ]);
  const bumped = results[1] as { version: number }[];
  if ((results[2] as unknown[]).length === 0) throw conflict("This package was decided a moment ago");
  if (bumped[0]) await announceVersion(edge, pkg.sellerId, bumped[0].version);
  return { id: packageId, moderation: verdict, message: verdict === "approved" ? "Package approved" : "Package rejected" };
}

/**
 * Approves (the live package takes the edit's fields, in the same batch) or rejects a change sent for review.
 * A 404 for an unknown edit, a 409 for one no longer pending (decided, or superseded by a newer change).
 */
export async function decideEdit(db: Db, edge: EdgeConfig, actor: AuditActor, editId: string, input: DecisionInput, now = new Date()) {
  const [edit] = await db
    .select({
      packageId: packageEdits.packageId,
      sellerId: packageEdits.sellerId,
      status: packageEdits.status,
      changes: packageEdits.changes,
      before: packageEdits.before,
    })
    .from(packageEdits)
    .where(eq(packageEdits.id, editId))
    .limit(1);
  if (!edit) throw notFound("Edit not found");
  if (edit.status !== "pending")
    throw conflict(
      edit.status === "superseded" ? "The seller has sent a newer change; review that one" : `This change is already ${edit.status}`,
    );
  const verdict = verdictOf(input);
  const waiting = sql`exists (select 1 from ${packageEdits} where ${packageEdits.id} = ${editId} and ${packageEdits.status} = 'pending')`;
  const reason = input.reason ?? null;
  const apply: Statement[] =
    verdict === "approved"
      ? [
          db
            .update(packages)
            .set({ ...edit.changes, updatedAt: now.toISOString() })
            .where(and(eq(packages.id, edit.packageId), eq(packages.sellerId, edit.sellerId), waiting)),
        ]
      : [];
  const results = await runDecision(db, [
    auditInsertIf(
      db,
      actor,
      {
        action: `package_edit.${input.decision}`,
        targetType: "package_edit",
        targetId: editId,
        before: { packageId: edit.packageId, ...edit.before },
        after: { packageId: edit.packageId, status: verdict, ...edit.changes },
        reason,
      },
      waiting,
      now,
    ),
    bumpQuery(db, edit.sellerId, waiting),
    ...apply,
    db
      .update(packageEdits)
      .set({ status: verdict, reason, decidedAt: now.toISOString(), decidedBy: actor.id })
      .where(and(eq(packageEdits.id, editId), eq(packageEdits.status, "pending")))
      .returning({ id: packageEdits.id }),
  ]);
  const bumped = results[1] as { version: number }[];
  if ((results.at(-1) as unknown[]).length === 0) throw conflict("This change was decided a moment ago");
  if (bumped[0]) await announceVersion(edge, edit.sellerId, bumped[0].version);
  return { id: editId, status: verdict, message: verdict === "approved" ? "Change approved: it is live" : "Change rejected" };
}
