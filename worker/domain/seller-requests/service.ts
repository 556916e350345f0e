import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { sellerRequests, sellers, users, websiteConfigs } from "@db/schema";
import { conflict, notFound } from "../errors";
import type { Reader } from "../../db/batcher";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { platformUrl, sellerSiteUrl } from "../email/links";
import { trySendEmail } from "../email/send";
import type { SellerRequestInput } from "./schemas";
import { breaksUnique } from "../../db/constraints";
import { freeSlugFor } from "../seller-admin/slug";
import { forgetSlugs } from "../../tenant/slugs";
import { sellerBasePath } from "../../shared/seller-pages";
import { type AuditActor, auditInsertWhen } from "../audit/entry";

export const REQUESTS_PAGE_SIZE = 20;
/** Spec §3: a seller's website theme defaults to #2563eb for both colours on signup. */
const SIGNUP_THEME = "#2563eb";

type Applicant = { id: string; email: string; role: string };
export type SellerRequest = typeof sellerRequests.$inferSelect;

/** A customer applies and is emailed a receipt; 409 for a seller, or while an application is under review. */
export async function applyToSell(db: Db, config: AppConfig, user: Applicant, input: SellerRequestInput) {
  if (user.role !== "user") throw conflict("You already have a seller account");
  const [row] = await db
    .insert(sellerRequests)
    .values({ id: `sr_${crypto.randomUUID()}`, userId: user.id, ...input })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict("Your application is already under review");
  await trySendEmail(db, config, {
    to: user.email,
    subject: "We received your application to sell on Tripbazaar",
    text: `Thank you for applying as ${input.businessName}. We review applications within two working days and will email you the result.\n\nYou can follow your application in your dashboard:\n${platformUrl(config, "/user-dashboard")}`,
  });
  return row;
}

/** The account's latest application to sell, or null. */
export async function latestRequestOf({ db, load }: Reader, userId: string): Promise<SellerRequest | null> {
  const [row] = await load(
    db
      .select()
      .from(sellerRequests)
      .where(eq(sellerRequests.userId, userId))
      .orderBy(desc(sellerRequests.createdAt), desc(sellerRequests.id))
      .limit(1),
  );
  return row ?? null;
}

/**
 * Applications with one status for the superadmin, newest first, with the applicant's name and email.
 * Both reads go through `load` together: one D1 round trip, shared with the page's session check.
 */
export async function listRequests({ db, load }: Reader, filter: { status: SellerRequest["status"]; page: number }) {
  const where = eq(sellerRequests.status, filter.status);
  const [rows, [{ total }]] = await Promise.all([
    load(
      db
        .select({
          request: sellerRequests,
          applicant: { name: users.name, email: users.email },
          siteSlug: sql<string | null>`${sellers.slug}`.as("site_slug"),
        })
        .from(sellerRequests)
        .innerJoin(users, eq(users.id, sellerRequests.userId))
        .leftJoin(sellers, eq(sellers.id, sellerRequests.userId))
        .where(where)
        .orderBy(desc(sellerRequests.createdAt), desc(sellerRequests.id))
        .limit(REQUESTS_PAGE_SIZE)
        .offset((filter.page - 1) * REQUESTS_PAGE_SIZE),
    ),
    load(db.select({ total: count() }).from(sellerRequests).where(where)),
  ]);
  return {
    // An approved applicant's site by its readable address (ADR 0040).
    requests: rows.map((r) => ({ ...r.request, applicant: r.applicant, sitePath: r.siteSlug ? sellerBasePath(r.siteSlug) : null })),
    pagination: { page: filter.page, pageSize: REQUESTS_PAGE_SIZE, total, pages: Math.max(1, Math.ceil(total / REQUESTS_PAGE_SIZE)) },
  };
}

/** How many applications have this status (the panel's "N waiting for review"). */
export async function countRequests({ db, load }: Reader, status: SellerRequest["status"]) {
  const [{ total }] = await load(db.select({ total: count() }).from(sellerRequests).where(eq(sellerRequests.status, status)));
  return total;
}

/** Why a review did not happen: no such request (404), or someone reviewed it first (409). */
async function reviewMiss(db: Db, id: string) {
  const [row] = await db.select({ id: sellerRequests.id }).from(sellerRequests).where(eq(sellerRequests.id, id)).limit(1);
  return row ? conflict("This request has already been reviewed") : notFound("Request not found");
}

/**
 * Approves a pending request and makes the applicant a seller with a website, in one D1 batch
 * (one transaction). The first statement claims the request (only a pending one, so of two
 * concurrent reviews one wins); the others only act on a request carrying this review's stamp,
 * so a losing review writes nothing. The welcome email follows the batch and cannot fail it; a repeat
 * after a failure finds the request reviewed (409) and sends nothing (ADR 0020).
 */
export async function approveRequest(db: Db, config: AppConfig, reviewer: AuditActor, id: string) {
  // The site's address comes from the business name (ADR 0040). Chosen before the batch; should another approval
  // take the same slug meanwhile, the unique index refuses the whole batch (nothing is written) and a fresh one is chosen.
  const [named] = await db
    .select({ businessName: sellerRequests.businessName })
    .from(sellerRequests)
    .where(eq(sellerRequests.id, id))
    .limit(1);
  for (let attempt = 1; ; attempt++) {
    const slug = await freeSlugFor(db, named?.businessName ?? "");
    try {
      const approved = await approveAs(db, config, reviewer, id, slug);
      // "Nobody has this slug" may be remembered here from a visit before the approval.
      await forgetSlugs([slug]);
      return approved;
    } catch (error) {
      if (attempt >= 3 || !breaksUnique(error, "sellers.slug")) throw error;
    }
  }
}

