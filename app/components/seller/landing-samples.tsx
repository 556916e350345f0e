import { SiteLink } from "~/components/seller/site-link";
import { formatRupees } from "~/lib/format";
import { searchHref, useSellerSite } from "~/lib/seller-site";

/** Spec §2: static sample content with a static rating of 4.6 and fixed starting prices. */
const TRENDING = [
  { name: "Goa", blurb: "Golden beaches, sea food and sunsets", price: 1599900, image: "/images/packages/goa-1.svg" },
  { name: "Andaman", blurb: "Island hopping and coral reefs", price: 2599900, image: "/images/packages/port-blair-1.svg" },
  { name: "Manali", blurb: "Snow peaks, valleys and cafes", price: 1899900, image: "/images/packages/manali-1.svg" },
];
const STATIC_RATING = "4.6";

const EXPLORE = [
  { title: "Beach Holidays", text: "Sun, sand and island escapes along India's coastline.", query: "beach" },
  { title: "Mountain Escapes", text: "Snow-capped peaks, valleys and high-altitude road trips.", query: "valley" },
  { title: "Heritage Tours", text: "Forts, palaces and the royal cities of Rajasthan.", query: "palace" },
  { title: "Nature & Wellness", text: "Tea gardens, backwaters, yoga and quiet retreats.", query: "tea" },
];

export function TrendingDestinations() {
  const site = useSellerSite();
  return (
    <section className="container page" aria-labelledby="trending-title">
      <h2 id="trending-title">Trending Destinations</h2>
      <ul className="grid-cards plain-list">
        {TRENDING.map((t) => (
          <li key={t.name} className="card package-card">
            <img src={t.image} alt="" loading="lazy" width={400} height={300} />
            <div className="body">
              <h3 className="package-card-title">
                <SiteLink to={searchHref(site, { destination: t.name })}>{t.name}</SiteLink>
              </h3>
              <p className="muted">{t.blurb}</p>
              <p className="row">
                <span>
                  <span aria-hidden="true">★</span>
                  {` ${STATIC_RATING}`}
                  <span className="sr-only"> out of 5</span>
                </span>
                <span className="price">{`Starting from ${formatRupees(t.price)}`}</span>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ExplorePackages() {
  const site = useSellerSite();
  return (
    <section className="explore" aria-labelledby="explore-title">
      <div className="container page">
        <h2 id="explore-title">Explore Packages</h2>
        <ul className="explore-grid plain-list">
          {EXPLORE.map((e) => (
            <li key={e.title} className="card stack">
              <h3>
                <SiteLink to={searchHref(site, { destination: e.query })}>{e.title}</SiteLink>
              </h3>
              <p className="muted">{e.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
