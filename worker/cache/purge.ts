import type { AppConfig } from "../env";

/**
 * Purges a seller's pages from Cloudflare's CDN cache by tag (ADR 0007). Pages carry
 * `cache-tag: tb-seller-{id}`; with the recommended Cache Rule, Cloudflare's cache answers
 * them before the Worker runs, so the Worker's versioned keys alone would not refresh them.
 * Configured by CF_ZONE_ID and the CF_PURGE_TOKEN secret (a token with Zone → Cache Purge);
 * without them (local runs) nothing is sent.
 */
type PurgeTarget = { url: string; token: string };
let target: PurgeTarget | null = null;
let configuredFrom: object | null = null;

/** Called by the Worker on every request; readConfig returns the same object for the isolate, so this is a compare. */
export function configureEdgePurge(config: Pick<AppConfig, "CF_ZONE_ID" | "CF_PURGE_TOKEN" | "CF_API_BASE">) {
  if (config === configuredFrom) return;
  configuredFrom = config;
  target =
    config.CF_ZONE_ID && config.CF_PURGE_TOKEN
      ? { url: `${config.CF_API_BASE}/zones/${encodeURIComponent(config.CF_ZONE_ID)}/purge_cache`, token: config.CF_PURGE_TOKEN }
      : null;
}

export const sellerCacheTag = (sellerId: string) => `tb-seller-${sellerId}`;

/** Never throws: the write already happened; a failed purge leaves pages stale for at most their s-maxage. */
export async function purgeSellerPages(sellerId: string): Promise<"purged" | "skipped" | "failed"> {
  if (!target) return "skipped";
  try {
    const res = await fetch(target.url, {
      method: "POST",
      headers: { authorization: `Bearer ${target.token}`, "content-type": "application/json" },
      body: JSON.stringify({ tags: [sellerCacheTag(sellerId)] }),
    });
    if (res.ok) return "purged";
    console.error(`Cache purge for ${sellerId} answered ${res.status}`);
  } catch (error) {
    console.error(`Cache purge for ${sellerId} failed`, error);
  }
  return "failed";
}
