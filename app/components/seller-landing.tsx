import { Form, Link } from "@remix-run/react";
import type { PublicPackage } from "@worker/domain/seller-website/shapes";
import { formatRupees } from "~/lib/format";
import { siteHref, useSellerSite } from "~/lib/seller-site";

export function PackageCard({ pkg }: { pkg: PublicPackage }) {
  const site = useSellerSite();
  const price = pkg.priceRanges[0]?.price;
  return (
    <article className="card package-card">
      {pkg.images[0] ? <img src={pkg.images[0]} alt="" loading="lazy" width={400} height={300} /> : null}
      <div className="body">
        <h3>
          <Link to={siteHref(site, `/package/${encodeURIComponent(pkg.id)}`)}>{pkg.name}</Link>
        </h3>
        <p className="muted">
          {pkg.city} · {pkg.duration}
        </p>
        <p className="price">{price !== undefined ? formatRupees(price) : "Call or Contact for price"}</p>
      </div>
    </article>
  );
}

export function SellerLanding({ packages }: { packages: PublicPackage[] }) {
  const site = useSellerSite();
  const name = site.websiteConfig.websiteName;
  return (
    <main id="main">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container stack">
          <h1 id="hero-title">Explore the world with {name}</h1>
          <Form method="get" action={siteHref(site, "/package/all")} className="hero-search" role="search">
            <label htmlFor="destination" className="sr-only">
              Destination
            </label>
            <input id="destination" name="destination" className="input" placeholder="Where do you want to go?" />
            <button type="submit" className="btn">
              Search
            </button>
          </Form>
        </div>
      </section>
      <section className="container page" aria-labelledby="recent-title">
        <h2 id="recent-title">Recently added</h2>
        {packages.length ? (
          <div className="grid-cards">
            {packages.map((p) => (
              <PackageCard key={p.id} pkg={p} />
            ))}
          </div>
        ) : (
          <p>No packages are available right now.</p>
        )}
        <p>
          <Link to={siteHref(site, "/package/all")}>View All Packages</Link>
        </p>
      </section>
      <section id="about" className="container page" aria-labelledby="about-title">
        <h2 id="about-title">About {name}</h2>
        {site.seller.bio ? <p>{site.seller.bio}</p> : null}
      </section>
    </main>
  );
}
