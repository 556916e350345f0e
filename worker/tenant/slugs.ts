import { eq } from "drizzle-orm";
import { sellerSlugChanges, sellers } from "@db/sellers";
import { sellerCacheTag } from "../cache/purge";
import { edgeCache } from "../cache/version-pointer";
import type { Db } from "../db/client";
import { SLUG_PATTERN } from "../shared/slug";

/**
 * The seller a slug in `/seller/{slug}/website` names (ADR 0040): theirs of today or one they gave up. That pairing
 * never changes (a slug is never handed to another seller, a given-up one neither), so it is remembered long; only
 * "no seller has it" is remembered briefly, since a new seller or a change may take it. Whether the slug is the one
 * of today is read with the site itself, in the page's own round trip (app/lib/seller-site.server.ts).
 */
export async function lookupSlugSeller(db: Db, slug: string): Promise<string | null> {
  const [current, given] = await db.batch([
    db.select({ sellerId: sellers.id }).from(sellers).where(eq(sellers.slug, slug)).limit(1),
    db.select({ sellerId: sellerSlugChanges.sellerId }).from(sellerSlugChanges).where(eq(sellerSlugChanges.oldSlug, slug)).limit(1),
  ]);
  return current[0]?.sellerId ?? given[0]?.sellerId ?? null;
}

/** True when a path segment can be a slug at all; an id carries an underscore, so it never is one. */
export const mayBeSlug = (segment: string) => segment.length <= 64 && SLUG_PATTERN.test(segment);

/**
 * Two layers, as for a custom domain's host (ADR 0026): per colo in the Cache API, per isolate in a Map. An answer
 * naming a seller holds for an hour (a seller's removal is the only thing that ends it); "nobody" for 5 s, and the
 * isolate re-checks it every second. A slug change or a new seller forgets its slug here and in this colo at once.
 */
export const SLUG_SELLER_TTL_MS = 3_600_000;
export const UNKNOWN_SLUG_TTL_MS = 5_000;
const MEMO_MS = 1_000;
const STORED_SECONDS = 3_600;

type Answer = { sellerId: string | null; at: number };
const memo = new Map<string, Answer & { checkedAt: number }>();

const ttlOf = (answer: Answer) => (answer.sellerId ? SLUG_SELLER_TTL_MS : UNKNOWN_SLUG_TTL_MS);
/** A time in the future (a test's moved clock) counts as stale, never as fresh for longer. */
const within = (since: number, now: number, ms: number) => now >= since && now - since < ms;
const slugKey = (slug: string) => `https://tb-cache.internal/seller-slug/${encodeURIComponent(slug)}`;

async function readShared(slug: string): Promise<Answer | null> {
  const hit = await edgeCache()?.match(slugKey(slug));
  if (!hit) return null;
  const answer = (await hit.json().catch(() => null)) as Answer | null;
  return answer && typeof answer.at === "number" ? { sellerId: answer.sellerId ?? null, at: answer.at } : null;
}

async function writeShared(slug: string, answer: Answer) {
  const headers: Record<string, string> = { "cache-control": `public, max-age=${STORED_SECONDS}` };
  if (answer.sellerId) headers["cache-tag"] = sellerCacheTag(answer.sellerId);
  await edgeCache()?.put(slugKey(slug), Response.json(answer, { headers }));
}

export async function resolveSlugSeller(db: Db, slug: string, now = Date.now()): Promise<string | null> {
  const known = memo.get(slug);
  if (known && within(known.at, now, ttlOf(known)) && (known.sellerId || within(known.checkedAt, now, MEMO_MS))) return known.sellerId;
  let answer = await readShared(slug);
  if (!answer || !within(answer.at, now, ttlOf(answer))) {
    answer = { sellerId: await lookupSlugSeller(db, slug), at: now };
    await writeShared(slug, answer);
  }
  if (memo.size > 1000) memo.clear();
  memo.set(slug, { ...answer, checkedAt: now });
  return answer.sellerId;
}

/** After a slug is taken (a change, a new seller): this isolate and this colo ask D1 for it again. */
export async function forgetSlugs(slugs: readonly string[]) {
  for (const slug of slugs) memo.delete(slug);
  await Promise.all(slugs.map((slug) => edgeCache()?.delete(slugKey(slug))));
}
