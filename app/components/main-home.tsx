import { Link } from "@remix-run/react";
import { HomeSearch, type SearchTab } from "~/components/travel/home-search";
import "~/components/travel/travel.css";
import type { CatalogPackage } from "@worker/domain/catalog/service";
import { CatalogCard } from "~/components/catalog/catalog-card";

export function MainHome({ featured, note, tab = "holidays" }: { featured: CatalogPackage[]; note?: string; tab?: SearchTab }) {
  return (
    <main id="main">
      <section className="main-hero" aria-labelledby="home-title" style={{ background: "linear-gradient(135deg, #4c50e0, #2a8fb8)" }}>
        <div className="container stack">
          <h1 id="home-title">Tour packages, flights and hotels from travel agents you can trust</h1>
          <p>Tripbazaar brings India's travel agents and travellers together.</p>
          <HomeSearch tab={tab} />
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
