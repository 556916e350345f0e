import { sellerCacheTag } from "./purge";
/**
 * Where a seller's content version lives for the cache-hit path (ADR 0007): a tiny
 * entry in the Workers Cache API, so a hit never touches D1. Writes replace it
 * (announceVersion); a render that finds none writes the version it read from D1.
 */
const ORIGIN = "https://tb-cache.internal";
/** Bounds how long a racing render could leave an older version behind. */
const POINTER_TTL_SECONDS = 60;

/**
 * The isolate re-reads the shared pointer at most this often. A write in this isolate is
 * seen at once; a write made in another isolate of the same colo within this window.
 */
const POINTER_RECHECK_MS = 1000;
const memo = new Map<string, { version: number; checkedAt: number }>();

const pointerKey = (sellerId: string) => `${ORIGIN}/version/${encodeURIComponent(sellerId)}`;

function edgeCache(): Cache | null {
  return typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
}

export async function readContentVersion(sellerId: string): Promise<number | null> {
  const now = Date.now();
  const known = memo.get(sellerId);
  if (known && now - known.checkedAt < POINTER_RECHECK_MS) return known.version;
  const cache = edgeCache();
  const hit = cache ? await cache.match(pointerKey(sellerId)) : undefined;
  const version = hit ? Number(await hit.text()) : Number.NaN;
  if (!Number.isInteger(version)) {
    memo.delete(sellerId);
    return null;
  }
  if (memo.size > 10_000) memo.clear();
  memo.set(sellerId, { version, checkedAt: now });
  return version;
}

/**
 * The version a render just read from D1 (the truth), known to this isolate at once: the next request here finds its
 * page without waiting for the pointer's publication, which follows in `waitUntil` ({@link publishIfNewer}).
 */
export function noteContentVersion(sellerId: string, version: number) {
  const known = memo.get(sellerId);
  if (!known || known.version < version) memo.set(sellerId, { version, checkedAt: Date.now() });
}

/** Publishes `version` to the colo unless the shared pointer already holds it or a newer one. */
export async function publishIfNewer(sellerId: string, version: number) {
  const hit = await edgeCache()?.match(pointerKey(sellerId));
  const current = hit ? Number(await hit.text()) : Number.NaN;
  if (!Number.isInteger(current) || current < version) await publishContentVersion(sellerId, version);
}

export async function publishContentVersion(sellerId: string, version: number) {
  noteContentVersion(sellerId, version);
  const cache = edgeCache();
  if (!cache) return;
  await cache.put(
    pointerKey(sellerId),
    new Response(String(version), {
      headers: { "cache-control": `public, max-age=${POINTER_TTL_SECONDS}`, "cache-tag": sellerCacheTag(sellerId) },
    }),
  );
}

/** A page key is immutable: the version is in it, so a new version simply misses. */
export function pageKey(sellerId: string, version: number, url: URL) {
  return `${ORIGIN}/page/${encodeURIComponent(sellerId)}/${version}/${url.host}${url.pathname}${url.search}`;
}

export { edgeCache };
