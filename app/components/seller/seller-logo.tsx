import type { SellerSite } from "~/lib/seller-site";

/** The seller's logo, or the first letter of the website name on the brand colour. */
export function SellerLogo({ site }: { site: SellerSite }) {
  const name = site.websiteConfig.websiteName;
  return site.seller.logo ? (
    <img src={site.seller.logo} alt="" width={40} height={40} className="seller-logo" />
  ) : (
    <span className="seller-logo seller-logo-letter" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || "T"}
    </span>
  );
}
