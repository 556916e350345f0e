import type { Destination, TripLength } from "@worker/domain/seller-website/highlights";
import { SiteLink } from "~/components/seller/site-link";
import { formatRupees } from "@worker/shared/format";
import { searchHref, siteHref, useSellerSite } from "~/lib/seller-site";
import { IMAGE_SIZES, responsiveImage } from "@worker/shared/image-variants";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const cityList = new Intl.ListFormat("en-IN", { style: "long", type: "conjunction" });

function citiesText(cities: string[]) {
  const shown = cities.slice(0, 3);
  const more = cities.length - shown.length;
  return more > 0 ? `${shown.join(", ")} and ${plural(more, "more", "more")}` : cityList.format(shown);
}

/** The seller's destinations (spec §2's look) with their packages and lowest price; no rating until reviews exist. */
export function TrendingDestinations({ destinations }: { destinations: Destination[] }) {
  const site = useSellerSite();
  if (!destinations.length) return null;
  return (
    <section className="container page" aria-labelledby="trending-title">
      <h2 id="trending-title">Trending Destinations</h2>
      <ul className="grid-cards plain-list">
        {destinations.map((d) => (
          <li key={d.city} className="card package-card">
            {d.image ? (
              <img {...responsiveImage(d.image, IMAGE_SIZES.card)} src={d.image} alt="" loading="lazy" width={400} height={300} />
            ) : (
              <div className="package-card-blank" />
            )}
            <div className="body">
              <h3 className="package-card-title">
                <SiteLink to={searchHref(site, { destination: d.city })}>{d.city}</SiteLink>
              </h3>
              <p className="muted">{plural(d.packages, "package", "packages")}</p>
              <p className="row card-facts">
                {/* No rating until published reviews exist (issue 24): a figure nobody wrote is not shown. */}
                <span className="price">
                  {d.startingPrice !== null ? `Starting from ${formatRupees(d.startingPrice)} per person` : "Call or Contact for price"}
                </span>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The seller's packages by trip length, each a search of that many days. */
export function ExplorePackages({ tripLengths }: { tripLengths: TripLength[] }) {
  const site = useSellerSite();
  if (!tripLengths.length) return null;
  return (
    <section className="explore" aria-labelledby="explore-title">
      <div className="container page">
        <h2 id="explore-title">Explore Packages</h2>
        <ul className="explore-grid plain-list">
          {tripLengths.map((t) => (
            <li key={t.days} className="card stack">
              <h3>
                <SiteLink to={searchHref(site, { duration: String(t.days) })}>{t.label}</SiteLink>
              </h3>
              <p className="muted">{`${plural(t.packages, "package", "packages")} in ${citiesText(t.cities)}`}</p>
              {t.startingPrice !== null ? <p className="price">{`From ${formatRupees(t.startingPrice)} per person`}</p> : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A seller with nothing on sale yet: no cards and no figures, an invitation to get in touch instead. */
export function PackagesComingSoon() {
  const site = useSellerSite();
  const name = site.websiteConfig.websiteName;
  return (
    <section className="explore" aria-labelledby="coming-soon-title">
      <div className="container page">
        <div className="card stack coming-soon">
          <h2 id="coming-soon-title">Packages coming soon</h2>
          <p className="muted">{`${name} is putting together its first tour packages. Tell us where you would like to go and we will plan the trip with you.`}</p>
          <p>
            <SiteLink to={siteHref(site, "/contact")} className="btn">
              Contact us
            </SiteLink>
          </p>
        </div>
      </div>
    </section>
  );
}
