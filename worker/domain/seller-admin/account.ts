import { eq, sql } from "drizzle-orm";
import { sellers, users } from "@db/schema";
import type { EdgeConfig } from "../../cache/purge";
import type { Reader } from "../../db/batcher";
import type { Db } from "../../db/client";
import { notFound } from "../errors";
import { announceVersion } from "../seller-website/service";

/**
 * A seller's account settings: the business name (one name, never split into first and last; issue 24), the sign-in
 * email and the account's phone. SECURITY: sellerId is always the signed-in seller; every query is scoped by it.
 */
export async function readSellerAccount({ db, load }: Reader, sellerId: string) {
  const [row] = await load(
    db
      .select({ name: sellers.name, email: users.email, phone: users.phone })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.id))
      .where(eq(sellers.id, sellerId)),
  );
  if (!row) throw notFound("Seller not found");
  return row;
}

/**
 * Saves the business name and phone: the account and the public profile's name in one batch, with the content
 * version (the edge cache key) bumped, so the seller's site shows the new name on its next request.
 */
export async function saveSellerAccount(db: Db, edge: EdgeConfig, sellerId: string, input: { name: string; phone: string | null }) {
  const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  const [account, business] = await db.batch([
    db
      .update(users)
      .set({ name: input.name, phone: input.phone, updatedAt: new Date().toISOString() })
      .where(eq(users.id, sellerId))
      .returning({ name: users.name, phone: users.phone }),
    db
      .update(sellers)
      .set({ name: input.name, contentVersion: sql`${sellers.contentVersion} + 1`, updatedAt: now })
      .where(eq(sellers.id, sellerId))
      .returning({ version: sellers.contentVersion }),
  ]);
  if (!account[0] || !business[0]) throw notFound("Seller not found");
  await announceVersion(edge, sellerId, business[0].version);
  return account[0];
}
