import type { EdgeConfig } from "../../cache/purge";
import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { sellers, users } from "@db/schema";
import { sellerBasePath } from "../../shared/seller-pages";
import { ROLES } from "@db/users";
import { conflict, forbidden, notFound } from "../errors";
import type { Reader } from "../../db/batcher";
import type { Db } from "../../db/client";
import { containsTerm, searchTerm } from "../../db/text-search";
import { announceVersion, bumpQuery } from "../seller-website/service";
import { type AuditActor, auditInsertWhen } from "../audit/entry";
import { PLATFORM_MERCHANT_ID } from "../travel/merchant";

export const USERS_PAGE_SIZE = 25;

export const userListQuery = z.object({
  q: searchTerm.optional(),
  role: z.enum(ROLES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const userStatusBody = z.object({ status: z.enum(["active", "disabled"]) });

const publicColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  isVerified: users.isVerified,
  status: users.status,
  createdAt: users.createdAt,
};

/**
 * Accounts for the superadmin, newest first; `q` matches name or email. Never the password hash.
 * Both reads go through `load` together: one D1 round trip, shared with the page's session check.
 */
export async function listUsers({ db, load }: Reader, filter: z.infer<typeof userListQuery>) {
  // The platform merchant's account (ADR 0053) is no one's to manage: it cannot sign in, and enabling it would be wrong.
  const conditions = [ne(users.id, PLATFORM_MERCHANT_ID)];
  if (filter.q) conditions.push(containsTerm(filter.q, users.name, users.email));
  if (filter.role) conditions.push(eq(users.role, filter.role));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    load(
      db
        .select({ ...publicColumns, siteSlug: sql<string | null>`${sellers.slug}`.as("site_slug") })
        .from(users)
        .leftJoin(sellers, eq(sellers.id, users.id))
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(USERS_PAGE_SIZE)
        .offset((filter.page - 1) * USERS_PAGE_SIZE),
    ),
    load(db.select({ total: count() }).from(users).where(where)),
  ]);
  return {
    // A seller's site by its readable address (ADR 0040); null for other accounts.
    users: rows.map(({ siteSlug, ...u }) => ({ ...u, sitePath: u.role === "seller" ? sellerBasePath(siteSlug ?? u.id) : null })),
    pagination: { page: filter.page, pageSize: USERS_PAGE_SIZE, total, pages: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)) },
  };
}

/** The message after an account change: the API answers it and the panel toasts it. */
export const statusMessage = (status: "active" | "disabled") => (status === "disabled" ? "Account disabled" : "Account enabled");

/**
 * Disables or re-enables an account. Disabling ends every session (token version) and, for a
 * seller, takes the website down on the next request (the site query only serves active sellers,
 * and the content version bump misses every cached copy). Superadmins cannot be disabled here:
 * their own account is a 409, another superadmin a 403, an unknown id a 404.
 */
export async function setUserStatus(db: Db, edge: EdgeConfig, admin: AuditActor, id: string, status: "active" | "disabled") {
  if (id === admin.id) throw conflict("You cannot disable your own account");
  const changeable = and(eq(users.id, id), sql`${users.role} != 'superadmin'`);
  const now = new Date();
  const before = status === "disabled" ? "active" : "disabled";
  // One batch: a seller's public pages appear or disappear with the account, so their content version moves too.
  // The entry is written only when the account was in the other state (a repeat changes nothing and records nothing).
  const [bumped, , [row]] = await db.batch([
    bumpQuery(db, id, sql`EXISTS (SELECT 1 FROM ${users} WHERE ${changeable})`),
    auditInsertWhen(
      db,
      admin,
      {
        action: status === "disabled" ? "user.disable" : "user.enable",
        targetType: "user",
        targetId: id,
        before: { status: before },
        after: { status },
      },
      sql`exists (select 1 from ${users} where ${and(changeable, eq(users.status, before))})`,
      now,
    ),
    db
      .update(users)
      .set({
        status,
        tokenVersion: status === "disabled" ? sql`${users.tokenVersion} + 1` : users.tokenVersion,
        updatedAt: now.toISOString(),
      })
      .where(changeable)
      .returning(publicColumns),
  ]);
  if (!row) {
    const [exists] = await db.select({ role: users.role }).from(users).where(eq(users.id, id)).limit(1);
    throw exists ? forbidden("Superadmin accounts cannot be changed here") : notFound("User not found");
  }
  if (bumped[0]) await announceVersion(edge, row.id, bumped[0].version);
  return row;
}

export const userRoleBody = z.object({ role: z.enum(ROLES, { message: "Choose user, seller or superadmin" }) });

const ROLE_NAMES = { user: "a customer", seller: "a seller", superadmin: "a superadmin" } as const;
export const roleMessage = (name: string, role: (typeof ROLES)[number]) => `${name} is now ${ROLE_NAMES[role]}`;

/**
 * Changes an account's role, with its audit entry, in one batch. Every session check reads the role from the account
 * (worker/auth/live-account.ts), so it applies from the account's next request without signing anyone out. A superadmin cannot take the
 * last superadmin role away: the statement itself holds that, so two demotions at once cannot leave none.
 * Making a customer a seller here gives them no seller profile; an application (its approval) does that, so a role
 * of seller is refused for an account without one.
 */
export async function setUserRole(db: Db, admin: AuditActor, id: string, role: (typeof ROLES)[number]) {
  const now = new Date();
  const [current] = await db
    .select({
      role: users.role,
      name: users.name,
      // Qualified by hand: in a one-table select drizzle writes columns unqualified, and a bare "id" here is the seller's.
      hasSeller: sql<number>`exists (select 1 from ${sellers} as s where s.id = ${users}.id)`.as("has_seller"),
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!current) throw notFound("User not found");
  if (current.role === role) throw conflict(`${current.name} is already ${ROLE_NAMES[role]}`);
  if (role === "seller" && !Number(current.hasSeller))
    throw conflict("Only an account with a seller profile can be a seller; approve its application instead");
  const keepsASuperadmin =
    current.role === "superadmin"
      ? sql`(select count(*) from ${users} where ${users.role} = 'superadmin' and ${users.status} = 'active' and ${users.id} != ${id}) > 0`
      : sql`1`;
  const changeable = and(eq(users.id, id), eq(users.role, current.role), keepsASuperadmin);
  const [, [row]] = await db.batch([
    auditInsertWhen(
      db,
      admin,
      { action: "user.role", targetType: "user", targetId: id, before: { role: current.role }, after: { role } },
      sql`exists (select 1 from ${users} where ${changeable})`,
      now,
    ),
    db.update(users).set({ role, updatedAt: now.toISOString() }).where(changeable).returning(publicColumns),
  ]);
  if (!row) {
    throw current.role === "superadmin"
      ? conflict(
          id === admin.id
            ? "You are the last superadmin; make another account superadmin first"
            : "The platform needs at least one superadmin",
        )
      : conflict("The account changed meanwhile; reload and try again");
  }
  return row;
}
