import { useLocation } from "@remix-run/react";
import { SiteLink } from "~/components/seller/site-link";
import { useEffect } from "react";
import type { LandingHighlights } from "@worker/domain/seller-website/highlights";
import type { PackageSummary } from "@worker/domain/seller-website/shapes";
import { HeroSearch } from "~/components/seller/hero-search";
import { ExplorePackages, PackagesComingSoon, TrendingDestinations } from "~/components/seller/landing-highlights";
import { PackageGrid } from "~/components/seller/package-card";
import { siteHref, useSellerSite } from "~/lib/seller-site";
import { IMAGE_SIZES, responsiveImage } from "@worker/shared/image-variants";

/** "About Us" links to #about; scroll there after the route's scroll-to-top has run. */
function useScrollToAbout() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation to #about scrolls, even to the same hash
  useEffect(() => {
    if (hash !== "#about") return;
    const id = requestAnimationFrame(() => document.getElementById("about")?.scrollIntoView());
    return () => cancelAnimationFrame(id);
  }, [hash, key]);
}

export function SellerLanding({ packages, highlights }: { packages: PackageSummary[]; highlights: LandingHighlights }) {
  const site = useSellerSite();
  const name = site.websiteConfig.websiteName;
  const wallpaper = site.websiteConfig.wallpaperImage ?? site.seller.backgroundImage;
  useScrollToAbout();
  return (
    <main id="main">
      <section className={wallpaper ? "hero has-wallpaper" : "hero"} aria-labelledby="hero-title">
        {wallpaper ? (
          <img
            className="hero-bg"
            {...responsiveImage(wallpaper, IMAGE_SIZES.hero)}
            src={wallpaper}
            alt=""
            width={1600}
            height={900}
            {...{ fetchpriority: "high" }}
          />
        ) : null}
        <div className="container stack">
          <h1 id="hero-title">{`Discover your next journey with ${name}`}</h1>
          <p className="hero-lead">
            {packages.length
              ? "Handpicked tour packages, honest prices and people who plan every detail."
              : "Tell us where you want to go, and people who plan every detail will shape the trip with you."}
          </p>
          <HeroSearch />
        </div>
      </section>
      {packages.length ? (
        <>
          <TrendingDestinations destinations={highlights.destinations} />
          <ExplorePackages tripLengths={highlights.tripLengths} />
          <section className="container page" aria-labelledby="recent-title">
            <h2 id="recent-title">Recently Added</h2>
            <PackageGrid packages={packages} />
            <p className="section-cta">
              <SiteLink to={siteHref(site, "/package/all")} className="btn">
                View All Packages
              </SiteLink>
            </p>
          </section>
        </>
      ) : (
        <PackagesComingSoon />
      )}
      <section id="about" className="container page about-section" aria-labelledby="about-title">
        <h2 id="about-title">{`About ${name}`}</h2>
        <p>{site.seller.bio || `${name} plans tours and holidays across India.`}</p>
        <ul className="about-points">
          <li>Packages planned end to end by local experts</li>
          <li>Transparent prices with no hidden charges</li>
          <li>Help from the people who planned your trip, before and during it</li>
        </ul>
        <p>
          <SiteLink to={siteHref(site, "/contact")}>Get in touch with us</SiteLink>
        </p>
      </section>
    </main>
  );
}
