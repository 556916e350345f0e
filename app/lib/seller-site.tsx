import type { MetaDescriptor } from "@remix-run/cloudflare";
import { createContext, useContext } from "react";
import type { SellerSiteData } from "@worker/domain/seller-website/shapes";
import { ALL_PACKAGES } from "@worker/shared/search-segment";

export type SellerSite = SellerSiteData & {
  /** "" on the seller's own domain, "/seller/{slug}/website" on the platform (ADR 0040). */
  basePath: string;
  /** Origin of this request, for absolute image URLs. */
  origin: string;
  /**
   * The brand colours and the text colours that read on them, as the CSS variables of the site's frame. Worked
   * out by the loader (seller-site.server.ts), so the contrast maths stays out of the browser's scripts.
   */
  brand: Readonly<Record<string, string>>;
  /** Where this site's canonical URLs start: the custom domain when one is active. */
  canonicalBase: string;
  /** "" by path; the platform's origin on a custom domain (policies live there). */
  platformOrigin: string;
  /** What an advertised price leaves to checkout, with the platform's percentages now (issue 28). */
  priceNote?: string;
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

export { ALL_PACKAGES };

/** Values a person can read in an address as they are: letters, digits, spaces, dots, dashes and apostrophes. */
const READABLE = /^[\p{L}\p{N} .'-]+$/u;

/**
 * The searchpackages/{query} segment (ADR 0008): `all-packages` when empty; a destination alone as itself
 * (`/searchpackages/Goa`, `/searchpackages/North%20Goa`); readable filters as `duration=4&destination=Goa`; and
 * anything else (an `&`, `=`, `%` or `+` in a value) as one encoded query string, which the address still carries
 * exactly. parseSearchQuery reads all three.
 */
export function buildSearchQuery(input: { destination?: string; checkIn?: string; duration?: string }) {
  const entries = (["destination", "checkIn", "duration"] as const)
    .map((key) => [key, input[key]?.trim() ?? ""] as const)
    .filter(([, value]) => value !== "");
  if (entries.length === 0) return ALL_PACKAGES;
  if (entries.every(([, value]) => READABLE.test(value))) {
    const [[key, value]] = entries;
    if (entries.length === 1 && key === "destination" && value.toLowerCase() !== ALL_PACKAGES) return encodeURIComponent(value);
    return entries.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
  }
  return encodeURIComponent(new URLSearchParams(entries.map(([k, v]) => [k, v])).toString());
}

export function searchHref(site: Pick<SellerSite, "basePath">, input: { destination?: string; checkIn?: string; duration?: string }) {
  return siteHref(site, `/searchpackages/${buildSearchQuery(input)}`);
}

const absolute = (site: SellerSite, src: string) => new URL(src, site.origin).toString();

/** The site loaded by the seller layout, found among the route matches. */
export function siteFromMatches(matches: readonly { data?: unknown }[]): SellerSite | null {
  for (const m of matches) {
    const data = m.data as { site?: SellerSite } | undefined;
    if (data?.site) return data.site;
  }
  return null;
}

/** Title, description, canonical and Open Graph tags for a seller page (ADR 0008). */
export function sellerMeta(
  site: SellerSite | null,
  page: { title?: string; description?: string; path: string; image?: string | null; noindex?: boolean },
): MetaDescriptor[] {
  if (!site) return [{ title: "Website not found" }, { name: "robots", content: "noindex" }];
  const name = site.websiteConfig.websiteName;
  const title = page.title ? `${page.title} | ${name}` : name;
  const description = page.description?.slice(0, 300) || site.seller.bio || `Tour packages by ${name}`;
  const canonical = page.path === "/" ? site.canonicalBase || "/" : `${site.canonicalBase}${page.path}`;
  const image = page.image ?? site.seller.logo;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    ...(image ? [{ property: "og:image", content: absolute(site, image) }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
