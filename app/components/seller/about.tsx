import { useSellerSite } from "~/lib/seller-site";
import { GetInTouch } from "./get-in-touch";
import { MessageForm } from "./message-form";

const WHY_US = [
  "Handpicked hotels and trusted local partners",
  "Transparent pricing with no hidden charges",
  "Flexible itineraries planned around you",
  "Help from the people who planned your trip, before and during it",
];

export function SellerAboutPage() {
  const site = useSellerSite();
  const name = site.websiteConfig.websiteName;
  return (
    <main id="main" className="container page stack">
      <header className="stack page-intro">
        <h1>{`About ${name}`}</h1>
        <p>{site.seller.bio || `${name} plans tours and holidays across India.`}</p>
      </header>
      <section className="card stack" aria-labelledby="mission-title">
        <h2 id="mission-title">Our Mission</h2>
        <p>To make travel simple, safe and memorable: every trip planned with care, priced honestly and supported from start to finish.</p>
      </section>
      <section className="card stack" aria-labelledby="why-title">
        <h2 id="why-title">Why Choose Us</h2>
        <ul className="about-points">
          {WHY_US.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      </section>
      <div className="contact-layout">
        <GetInTouch />
        <div className="card">
          <MessageForm idPrefix="about" />
        </div>
      </div>
    </main>
  );
}

export const sellerAboutMeta = {
  title: "About Us",
  description: "Who we are, our mission and why travellers choose us.",
  path: "/about",
};
