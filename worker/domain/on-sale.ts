import { and, eq, sql } from "drizzle-orm";
import { packages, users } from "@db/schema";

/**
 * A package is on sale when it is published and its seller's account is active: a seller a
 * superadmin disabled disappears from the marketplace, their website and booking (ADR 0015).
 */
export const onSale = () =>
  and(
    eq(packages.status, "published"),
    sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${packages.sellerId} AND ${users.status} = 'active')`,
  );
