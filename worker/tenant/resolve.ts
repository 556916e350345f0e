import { matchSellerBase, sellerBasePath, sellerPageAt } from "../shared/seller-pages";
import type { PathSeller } from "./slugs";

/**
 * Which site a request belongs to. Pure: the custom-domain lookup happens before
 * and is passed in, so this can be unit tested without D1.
 */
export type Tenant =
  | { kind: "platform" }
  /** `basePath` is `/seller/{slug}/website`, the site's canonical base, which may differ from the request's own. */
  | { kind: "seller"; mode: "path"; sellerId: string; basePath: string }
  | { kind: "seller"; mode: "domain"; sellerId: string; basePath: ""; hostname: string }
  | { kind: "unknown-host"; hostname: string };

export type SellerTenant = Extract<Tenant, { kind: "seller" }>;

/** A path segment decoded; one that is not valid percent-encoding is kept as it came (it names no seller). */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function hostnameOf(host: string): string {
  const lower = host.trim().toLowerCase();
  if (lower.startsWith("[")) return lower.slice(0, lower.indexOf("]") + 1);
  return lower.split(":")[0];
}

/** True when `hostname` is a platform host, so no custom-domain lookup is needed. */
export function isPlatformHost(hostname: string, platformHosts: readonly string[]): boolean {
  return platformHosts.includes(hostname);
}

export function resolveTenant(input: {
  url: URL;
  platformHosts: readonly string[];
  /** The seller owning the host when it is an active custom domain, else null. */
  domainSellerId: string | null;
  /**
   * The seller the path's segment names (worker/tenant/slugs.ts) and their slug, looked up before; null when it
   * names none. Without it the segment is taken as the seller's id, as it is.
   */
  pathSeller?: PathSeller | null;
}): Tenant {
  const hostname = hostnameOf(input.url.host);
  if (isPlatformHost(hostname, input.platformHosts)) {
    const base = matchSellerBase(input.url.pathname);
    if (base) {
      const segment = decodeSegment(base.idSegment);
      const found = input.pathSeller;
      // The base path is the site's address of today (its slug): a request by an id or an old slug is redirected
      // there (worker/index.ts). A segment that names no seller keeps its own, and finds "Website not found".
      const sellerId = found ? found.sellerId : segment;
      const basePath = sellerBasePath(found ? (found.slug ?? found.sellerId) : segment);
      return { kind: "seller", mode: "path", sellerId, basePath };
    }
    return { kind: "platform" };
  }
  if (input.domainSellerId) {
    return { kind: "seller", mode: "domain", sellerId: input.domainSellerId, basePath: "", hostname };
  }
  return { kind: "unknown-host", hostname };
}

/**
 * On a custom domain only the seller site's clean URLs exist (single-fetch `.data` twins
 * included), and `/__manifest`, where lazy route discovery asks for the routes of a path.
 */
export function isCleanSellerPath(pathname: string): boolean {
  return pathname === "/__manifest" || sellerPageAt(pathname, "domain") !== undefined;
}
