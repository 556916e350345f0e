import { SiteLink } from "~/components/seller/site-link";
import type { PackageSummary } from "@worker/domain/seller-website/shapes";
import { formatRupees } from "@worker/shared/format";
import { siteHref, useSellerSite } from "~/lib/seller-site";

/** Price is the first price range entry (spec §2), else the call-us text. */
export function packagePrice(pkg: Pick<PackageSummary, "priceRanges">) {
  const price = pkg.priceRanges[0]?.price;
  return price !== undefined ? formatRupees(price) : "Call or Contact for price";
}

export function PackageCard({ pkg, headingLevel = 3 }: { pkg: PackageSummary; headingLevel?: 2 | 3 }) {
  const site = useSellerSite();
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="card package-card">
      {pkg.image ? <img src={pkg.image} alt="" loading="lazy" width={400} height={300} /> : <div className="package-card-blank" />}
      <div className="body">
        <Heading className="package-card-title">
          <SiteLink to={siteHref(site, `/package/${encodeURIComponent(pkg.id)}`)}>{pkg.name}</SiteLink>
        </Heading>
        <p className="muted">{`${pkg.city} · ${pkg.duration}`}</p>
        <p className="price">{packagePrice(pkg)}</p>
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
