import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import type { Role } from "@db/users";
import type { Tenant } from "../../tenant";
import { domainOf, platformUrl, sellerSiteUrl } from "../email/links";
import { loadDirect } from "../../db/batcher";
import { getSellerSite } from "../seller-website/service";

/** Whose name an email carries and where its links point: an absolute address, without a trailing slash. */
export type Brand = { sellerId: string | null; name: string; siteUrl: string };

/**
 * The brand of the site a request came from, by the tenant it resolved to (worker/tenant/).
 * SECURITY: a seller tenant brands an email only once that seller's site is found, and links in
 * emails never use the Host of the request (worker/domain/email/links.ts, ADR 0026).
 */
export async function resolveBrand(db: Db, config: AppConfig, tenant: Tenant): Promise<Brand> {
  if (tenant.kind === "seller") {
    const site = await getSellerSite(db, tenant.sellerId, loadDirect);
    if (site) {
      const siteUrl = sellerSiteUrl(config, { sitePath: site.sitePath, hostname: domainOf(tenant) });
      return { sellerId: tenant.sellerId, name: site.websiteConfig.websiteName, siteUrl };
    }
  }
  return platformBrand(config);
}

const platformBrand = (config: AppConfig): Brand => ({ sellerId: null, name: "Tripbazaar", siteUrl: platformUrl(config, "") });

/**
 * The brand of an email about an account's own credentials (a reset link, a changed password). SECURITY: only a
 * customer's carries the seller site it was asked on; a seller's or the superadmin's always points at the
 * platform's own origin with its brand, so their reset secrets never travel to a host a seller controls (ADR 0036).
 */
export async function accountBrand(db: Db, config: AppConfig, tenant: Tenant, role: Role): Promise<Brand> {
  return role === "user" ? resolveBrand(db, config, tenant) : platformBrand(config);
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
    text: `The password of your ${brand.name} account was just changed, and every other signed-in device was signed out.\n\nIf this was not you, reset your password at once:\n${brand.siteUrl}/forgot-password`,
  };
}