async function approveAs(db: Db, config: AppConfig, reviewer: AuditActor, id: string, slug: string) {
  const reviewerId = reviewer.id;
  const now = new Date();
  const stamp = now.toISOString();
  const claimedByThisReview = and(
    eq(sellerRequests.id, id),
    eq(sellerRequests.status, "approved"),
    eq(sellerRequests.reviewedBy, reviewerId),
    eq(sellerRequests.reviewedAt, stamp),
  );
  const [claimed, , , , applicants] = await db.batch([
    db
      .update(sellerRequests)
      .set({ status: "approved", reviewedBy: reviewerId, reviewedAt: stamp })
      .where(and(eq(sellerRequests.id, id), eq(sellerRequests.status, "pending")))
      .returning(),
    db
      .insert(sellers)
      .select(
        db
          // An insert-select lists every column in table order.
          .select({
            id: sellerRequests.userId,
            name: sellerRequests.businessName,
            email: users.email,
            phone: sellerRequests.phone,
            bio: sellerRequests.about,
            logo: sql<null>`NULL`.as("logo"),
            backgroundImage: sql<null>`NULL`.as("background_image"),
            address: sellerRequests.city,
            hours: sql<null>`NULL`.as("hours"),
            socialLinks: sql<null>`NULL`.as("social_links"),
            contentVersion: sql<number>`1`.as("content_version"),
            createdAt: sql<string>`${stamp}`.as("created_at"),
            updatedAt: sql<string>`${stamp}`.as("updated_at"),
            slug: sql<string>`${slug}`.as("slug"),
          })
          .from(sellerRequests)
          .innerJoin(users, eq(users.id, sellerRequests.userId))
          .where(claimedByThisReview),
      )
      // Only an existing seller row is left as it is; a taken slug fails the batch (and is chosen again above).
      .onConflictDoNothing({ target: sellers.id }),
    db
      .insert(websiteConfigs)
      .select(
        db
          .select({
            sellerId: sellerRequests.userId,
            themeColor: sql<string>`${SIGNUP_THEME}`.as("theme_color"),
            secondaryColor: sql<string>`${SIGNUP_THEME}`.as("secondary_color"),
            websiteName: sellerRequests.businessName,
            wallpaperImage: sql<null>`NULL`.as("wallpaper_image"),
            updatedAt: sql<string>`${stamp}`.as("updated_at"),
          })
          .from(sellerRequests)
          .where(claimedByThisReview),
      )
      .onConflictDoNothing(),
    db
      .update(users)
      .set({ role: "seller", updatedAt: stamp })
      .where(
        and(
          eq(users.role, "user"),
          inArray(users.id, db.select({ id: sellerRequests.userId }).from(sellerRequests).where(claimedByThisReview)),
        ),
      ),
    // The address for the welcome email, in the same round trip.
    db.select({ email: users.email }).from(users).innerJoin(sellerRequests, eq(sellerRequests.userId, users.id)).where(claimedByThisReview),
    // Only the review that won writes its entry.
    auditInsertWhen(
      db,
      reviewer,
      {
        action: "seller_request.approve",
        targetType: "seller_request",
        targetId: id,
        before: { status: "pending" },
        after: { status: "approved", slug },
      },
      sql`exists (select 1 from ${sellerRequests} where ${claimedByThisReview})`,
      now,
    ),
  ]);
  const request = claimed[0];
  if (!request) throw await reviewMiss(db, id);
  const applicant = applicants[0];
  if (applicant) {
    await trySendEmail(db, config, {
      to: applicant.email,
      subject: "Your Tripbazaar seller account is ready",
      text: [
        `Welcome to Tripbazaar, ${request.businessName}!`,
        "",
        "Your application is approved. Sign in and open your seller dashboard to add packages and brand your website:",
        platformUrl(config, "/seller-dashboard"),
        "",
        "Your website is live at:",
        sellerSiteUrl(config, { sitePath: sellerBasePath(slug), hostname: null }),
      ].join("\n"),
      sellerId: request.userId,
    });
  }
  return request;
}

/** Rejects a pending request with a note for the applicant, who is emailed it; 404/409 as for approving. */
export async function rejectRequest(db: Db, config: AppConfig, reviewer: AuditActor, id: string, note: string) {
  const now = new Date();
  const stamp = now.toISOString();
  const [[request]] = await db.batch([
    db
      .update(sellerRequests)
      .set({ status: "rejected", reviewNote: note, reviewedBy: reviewer.id, reviewedAt: stamp })
      .where(and(eq(sellerRequests.id, id), eq(sellerRequests.status, "pending")))
      .returning(),
    auditInsertWhen(
      db,
      reviewer,
      {
        action: "seller_request.reject",
        targetType: "seller_request",
        targetId: id,
        before: { status: "pending" },
        after: { status: "rejected" },
        reason: note,
      },
      sql`exists (select 1 from ${sellerRequests} where ${and(eq(sellerRequests.id, id), eq(sellerRequests.status, "rejected"), eq(sellerRequests.reviewedBy, reviewer.id), eq(sellerRequests.reviewedAt, stamp))})`,
      now,
    ),
  ]);
  if (!request) throw await reviewMiss(db, id);
  const [applicant] = await db.select({ email: users.email }).from(users).where(eq(users.id, request.userId)).limit(1);
  if (applicant) {
    await trySendEmail(db, config, {
      to: applicant.email,
      subject: "About your application to sell on Tripbazaar",
      text: `We could not approve the application for ${request.businessName} this time.\n\nReason: ${note}\n\nYou are welcome to apply again from your dashboard:\n${platformUrl(config, "/user-dashboard")}`,
    });
  }
  return request;
}
