import { and, eq, sql } from "drizzle-orm";
import { packages, users } from "@db/schema";

// Published by its seller and approved by the operator (ADR 0048): a package waiting for review or rejected is nowhere public.
const published = and(eq(packages.status, "published"), eq(packages.moderation, "approved"));
const sellerActive = and(eq(users.id, packages.sellerId), eq(users.status, "active"));

/**
 * A package is on sale when it is published, approved (ADR 0048) and its seller's account is active: a seller a
 * superadmin disabled disappears from the marketplace, their website and booking (ADR 0015).
 */
export const onSale = () => and(published, sql`EXISTS (SELECT 1 FROM ${users} WHERE ${sellerActive})`);

/**
 * The same rule for reads of one seller's packages, as an inner join on the seller's account
 * (`.innerJoin(users, onSaleJoin.on).where(and(onSaleJoin.where, …))`). D1 plans the join more
 * cheaply than the correlated EXISTS (ADR 0017); select the package columns explicitly.
 */
export const onSaleJoin = { on: sellerActive, where: published };
