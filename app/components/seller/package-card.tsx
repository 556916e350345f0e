import { SiteLink } from "~/components/seller/site-link";
import type { PackageSummary } from "@worker/domain/seller-website/shapes";
import { PER_PERSON_NOTE, advertisedPrice } from "@worker/domain/bookings/price-terms";
import { formatRupees } from "@worker/shared/format";
import { siteHref, useSellerSite } from "~/lib/seller-site";
import { IMAGE_SIZES, responsiveImage } from "@worker/shared/image-variants";

/** Price is the first price range entry that has a price (spec §2; the tier the form starts at), else the call-us text. */
export function packagePrice(pkg: Pick<PackageSummary, "priceRanges">) {
  const price = advertisedPrice(pkg.priceRanges);
  return price !== undefined ? formatRupees(price) : "Call or Contact for price";
}

/** What the advertised price leaves to the booking form (the discount and the fee), under a priced package's price. */
export function PriceNote({ pkg }: { pkg: Pick<PackageSummary, "priceRanges"> }) {
  // The site's loader says the platform's percentages now; spec §9's note only if it did not.
  const note = useSellerSite().priceNote ?? PER_PERSON_NOTE;
  return advertisedPrice(pkg.priceRanges) !== undefined ? <p className="muted price-note">{note}</p> : null;
}

export function PackageCard({ pkg, headingLevel = 3 }: { pkg: PackageSummary; headingLevel?: 2 | 3 }) {
  const site = useSellerSite();
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="card package-card">
      {pkg.image ? (
        <img {...responsiveImage(pkg.image, IMAGE_SIZES.card)} src={pkg.image} alt="" loading="lazy" width={400} height={300} />
      ) : (
        <div className="package-card-blank" />
      )}
      <div className="body">
        <Heading className="package-card-title">
          <SiteLink to={siteHref(site, `/package/${encodeURIComponent(pkg.id)}`)}>{pkg.name}</SiteLink>
        </Heading>
        <p className="muted">{`${pkg.city} · ${pkg.duration}`}</p>
        <p className="price">{packagePrice(pkg)}</p>
        <PriceNote pkg={pkg} />
      </div>
    </article>
  );
}

export function PackageGrid({ packages, headingLevel }: { packages: PackageSummary[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="grid-cards plain-list">
      {packages.map((p) => (
        <li key={p.id}>
          <PackageCard pkg={p} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
