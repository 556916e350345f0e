import { Link } from "@remix-run/react";

export function MainHome() {
  return (
    <main id="main">
      <section className="hero main-hero" aria-labelledby="home-title" style={{ background: "linear-gradient(135deg, #4c50e0, #87ceeb)" }}>
        <div className="container stack">
          <h1 id="home-title">Tour packages, flights and hotels from travel agents you can trust</h1>
          <p>Tripbazaar brings India's travel agents and travellers together.</p>
          <div className="row">
            <Link to="/tours/search" className="btn">
              Find a tour
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
