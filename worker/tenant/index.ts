import { SITE_HEADER, matchSellerBase } from "../shared/seller-pages";
import type { Db } from "../db/client";
import type { AppConfig } from "../env";
import { resolveDomainSeller } from "./domains";
import { type Tenant, decodeSegment, hostnameOf, isPlatformHost, resolveTenant } from "./resolve";
import { type PathSeller, resolvePathSeller } from "./slugs";

/**
 * The one tenant source (ADR 0024): pages and the API both ask here. The pure decision is
 * resolve.ts; this adds the only I/O it needs, the custom-domain lookup (domains.ts).
 */
export { type SellerTenant, type Tenant, decodeSegment, hostnameOf, isCleanSellerPath, isPlatformHost, resolveTenant } from "./resolve";
export { forgetDomain, lookupActiveDomain, resolveDomainSeller } from "./domains";
export { routeTrees, treeOf } from "./route-trees";
export { forgetPathSegments, resolvePathSeller } from "./slugs";

/** The seller a platform path's `/seller/{segment}/website` names, looked up (and remembered); undefined for other paths. */
async function pathSellerOf(pathname: string, db: Db, now: number): Promise<PathSeller | null | undefined> {
  const base = matchSellerBase(pathname);
  return base ? resolvePathSeller(db, decodeSegment(base.idSegment), now) : undefined;
}

/** The tenant of a page request: by host, and on a platform host by path. `now` dates the custom-domain lookup (ADR 0026). */
export async function resolveRequestTenant(url: URL, config: AppConfig, db: Db, now = Date.now()): Promise<Tenant> {
  const hostname = hostnameOf(url.host);
  if (isPlatformHost(hostname, config.PLATFORM_HOSTS)) {
    const pathSeller = await pathSellerOf(url.pathname, db, now);
    return resolveTenant({ url, platformHosts: config.PLATFORM_HOSTS, domainSellerId: null, pathSeller });
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
  const pathSeller = await pathSellerOf(claimed, db, now);
  return resolveTenant({ url: new URL(claimed, url.origin), platformHosts: config.PLATFORM_HOSTS, domainSellerId: null, pathSeller });
}
