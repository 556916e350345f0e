import { and, eq } from "drizzle-orm";
import { customDomains } from "@db/sellers";
import { hostCacheTag, sellerCacheTag } from "../cache/purge";
import { edgeCache } from "../cache/version-pointer";
import type { Db } from "../db/client";

/** The seller owning an active custom domain, or null. */
export async function lookupActiveDomain(db: Db, hostname: string): Promise<string | null> {
  const row = await db
    .select({ sellerId: customDomains.sellerId })
    .from(customDomains)
    .where(and(eq(customDomains.hostname, hostname), eq(customDomains.status, "active")))
    .get();
  return row?.sellerId ?? null;
}

/**
 * Host → seller, remembered so that most requests on a custom domain skip D1 (ADR 0026): per colo in
 * the Cache API, per isolate in a Map re-checked every second. An activation or removal forgets the
 * host here and in this colo at once and purges it everywhere else by tag; where neither reaches, an
 * answer is trusted for at most its TTL, short for "not ours" so that an activation shows promptly.
 */
export const DOMAIN_TTL_MS = 30_000;
export const UNKNOWN_HOST_TTL_MS = 5_000;
const MEMO_MS = 1_000;
/** How long the Cache API keeps an entry; its freshness is judged by the time written in it. */
const STORED_SECONDS = 60;

type Answer = { sellerId: string | null; at: number };
const memo = new Map<string, Answer & { checkedAt: number }>();

const ttlOf = (answer: Answer) => (answer.sellerId ? DOMAIN_TTL_MS : UNKNOWN_HOST_TTL_MS);
/** A time in the future (a test's moved clock) counts as stale, never as fresh for longer. */
const within = (since: number, now: number, ms: number) => now >= since && now - since < ms;
const hostKey = (hostname: string) => `https://tb-cache.internal/host/${encodeURIComponent(hostname)}`;

async function readShared(hostname: string): Promise<Answer | null> {
  const hit = await edgeCache()?.match(hostKey(hostname));
  if (!hit) return null;
  const answer = (await hit.json().catch(() => null)) as Answer | null;
  return answer && typeof answer.at === "number" ? { sellerId: answer.sellerId ?? null, at: answer.at } : null;
}

async function writeShared(hostname: string, answer: Answer) {
  const tags = [hostCacheTag(hostname), ...(answer.sellerId ? [sellerCacheTag(answer.sellerId)] : [])];
  await edgeCache()?.put(
    hostKey(hostname),
    Response.json(answer, { headers: { "cache-control": `public, max-age=${STORED_SECONDS}`, "cache-tag": tags.join(",") } }),
  );
}

export async function resolveDomainSeller(db: Db, hostname: string, now = Date.now()): Promise<string | null> {
  const known = memo.get(hostname);
  if (known && within(known.checkedAt, now, MEMO_MS) && within(known.at, now, ttlOf(known))) return known.sellerId;
  let answer = await readShared(hostname);
  if (!answer || !within(answer.at, now, ttlOf(answer))) {
    answer = { sellerId: await lookupActiveDomain(db, hostname), at: now };
    await writeShared(hostname, answer);
  }
  if (memo.size > 1000) memo.clear();
  memo.set(hostname, { ...answer, checkedAt: now });
  return answer.sellerId;
}

/**
 * After a domain is activated or removed: this isolate and this colo ask D1 on the next request.
 * Other colos drop the host with the purge by tag `hostCacheTag(hostname)` that goes with the change.
 */
export async function forgetDomain(hostname: string) {
  memo.delete(hostname);
  await edgeCache()?.delete(hostKey(hostname));
}
