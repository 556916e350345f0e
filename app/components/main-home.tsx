import { Form, Link } from "@remix-run/react";
import type { CatalogPackage } from "@worker/domain/catalog/service";
import { CatalogCard } from "~/components/catalog/catalog-card";

export function MainHome({ featured, note }: { featured: CatalogPackage[]; note?: string }) {
  return (
    <main id="main">
      <section className="main-hero" aria-labelledby="home-title" style={{ background: "linear-gradient(135deg, #4c50e0, #2a8fb8)" }}>
        <div className="container stack">
          <h1 id="home-title">Tour packages, flights and hotels from travel agents you can trust</h1>
          <p>Tripbazaar brings India's travel agents and travellers together.</p>
          <Form method="get" action="/tours/search" className="search-bar main-search" role="search">
            <label htmlFor="home-q" className="sr-only">
              Destination or package
            </label>
            <input id="home-q" name="q" className="input" placeholder="Where do you want to go?" />
            <button type="submit" className="btn">
              Find a tour
            </button>
          </Form>
        </div>
      </section>
      <section className="container page" aria-labelledby="featured-title">
        <h2 id="featured-title">New packages</h2>
        {featured.length ? (
          <div className="grid-cards">
            {featured.map((p, i) => (
              <CatalogCard key={p.id} pkg={p} first={i === 0} note={note} />
            ))}
          </div>
        ) : (
          <p>No packages are available yet.</p>
        )}
        <p>
          <Link to="/tours/search">See all tour packages</Link>
        </p>
      </section>
    </main>
  );
}
