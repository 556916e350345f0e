import { and, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { users } from "@db/schema";
import { ROLES } from "@db/users";
import type { Db } from "../../db/client";
import { containsTerm, searchTerm } from "../../db/text-search";
import { bumpContentVersion } from "../seller-website/service";

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

/** Accounts for the superadmin, newest first; `q` matches name or email. Never the password hash. */
export async function listUsers(db: Db, filter: z.infer<typeof userListQuery>) {
  const conditions = [];
  if (filter.q) conditions.push(containsTerm(filter.q, users.name, users.email));
  if (filter.role) conditions.push(eq(users.role, filter.role));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await db.batch([
    db
      .select(publicColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(USERS_PAGE_SIZE)
      .offset((filter.page - 1) * USERS_PAGE_SIZE),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    users: rows,
    pagination: { page: filter.page, pageSize: USERS_PAGE_SIZE, total, pages: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)) },
  };
}

/**
 * Disables or re-enables an account. Disabling ends every session (token version) and, for a
 * seller, takes the website down on the next request (the site query only serves active sellers,
 * and the content version bump misses every cached copy). Superadmins cannot be disabled here.
 */
export async function setUserStatus(db: Db, adminId: string, id: string, status: "active" | "disabled") {
  if (id === adminId) return "self" as const;
  const [row] = await db
    .update(users)
    .set({
      status,
      tokenVersion: status === "disabled" ? sql`${users.tokenVersion} + 1` : users.tokenVersion,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(users.id, id), sql`${users.role} != 'superadmin'`))
    .returning(publicColumns);
  if (!row) {
    const [exists] = await db.select({ role: users.role }).from(users).where(eq(users.id, id)).limit(1);
    return exists ? ("superadmin" as const) : ("missing" as const);
  }
  if (row.role === "seller") await bumpContentVersion(db, row.id);
  return row;
}
