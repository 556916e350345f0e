import type { AppLoadContext } from "@remix-run/cloudflare";
import { getSellerLanding, getSellerSite } from "@worker/domain/seller-website/service";
import type { SellerTenant } from "@worker/tenant";

export const websiteNotFound = () => new Response("Website not found", { status: 404, statusText: "Website not found" });

/** The seller tenant of this request, or a 404 "Website not found". */
export function requireSellerTenant(context: AppLoadContext): SellerTenant {
  if (context.tenant.kind !== "seller") throw websiteNotFound();
  return context.tenant;
}

export async function loadSellerSite(context: AppLoadContext) {
  const tenant = requireSellerTenant(context);
  const site = await getSellerSite(context.db, tenant.sellerId);
  if (!site) throw websiteNotFound();
  return { ...site, basePath: tenant.basePath };
}

export async function loadSellerLanding(context: AppLoadContext) {
  const tenant = requireSellerTenant(context);
  const data = await getSellerLanding(context.db, tenant.sellerId);
  if (!data) throw websiteNotFound();
  const { packages, ...site } = data;
  return { site: { ...site, basePath: tenant.basePath }, packages };
}
