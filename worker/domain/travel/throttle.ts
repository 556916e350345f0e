import { UNKNOWN_CLIENT, clientBucket } from "../../shared/client-address";
import type { AppConfig } from "../../env";
import { tooManyRequests } from "../errors";

/** What a traveller is told when their connection has searched too often (the API's 429, the search pages' message). */
export const SEARCH_THROTTLED = "Too many searches from your connection. Please wait a minute and try again.";

/**
 * The public searches (flights, hotels and their rates, buses) need no account, and with an aggregator configured each
 * one is a call to it: a flood from one address would spend the platform's supplier quota. So each search first counts
 * its client (an IPv4 address, or an IPv6 address's /64: clientBucket) on Cloudflare's Rate Limiting binding
 * (`SEARCH_LIMITER`, its limit in wrangler.toml; ADR 0063): counted where the request is served, without a D1 write,
 * and refused with 429 past the limit.
 *
 * Without the binding, and for a request without an address (only a local run: Cloudflare sets `cf-connecting-ip` on
 * every request), nothing is counted. A binding that fails lets the search through: the limit guards a quota, and a
 * search must not fail because its guard did.
 */
export async function throttleSearch(config: AppConfig, client: string) {
  const limiter = config.SEARCH_LIMITER;
  if (!limiter || client === UNKNOWN_CLIENT) return;
  let allowed: boolean;
  try {
    allowed = (await limiter.limit({ key: clientBucket(client) })).success;
  } catch (error) {
    console.warn("The search rate limiter failed; the search goes on", error);
    return;
  }
  if (!allowed) throw tooManyRequests(SEARCH_THROTTLED);
}
