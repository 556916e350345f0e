import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { lookupActiveDomain } from "../../load-context";
import { hostnameOf, isPlatformHost } from "../../tenant";
import { getSellerSite } from "../seller-website/service";

/** Whose name an email carries and where its links point. */
export type Brand = { sellerId: string | null; name: string; siteUrl: string };

/**
 * SECURITY: links in emails never use a Host we do not serve. A request on a
 * seller's active custom domain is that seller's; on a platform host a
 * `sellerId` from the page (a seller site by path) names the seller, checked to exist.
 */
export async function resolveBrand(db: Db, config: AppConfig, request: Request, sellerId?: string | null): Promise<Brand> {
  const url = new URL(request.url);
  const hostname = hostnameOf(url.host);
  if (!isPlatformHost(hostname, config.PLATFORM_HOSTS)) {
    const domainSeller = await lookupActiveDomain(db, hostname);
    const site = domainSeller ? await getSellerSite(db, domainSeller) : null;
    if (domainSeller && site) return { sellerId: domainSeller, name: site.websiteConfig.websiteName, siteUrl: url.origin };
    return { sellerId: null, name: "Tripbazaar", siteUrl: `https://${config.PLATFORM_HOSTS[0] ?? "localhost"}` };
  }
  if (sellerId) {
    const site = await getSellerSite(db, sellerId);
    if (site)
      return { sellerId, name: site.websiteConfig.websiteName, siteUrl: `${url.origin}/seller/${encodeURIComponent(sellerId)}/website` };
  }
  return { sellerId: null, name: "Tripbazaar", siteUrl: url.origin };
}

export function verificationEmail(brand: Brand, to: string, code: string) {
  return {
    to,
    sellerId: brand.sellerId,
    subject: `Your ${brand.name} verification code: ${code}`,
    text: `Welcome to ${brand.name}!\n\nYour verification code is ${code}. It is valid for 10 minutes.\n\nIf you did not sign up, you can ignore this email.`,
  };
}

export function passwordCodeEmail(brand: Brand, to: string, code: string) {
  return {
    to,
    sellerId: brand.sellerId,
    subject: `Your ${brand.name} password change code: ${code}`,
    text: `Use the code ${code} to change your ${brand.name} password. It is valid for 10 minutes.\n\nIf you did not ask for this, change your password now.`,
  };
}

export function resetLinkEmail(brand: Brand, to: string, token: string) {
  return {
    to,
    sellerId: brand.sellerId,
    subject: `Reset your ${brand.name} password`,
    text: `Open this link to choose a new password. It works once and for 30 minutes:\n\n${brand.siteUrl}/reset-password/${token}\n\nIf you did not ask for this, you can ignore this email.`,
  };
}

export function passwordChangedEmail(brand: Brand, to: string) {
  return {
    to,
    sellerId: brand.sellerId,
    subject: `Your ${brand.name} password was changed`,
    text: `The password of your ${brand.name} account was just changed, and every other signed-in device was signed out.\n\nIf this was not you, reset your password at once.`,
  };
}
