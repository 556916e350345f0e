import { decodeSegment, matchSellerBase, sellerBasePath } from "../shared/seller-pages";

export { decodeSegment };

/**
 * Which site a request belongs to. Pure: the custom-domain lookup happens before
 * and is passed in, so this can be unit tested without D1.
 */
export type Tenant =
  | { kind: "platform" }
  | { kind: "seller"; mode: "path"; sellerId: string; basePath: string }
  | { kind: "seller"; mode: "domain"; sellerId: string; basePath: ""; hostname: string }
  | { kind: "unknown-host"; hostname: string };

export type SellerTenant = Extract<Tenant, { kind: "seller" }>;

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
   * The seller a slug in the path names (worker/tenant/slugs.ts), looked up before; null when it names none.
   * Without it the segment is taken as the seller's id, as it is.
   */
  pathSellerId?: string | null;
}): Tenant {
  const hostname = hostnameOf(input.url.host);
  if (isPlatformHost(hostname, input.platformHosts)) {
    const base = matchSellerBase(input.url.pathname);
    if (base) {
      const segment = decodeSegment(base.idSegment);
      // The base path is the one asked for. Whether it is the site's address of today is the site's own read to
      // decide, in the page's one round trip (app/lib/seller-site.server.ts redirects an id or an old slug).
      return { kind: "seller", mode: "path", sellerId: input.pathSellerId ?? segment, basePath: sellerBasePath(segment) };
    }
    return { kind: "platform" };
  }
  if (input.domainSellerId) {
    return { kind: "seller", mode: "domain", sellerId: input.domainSellerId, basePath: "", hostname };
  }
  return { kind: "unknown-host", hostname };
}
