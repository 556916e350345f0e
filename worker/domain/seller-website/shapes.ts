import type { packages, sellers, websiteConfigs } from "@db/schema";
import { DEFAULT_SECONDARY_COLOR, DEFAULT_THEME_COLOR, safeHexColor } from "../../shared/colors";

type SellerRow = Pick<
  typeof sellers.$inferSelect,
  "id" | "name" | "email" | "phone" | "bio" | "logo" | "backgroundImage" | "address" | "hours" | "socialLinks"
>;
type ConfigRow = Pick<typeof websiteConfigs.$inferSelect, "themeColor" | "secondaryColor" | "websiteName" | "wallpaperImage">;
type PackageRow = typeof packages.$inferSelect;

/** Public shapes of spec §3 / §7. */
export function publicSeller(s: SellerRow) {
  return {
    _id: s.id,
    id: s.id,
    logo: s.logo,
    email: s.email,
    phone: s.phone,
    name: s.name,
    bio: s.bio,
    backgroundImage: s.backgroundImage,
    address: s.address,
    hours: s.hours,
    socialLinks: s.socialLinks ?? [],
  };
}

export function publicWebsiteConfig(seller: Pick<SellerRow, "name">, config: ConfigRow | null | undefined) {
  return {
    themeColor: safeHexColor(config?.themeColor, DEFAULT_THEME_COLOR),
    secondaryColor: safeHexColor(config?.secondaryColor, DEFAULT_SECONDARY_COLOR),
    websiteName: config?.websiteName?.trim() || seller.name,
    wallpaperImage: config?.wallpaperImage ?? null,
  };
}

export function durationLabel(days: number) {
  const nights = Math.max(days - 1, 0);
  return `${days} ${days === 1 ? "Day" : "Days"} / ${nights} ${nights === 1 ? "Night" : "Nights"}`;
}

export function publicPackage(p: PackageRow) {
  return {
    _id: p.id,
    id: p.id,
    name: p.name,
    city: p.city,
    description: p.description,
    duration: durationLabel(p.durationDays),
    durationDays: p.durationDays,
    images: p.images,
    priceRanges: p.priceRanges,
    inclusions: p.inclusions,
    exclusions: p.exclusions,
    /** The day-by-day itinerary (ADR 0045); empty when the seller wrote none. */
    itinerary: p.itinerary ?? [],
    rating: p.rating,
    reviews: p.reviews,
  };
}

/** What a package card shows: keeps list pages' HTML and serialized loader data small. */
export function packageSummary(p: Pick<PackageRow, "id" | "name" | "city" | "durationDays" | "images" | "priceRanges">) {
  return {
    id: p.id,
    name: p.name,
    city: p.city,
    duration: durationLabel(p.durationDays),
    image: p.images[0] ?? null,
    priceRanges: p.priceRanges.slice(0, 1),
  };
}

export type PackageSummary = ReturnType<typeof packageSummary>;
export type PublicSeller = ReturnType<typeof publicSeller>;
export type PublicWebsiteConfig = ReturnType<typeof publicWebsiteConfig>;
export type PublicPackage = ReturnType<typeof publicPackage>;
export type SellerSiteData = { seller: PublicSeller; websiteConfig: PublicWebsiteConfig };
