import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import type { Tenant } from "../../tenant";
import { getSellerSite } from "../seller-website/service";

/** Whose name an email carries and where its links point. */
export type Brand = { sellerId: string | null; name: string; siteUrl: string };

/**
 * The brand of the site a request came from, by the tenant it resolved to (worker/tenant/).
 * SECURITY: a seller tenant brands an email only once that seller's site is found, and links in
 * emails never use a Host we do not serve: an unknown host gets the platform's first host.
 */
export async function resolveBrand(db: Db, config: AppConfig, request: Request, tenant: Tenant): Promise<Brand> {
  const url = new URL(request.url);
  if (tenant.kind === "seller") {
    const site = await getSellerSite(db, tenant.sellerId);
    if (site) return { sellerId: tenant.sellerId, name: site.websiteConfig.websiteName, siteUrl: `${url.origin}${tenant.basePath}` };
  }
  const onPlatformHost = tenant.kind === "platform" || (tenant.kind === "seller" && tenant.mode === "path");
  const siteUrl = onPlatformHost ? url.origin : `https://${config.PLATFORM_HOSTS[0] ?? "localhost"}`;
  return { sellerId: null, name: "Tripbazaar", siteUrl };
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
