/**
 * Where a seller's content version lives for the cache-hit path (ADR 0007): a tiny
 * entry in the Workers Cache API, so a hit never touches D1. Writes replace it
 * (bumpContentVersion); a render that finds none writes the version it read from D1.
 */
const ORIGIN = "https://tb-cache.internal";
/** Bounds how long a racing render could leave an older version behind. */
const POINTER_TTL_SECONDS = 60;

const pointerKey = (sellerId: string) => `${ORIGIN}/version/${encodeURIComponent(sellerId)}`;

function edgeCache(): Cache | null {
  return typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
}

export async function readContentVersion(sellerId: string): Promise<number | null> {
  const cache = edgeCache();
  const hit = cache ? await cache.match(pointerKey(sellerId)) : undefined;
  if (!hit) return null;
  const version = Number(await hit.text());
  return Number.isInteger(version) ? version : null;
}

export async function publishContentVersion(sellerId: string, version: number) {
  const cache = edgeCache();
  if (!cache) return;
  await cache.put(
    pointerKey(sellerId),
    new Response(String(version), {
      headers: { "cache-control": `public, max-age=${POINTER_TTL_SECONDS}`, "cache-tag": `tb-seller-${sellerId}` },
    }),
  );
}

/** A page key is immutable: the version is in it, so a new version simply misses. */
export function pageKey(sellerId: string, version: number, url: URL) {
  return `${ORIGIN}/page/${encodeURIComponent(sellerId)}/${version}/${url.host}${url.pathname}${url.search}`;
}

export { edgeCache };
