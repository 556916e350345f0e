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

// `website.data` is the landing page's single-fetch data URL (client navigation to Home).
const SELLER_PATH = /^\/seller\/([^/]+)\/website(?:\/|\.data$|$)/;

/** Paths a seller site answers on its own domain (spec §2 "Seller website", clean URLs). */
const CLEAN_SELLER_PATHS = [
  /^\/$/,
  /^\/package\/all\/?$/,
  /^\/package\/[^/]+\/?$/,
  /^\/searchpackages\/[^/]+\/?$/,
  /^\/(about|contact|signin|login|signup|dashboard|settings|forgot-password)\/?$/,
  /^\/reset-password\/[^/]+\/?$/,
  /^\/(sitemap\.xml|robots\.txt|__manifest)$/,
];

/** A path segment decoded; one that is not valid percent-encoding is kept as it came (it names no seller). */
function decodeSegment(segment: string): string {
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
}): Tenant {
  const hostname = hostnameOf(input.url.host);
  if (isPlatformHost(hostname, input.platformHosts)) {
    const match = SELLER_PATH.exec(input.url.pathname);
    if (match) {
      const sellerId = decodeSegment(match[1]);
      return { kind: "seller", mode: "path", sellerId, basePath: `/seller/${encodeURIComponent(sellerId)}/website` };
    }
    return { kind: "platform" };
  }
  if (input.domainSellerId) {
    return { kind: "seller", mode: "domain", sellerId: input.domainSellerId, basePath: "", hostname };
  }
  return { kind: "unknown-host", hostname };
}

/** On a custom domain only the seller site's clean URLs exist (single-fetch `.data` suffix included). */
export function isCleanSellerPath(pathname: string): boolean {
  const path = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  return CLEAN_SELLER_PATHS.some((re) => re.test(path));
}
