import { Link } from "@remix-run/react";
import type { CatalogPackage } from "@worker/domain/catalog/service";
import { PER_PERSON_NOTE, advertisedPrice } from "@worker/domain/bookings/price-terms";
import { formatRupees } from "@worker/shared/format";
import { IMAGE_SIZES, responsiveImage } from "@worker/shared/image-variants";

/** `first`: the list's first card, whose image is in the first view and often its largest paint (ADR 0034). */
/** `note`: what the price leaves to checkout, with the platform's percentages now (the page's loader reads them). */
export function CatalogCard({ pkg, first = false, note = PER_PERSON_NOTE }: { pkg: CatalogPackage; first?: boolean; note?: string }) {
  const price = advertisedPrice(pkg.priceRanges);
  return (
    <article className="card catalog-card">
      {pkg.images[0] ? (
        <img
          {...responsiveImage(pkg.images[0], IMAGE_SIZES.card)}
          src={pkg.images[0]}
          alt=""
          width={400}
          height={300}
          {...(first ? { fetchpriority: "high" } : { loading: "lazy" as const })}
        />
      ) : null}
      <div className="catalog-card-body">
        <h3>
          <Link to={`/tour-package/${encodeURIComponent(pkg.id)}`}>{pkg.name}</Link>
        </h3>
        <p className="muted">
          {pkg.city} · {pkg.duration}
        </p>
        <p className="muted">by {pkg.seller.name}</p>
        <p className="catalog-price">{price !== undefined ? `From ${formatRupees(price)}` : "Call or Contact for price"}</p>
        {price !== undefined ? <p className="muted price-note">{note}</p> : null}
      </div>
    </article>
  );
}
