import { SITE_HEADER, matchSellerBase } from "../shared/seller-pages";
import type { Db } from "../db/client";
import type { AppConfig } from "../env";
import { resolveDomainSeller } from "./domains";
import { type Tenant, decodeSegment, hostnameOf, isPlatformHost, resolveTenant } from "./resolve";
import { mayBeSlug, resolveSlugSeller } from "./slugs";

/**
 * The one tenant source (ADR 0024): pages and the API both ask here. The pure decision is
 * resolve.ts; this adds the only I/O it needs, the custom-domain lookup (domains.ts).
 */
export { type SellerTenant, type Tenant, decodeSegment, hostnameOf, isPlatformHost, resolveTenant } from "./resolve";
export { forgetDomain, lookupActiveDomain, resolveDomainSeller } from "./domains";
export { routeTrees, treeOf } from "./route-trees";
export { forgetSlugs, resolveSlugSeller } from "./slugs";

/**
 * The seller a platform path's `/seller/{slug}/website` names, looked up (and remembered, worker/tenant/slugs.ts);
 * undefined where the path names no site or its segment cannot be a slug (an id is taken as it is, with no read).
 */
async function pathSellerOf(pathname: string, db: Db, now: number): Promise<string | null | undefined> {
  const base = matchSellerBase(pathname);
  const segment = base ? decodeSegment(base.idSegment) : null;
  return segment !== null && mayBeSlug(segment) ? resolveSlugSeller(db, segment, now) : undefined;
}

/** The tenant of a page request: by host, and on a platform host by path. `now` dates the custom-domain lookup (ADR 0026). */
export async function resolveRequestTenant(url: URL, config: AppConfig, db: Db, now = Date.now()): Promise<Tenant> {
  const hostname = hostnameOf(url.host);
  if (isPlatformHost(hostname, config.PLATFORM_HOSTS)) {
    const pathSellerId = await pathSellerOf(url.pathname, db, now);
    return resolveTenant({ url, platformHosts: config.PLATFORM_HOSTS, domainSellerId: null, pathSellerId });
  }
  const domainSellerId = await resolveDomainSeller(db, hostname, now);
  return resolveTenant({ url, platformHosts: config.PLATFORM_HOSTS, domainSellerId });
}

/**
 * The tenant of an API call, the site whose page made it. On a custom domain that is the host,
 * as for pages. On a platform host `/api/...` names no site, so a page of a seller site by path
 * says which one in the `x-tb-site` header: its base path, `/seller/{slug}/website` (app/lib/api.ts).
 *
 * SECURITY: the header is the caller's claim. It only brands emails (worker/domain/auth/brand.ts,
 * which uses it only once it has found that seller's site); it never grants, scopes or names
 * anything else. Anything but an exact base path is no claim at all.
 */
export async function resolveApiTenant(
  request: Request,
  config: AppConfig,
  db: Db,
  url = new URL(request.url),
  now = Date.now(),
): Promise<Tenant> {
  if (!isPlatformHost(hostnameOf(url.host), config.PLATFORM_HOSTS)) return resolveRequestTenant(url, config, db, now);
  const claimed = request.headers.get(SITE_HEADER);
  const base = claimed ? matchSellerBase(claimed) : null;
  if (!base || base.basePath !== claimed) return { kind: "platform" };
  const pathSellerId = await pathSellerOf(claimed, db, now);
  return resolveTenant({ url: new URL(claimed, url.origin), platformHosts: config.PLATFORM_HOSTS, domainSellerId: null, pathSellerId });
}
