import { sellerPageAt } from "../shared/seller-pages";
import { SESSION_COOKIE, readCookie } from "../auth/session";
import type { SellerTenant } from "../tenant";
import { edgeCache, noteContentVersion, pageKey, publishIfNewer, readContentVersion } from "./version-pointer";
import { sellerCacheTag } from "./purge";

/**
 * Edge cache for the public pages of seller sites (ADR 0007). Key: seller, content
 * version, host and path. Two layers: an in-isolate LRU of immutable page bodies in
 * front of the Workers Cache API. Only the version pointer is mutable.
 */

export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=600, stale-while-revalidate=60";
export const PRIVATE_CACHE_CONTROL = "private, no-store";
const VARY = "Cookie, Authorization";
/** How long the Cache API keeps a page copy; the version in the key makes it safe to keep. */
const STORED_CACHE_CONTROL = "public, max-age=86400";

/** SECURITY: any credential at all (even an invalid one) keeps the request away from shared copies. */
export function carriesCredentials(request: Request) {
  return request.headers.has("authorization") || readCookie(request.headers.get("cookie"), SESSION_COOKIE) !== null;
}

/** A GET of a seller page marked cacheable in worker/shared/seller-pages.ts (the same for every signed-out visitor). */
export function isCacheablePage(request: Request, tenant: SellerTenant, url: URL) {
  if (request.method !== "GET" || carriesCredentials(request)) return false;
  return sellerPageAt(url.pathname, tenant.mode)?.cacheable === true;
}

/** A stored page; `hit` is the header list of its cache-hit answer, built once (a hit is the hot path, ADR 0034). */
type Stored = { status: number; headers: [string, string][]; hit: [string, string][]; body: ArrayBuffer };

function stored(status: number, headers: [string, string][], body: ArrayBuffer): Stored {
  const own = headers.filter(([name]) => name !== "cache-control" && name !== "x-tb-cache");
  return { status, headers: own, hit: [...own, ["cache-control", PUBLIC_CACHE_CONTROL], ["x-tb-cache", "hit"]], body };
}
const MAX_ENTRIES = 500;
const memory = new Map<string, Stored>();

function remember(key: string, value: Stored) {
  memory.delete(key);
  memory.set(key, value);
  if (memory.size > MAX_ENTRIES) memory.delete(memory.keys().next().value as string);
}

function withHeaders(stored: Stored, state: "hit" | "miss") {
  if (state === "hit") return new Response(stored.body, { status: stored.status, headers: stored.hit });
  const headers = new Headers(stored.headers);
  headers.set("cache-control", PUBLIC_CACHE_CONTROL);
  headers.set("x-tb-cache", state);
  return new Response(stored.body, { status: stored.status, headers });
}

/** A cached copy of this page at the seller's current version, without touching D1. */
export async function matchPage(sellerId: string, url: URL): Promise<Response | null> {
  const version = await readContentVersion(sellerId);
  if (version === null) return null;
  const key = pageKey(sellerId, version, url);
  const local = memory.get(key);
  if (local) return withHeaders(local, "hit");
  const found = await edgeCache()?.match(key);
  if (!found) return null;
  const page = stored(found.status, [...found.headers], await found.arrayBuffer());
  remember(key, page);
  return withHeaders(page, "hit");
}

/** Stores a freshly rendered public page under the version its data was read at. */
export async function storePage(
  ctx: ExecutionContext,
  sellerId: string,
  version: number | null,
  url: URL,
  response: Response,
): Promise<Response> {
  if (version === null || response.status !== 200 || response.headers.has("set-cookie")) return markPrivate(response);
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (name !== "cache-control" && name !== "x-tb-cache") headers.push([name, value]);
  });
  headers.push(["vary", VARY], ["cache-tag", sellerCacheTag(sellerId)]);
  const page = stored(200, headers, await response.arrayBuffer());
  const key = pageKey(sellerId, version, url);
  remember(key, page);
  noteContentVersion(sellerId, version);
  const cache = edgeCache();
  if (cache) {
    const copy = new Response(page.body, { headers: [...headers, ["cache-control", STORED_CACHE_CONTROL]] });
    ctx.waitUntil(Promise.all([cache.put(key, copy), publishIfNewer(sellerId, version)]));
  }
  return withHeaders(page, "miss");
}

/** SECURITY: signed-in (or otherwise personal) responses are never stored or shared. */
export function markPrivate(response: Response): Response {
  const out = new Response(response.body, response);
  out.headers.set("cache-control", PRIVATE_CACHE_CONTROL);
  out.headers.set("vary", VARY);
  out.headers.set("x-tb-cache", "bypass");
  return out;
}
