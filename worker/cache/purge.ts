import type { AppConfig } from "../env";

/**
 * Purges a seller's pages from Cloudflare's CDN cache by tag (ADR 0007). Pages carry
 * `cache-tag: tb-seller-{id}`; with the recommended Cache Rule, Cloudflare's cache answers
 * them before the Worker runs, so the Worker's versioned keys alone would not refresh them.
 * Configured by CF_ZONE_ID and the CF_PURGE_TOKEN secret (a token with Zone → Cache Purge);
 * without them (local runs) nothing is sent.
 */
/** What a purge needs from the configuration; passed in by whoever makes the change. */
export type EdgeConfig = Pick<AppConfig, "CF_ZONE_ID" | "CF_PURGE_TOKEN" | "CF_API_BASE">;

export const sellerCacheTag = (sellerId: string) => `tb-seller-${sellerId}`;
/** Carried by the remembered host → seller answer of a custom domain (worker/tenant/domains.ts, ADR 0026). */
export const hostCacheTag = (hostname: string) => `tb-host-${hostname}`;

/** How long the purge call may take before it counts as failed. */
export const PURGE_TIMEOUT_MS = 5_000;

/**
 * Never throws: the write already happened; a failed purge leaves pages stale for at most their s-maxage.
 * `alsoTags` go in the same request (a custom domain's host tag when it is activated or removed).
 */
export async function purgeSellerPages(
  edge: EdgeConfig,
  sellerId: string,
  alsoTags: readonly string[] = [],
): Promise<"purged" | "skipped" | "failed"> {
  if (!edge.CF_ZONE_ID || !edge.CF_PURGE_TOKEN) return "skipped";
  try {
    const res = await fetch(`${edge.CF_API_BASE}/zones/${encodeURIComponent(edge.CF_ZONE_ID)}/purge_cache`, {
      method: "POST",
      headers: { authorization: `Bearer ${edge.CF_PURGE_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ tags: [sellerCacheTag(sellerId), ...alsoTags] }),
      // A Cloudflare API that hangs must not hold the seller's save: pages then go stale for their s-maxage at most.
      signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
    });
    if (res.ok) return "purged";
    console.error(`Cache purge for ${sellerId} answered ${res.status}`);
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    console.error(
      timedOut
        ? `Cache purge for ${sellerId}: the Cloudflare API did not answer within ${PURGE_TIMEOUT_MS} ms`
        : `Cache purge for ${sellerId} failed`,
      timedOut ? "" : error,
    );
  }
  return "failed";
}
