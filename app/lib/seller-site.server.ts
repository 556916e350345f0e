import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import {
  getLandingHighlights,
  getPublishedPackage,
  getSellerSite,
  listPackageSummaries,
  searchPackageSummaries,
} from "@worker/domain/seller-website/service";
import { parseSearchQuery } from "@worker/domain/seller-website/search-query";
import { accessibleTextColor, readableTextOn } from "@worker/shared/colors";
import type { SellerTenant } from "@worker/tenant";
import { movedSitePath } from "@worker/shared/seller-pages";
import { perPersonNote } from "@worker/domain/bookings/price-terms";
import { readPlatformSettings } from "@worker/domain/platform/settings";
import type { SellerSite } from "./seller-site";

export const websiteNotFound = () => new Response("Website not found", { status: 404, statusText: "Website not found" });

/** The seller tenant of this request, or a 404 "Website not found". */
export function requireSellerTenant(context: AppLoadContext): SellerTenant {
  if (context.tenant.kind !== "seller") throw websiteNotFound();
  return context.tenant;
}

function originsOf(context: AppLoadContext, domain: string | null) {
  const url = context.url;
  const tenant = requireSellerTenant(context);
  // Canonical: the seller's own domain when one is active, else the address by path.
  const canonicalBase = domain ? (url.hostname === domain ? url.origin : `https://${domain}`) : `${url.origin}${tenant.basePath}`;
  // Platform pages (policies) do not exist on a seller's domain; link to the platform there.
  const platformHost = context.config.PLATFORM_HOSTS[0] ?? "localhost";
  const platformOrigin = tenant.mode === "domain" ? `${url.protocol}//${platformHost}${url.port ? `:${url.port}` : ""}` : "";
  return { origin: url.origin, canonicalBase, platformOrigin };
}

/**
 * The seller site for the frame. Issued through the per-request batcher, so it shares
 * one D1 round trip with the page's own query; notes the content version for the edge cache.
 */
export async function loadSellerSite(context: AppLoadContext): Promise<SellerSite> {
  const tenant = requireSellerTenant(context);
  // The platform's rules join the site's batch: the price notes say its percentages (issue 28).
  const [site, settings] = await Promise.all([getSellerSite(context.db, tenant.sellerId, context.load), readPlatformSettings(context)]);
  if (!site) throw websiteNotFound();
  if (tenant.mode === "path") {
    // Asked for by the seller's id or a slug they gave up: the same page at the address of today, for good (ADR 0040).
    const moved = movedSitePath(context.url, site.sitePath);
    // 308 keeps a form post a post; like every answer that is not a 200 page, it is never stored (worker/cache/).
    if (moved) throw redirect(moved, 308);
  }
  context.edge.contentVersion = site.contentVersion;
  const { seller, websiteConfig, domain } = site;
  const brand = brandVariables(websiteConfig.themeColor, websiteConfig.secondaryColor);
  return { seller, websiteConfig, brand, basePath: tenant.basePath, ...originsOf(context, domain), priceNote: perPersonNote(settings) };
}

// The contrast maths runs once per colour pair, not on every render of every page.
const brandCache = new Map<string, Readonly<Record<string, string>>>();

/** The site frame's CSS variables for a pair of brand colours (SellerSite.brand). */
function brandVariables(themeColor: string, secondaryColor: string): Readonly<Record<string, string>> {
  const key = themeColor + secondaryColor;
  let brand = brandCache.get(key);
  if (!brand) {
    if (brandCache.size >= 256) brandCache.clear();
    brand = {
      "--brand": themeColor,
      "--brand-2": secondaryColor,
      "--on-brand": readableTextOn(themeColor),
      "--on-brand-2": readableTextOn(secondaryColor),
      "--brand-text-light": accessibleTextColor(themeColor, "#ffffff"),
      "--brand-text-dark": accessibleTextColor(themeColor, "#181b2e"),
    };
    brandCache.set(key, brand);
  }
  return brand;
}

/** The landing's newest packages and its highlights, read in the same batch as the site. */
export async function loadLanding(context: AppLoadContext, limit = 3) {
  const { sellerId } = requireSellerTenant(context);
  const [packages, highlights] = await Promise.all([
    listPackageSummaries(context.db, sellerId, context.load, limit),
    getLandingHighlights(context.db, sellerId, context.load),
  ]);
  return { packages, highlights };
}

export async function loadAllPackages(context: AppLoadContext) {
  const tenant = requireSellerTenant(context);
  return listPackageSummaries(context.db, tenant.sellerId, context.load);
}

export async function loadPackage(context: AppLoadContext, packageId: string) {
  const tenant = requireSellerTenant(context);
  const pkg = await getPublishedPackage(context.db, tenant.sellerId, packageId, context.load);
  if (!pkg) throw new Response("Package not found", { status: 404, statusText: "Package not found" });
  return pkg;
}

export async function loadSearch(context: AppLoadContext, query: string) {
  const tenant = requireSellerTenant(context);
  const search = parseSearchQuery(query);
  if (!search.success) throw new Response(search.error.issues[0]?.message ?? "Invalid search", { status: 400 });
  const packages = await searchPackageSummaries(context.db, tenant.sellerId, search.data, context.load);
  return { search: search.data, packages };
}
