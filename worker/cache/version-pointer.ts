import { sellerCacheTag } from "./purge";
import { isolateMap } from "../isolate-state";
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
// One memo per isolate, shared by the bundle's copies of this module (worker/isolate-state.ts).
const memo = isolateMap<string, { version: number; checkedAt: number }>("versionMemo");

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

export async function publishContentVersion(sellerId: string, version: number) {
  memo.set(sellerId, { version, checkedAt: Date.now() });
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
