import { eq, or } from "drizzle-orm";
import { sellerSlugChanges, sellers } from "@db/sellers";
import { sellerCacheTag } from "../cache/purge";
import { edgeCache } from "../cache/version-pointer";
import type { Db } from "../db/client";

/**
 * The seller a site-by-path segment names (ADR 0038): their slug, a slug they gave up, or their id. The answer
 * carries the seller's current slug, so the Worker can redirect an old slug or an id to the address of today.
 * `slug` is null for a row the backfill has not reached; that site stays at its id.
 */
export type PathSeller = { sellerId: string; slug: string | null };

/** One round trip: the slug, an old slug and an id are three reads of one batch. */
export async function lookupPathSeller(db: Db, segment: string): Promise<PathSeller | null> {
  const [bySlugOrId, byOldSlug] = await db.batch([
    db
      .select({ sellerId: sellers.id, slug: sellers.slug })
      .from(sellers)
      .where(or(eq(sellers.slug, segment), eq(sellers.id, segment)))
      .limit(2),
    db
      .select({ sellerId: sellers.id, slug: sellers.slug })
      .from(sellerSlugChanges)
      .innerJoin(sellers, eq(sellers.id, sellerSlugChanges.sellerId))
      .where(eq(sellerSlugChanges.oldSlug, segment))
      .limit(1),
  ]);
  // A slug never looks like an id (ids carry an underscore), but should one ever match both, the slug wins.
  return bySlugOrId.find((s) => s.slug === segment) ?? bySlugOrId[0] ?? byOldSlug[0] ?? null;
}

/**
 * Segment → seller, remembered like a custom domain's host (ADR 0026): per colo in the Cache API, per isolate in
 * a Map re-checked every second, so most pages by path skip the lookup. A slug change forgets the segments it
 * touches here and in this colo, and purges them elsewhere with the seller's tag.
 */
export const PATH_SELLER_TTL_MS = 30_000;
export const UNKNOWN_PATH_TTL_MS = 5_000;
const MEMO_MS = 1_000;
const STORED_SECONDS = 60;

type Answer = { seller: PathSeller | null; at: number };
const memo = new Map<string, Answer & { checkedAt: number }>();

const ttlOf = (answer: Answer) => (answer.seller ? PATH_SELLER_TTL_MS : UNKNOWN_PATH_TTL_MS);
const within = (since: number, now: number, ms: number) => now >= since && now - since < ms;
const segmentKey = (segment: string) => `https://tb-cache.internal/seller-path/${encodeURIComponent(segment)}`;

async function readShared(segment: string): Promise<Answer | null> {
  const hit = await edgeCache()?.match(segmentKey(segment));
  if (!hit) return null;
  const answer = (await hit.json().catch(() => null)) as Answer | null;
  return answer && typeof answer.at === "number" ? { seller: answer.seller ?? null, at: answer.at } : null;
}

async function writeShared(segment: string, answer: Answer) {
  const headers: Record<string, string> = { "cache-control": `public, max-age=${STORED_SECONDS}` };
  if (answer.seller) headers["cache-tag"] = sellerCacheTag(answer.seller.sellerId);
  await edgeCache()?.put(segmentKey(segment), Response.json(answer, { headers }));
}

export async function resolvePathSeller(db: Db, segment: string, now = Date.now()): Promise<PathSeller | null> {
  const known = memo.get(segment);
  if (known && within(known.checkedAt, now, MEMO_MS) && within(known.at, now, ttlOf(known))) return known.seller;
  let answer = await readShared(segment);
  if (!answer || !within(answer.at, now, ttlOf(answer))) {
    answer = { seller: await lookupPathSeller(db, segment), at: now };
    await writeShared(segment, answer);
  }
  if (memo.size > 1000) memo.clear();
  memo.set(segment, { ...answer, checkedAt: now });
  return answer.seller;
}

/** After a slug change: this isolate and this colo ask D1 again for each of these segments (old slug, new, id). */
export async function forgetPathSegments(segments: readonly string[]) {
  for (const segment of segments) memo.delete(segment);
  await Promise.all(segments.map((segment) => edgeCache()?.delete(segmentKey(segment))));
}
