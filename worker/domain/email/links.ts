import { asc, and, eq } from "drizzle-orm";
import { customDomains } from "@db/schema";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import type { Tenant } from "../../tenant";

/**
 * Absolute links for emails (ADR 0026). An email is read away from the site, so every link names its host.
 * SECURITY: a link is built from configuration (PUBLIC_ORIGIN, whose host is a platform host) or from a
 * hostname D1 lists as an active custom domain; never from the Host a request arrived with.
 */

/** An address on the platform: `path` starts with a slash. */
export const platformUrl = (config: Pick<AppConfig, "PUBLIC_ORIGIN">, path: string) => `${config.PUBLIC_ORIGIN}${path}`;

/** A seller's own domain is served as the platform is: same scheme and port (http://…:8787 under `wrangler dev`). */
export function domainOrigin(config: Pick<AppConfig, "PUBLIC_ORIGIN">, hostname: string) {
  const url = new URL(config.PUBLIC_ORIGIN);
  url.hostname = hostname;
  return url.origin;
}

/** Where a seller site lives: its custom domain, or its base path on the platform (`/seller/{slug}/website`, ADR 0040). */
export function sellerSiteUrl(config: Pick<AppConfig, "PUBLIC_ORIGIN">, site: { sitePath: string; hostname: string | null }) {
  return site.hostname ? domainOrigin(config, site.hostname) : platformUrl(config, site.sitePath);
}

/** The custom domain a request was served on, if any (the tenant has checked it against D1). */
export const domainOf = (tenant: Tenant) => (tenant.kind === "seller" && tenant.mode === "domain" ? tenant.hostname : null);

/** The seller's canonical custom domain, the first active one (as the site's own data has it), or null. */
export async function canonicalDomainOf(db: Db, sellerId: string): Promise<string | null> {
  const row = await db
    .select({ hostname: customDomains.hostname })
    .from(customDomains)
    .where(and(eq(customDomains.sellerId, sellerId), eq(customDomains.status, "active")))
    .orderBy(asc(customDomains.createdAt), asc(customDomains.hostname))
    .limit(1)
    .get();
  return row?.hostname ?? null;
}

/**
 * Where a customer opens a booking, signed in as they were when they booked (ADR 0026). On a seller's own
 * domain the session cookie belongs to that domain, so the link is that site's own booking page; on the
 * platform's hosts (the main site and seller sites by path share one cookie) it is the platform's booking page.
 * Signed out, either asks for a sign-in and comes back.
 */
export function customerBookingUrl(config: Pick<AppConfig, "PUBLIC_ORIGIN">, bookingId: string, domain: string | null) {
  const path = `/booking/${encodeURIComponent(bookingId)}`;
  return domain ? `${domainOrigin(config, domain)}${path}` : platformUrl(config, path);
}

/** Where the seller answers a booking: their dashboard, which lives on the platform only. */
export const sellerBookingUrl = (config: Pick<AppConfig, "PUBLIC_ORIGIN">, bookingId: string) =>
  platformUrl(config, `/seller-dashboard/orders/${encodeURIComponent(bookingId)}`);
