import { createContext, useContext } from "react";
import type { SellerSiteData } from "@worker/domain/seller-website/shapes";
import { accessibleTextColor, readableTextOn } from "./colors";

export type SellerSite = SellerSiteData & {
  /** "" on the seller's own domain, "/seller/{id}/website" on the platform. */
  basePath: string;
};

const SellerSiteContext = createContext<SellerSite | null>(null);
export const SellerSiteProvider = SellerSiteContext.Provider;

export function useSellerSite(): SellerSite {
  const site = useContext(SellerSiteContext);
  if (!site) throw new Error("useSellerSite outside a seller site");
  return site;
}

/** A link inside the seller site that stays clean on a custom domain. */
export function siteHref(site: Pick<SellerSite, "basePath">, path = "/") {
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (!site.basePath) return clean;
  return clean === "/" ? site.basePath : `${site.basePath}${clean}`;
}

/**
 * CSS custom properties for the seller's brand. Colours were validated as
 * #RRGGBB by the server (publicWebsiteConfig); text colours are computed so
 * they stay readable on light and dark surfaces.
 */
export function brandStyle(site: SellerSiteData): React.CSSProperties {
  const { themeColor, secondaryColor } = site.websiteConfig;
  return {
    "--brand": themeColor,
    "--brand-2": secondaryColor,
    "--on-brand": readableTextOn(themeColor),
    "--on-brand-2": readableTextOn(secondaryColor),
    "--brand-text-light": accessibleTextColor(themeColor, "#ffffff"),
    "--brand-text-dark": accessibleTextColor(themeColor, "#181b2e"),
  } as React.CSSProperties;
}
