import { SiteLink } from "~/components/seller/site-link";
import { useState } from "react";
import type { PublicPackage } from "@worker/domain/seller-website/shapes";
import { BookingRequestForm } from "~/components/bookings/booking-request-form";
import { DepartureSchedule } from "~/components/departures/departure-schedule";
import type { WithDepartures } from "@worker/domain/departures/view";
import type { TripFormData } from "~/components/bookings/trip-fields";
import { siteHref, useSellerSite } from "~/lib/seller-site";
import { PriceNote, packagePrice } from "./package-card";
import type { PackageChoices } from "@worker/domain/catalogue/labels";
import { ItineraryList } from "~/components/catalogue/itinerary-editor";
import { ChoicesList } from "~/components/catalogue/choices-list";
import type { PackageReviews as PackageReviewsData } from "@worker/domain/reviews/read";
import { PackageReviews } from "~/components/reviews/package-reviews";
import { ProductJsonLd } from "~/components/reviews/product-json-ld";
import { advertisedPrice } from "@worker/domain/bookings/price-terms";
import { IMAGE_SIZES, responsiveImage } from "@worker/shared/image-variants";

/** First image large plus up to three thumbnails (spec §9); a thumbnail shows itself large. */
function Gallery({ pkg }: { pkg: PublicPackage }) {
  const images = pkg.images.slice(0, 4);
  const [current, setCurrent] = useState(0);
  if (!images.length) return null;
  return (
    <div className="seller-gallery">
      <img
        className="gallery-main"
        {...responsiveImage(images[current], IMAGE_SIZES.gallery)}
        src={images[current]}
        alt={`${pkg.name} (${current + 1} of ${images.length})`}
        width={800}
        height={600}
        fetchPriority="high"
      />
      {images.length > 1 ? (
        <ul className="gallery-thumbs plain-list">
          {images.slice(1).map((src, i) => (
            <li key={src}>
              <button type="button" onClick={() => setCurrent(current === i + 1 ? 0 : i + 1)} aria-pressed={current === i + 1}>
                <img
                  {...responsiveImage(src, IMAGE_SIZES.thumb)}
                  src={src}
                  alt={`Show view ${i + 2} of ${images.length}`}
                  width={200}
                  height={150}
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function List({ title, items, id }: { title: string; items: string[]; id: string }) {
  if (!items.length) return null;
  return (
    <section aria-labelledby={id} className="card stack">
      <h2 id={id}>{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/** `form`: the trip form's own address was asked for (`?book=1`, signed in): the form shows in the page. */
export function PackageDetail({
  pkg,
  form,
  reviews,
  pageUrl,
}: {
  pkg: PublicPackage & WithDepartures & { choices?: PackageChoices };
  form: TripFormData;
  reviews: PackageReviewsData;
  pageUrl: string;
}) {
  const site = useSellerSite();
  return (
    <main id="main" className="container page stack">
      <p>
        <SiteLink to={siteHref(site, "/package/all")}>← Back to all packages</SiteLink>
      </p>
      <div className="package-layout">
        <div className="package-head stack">
          <h1>{pkg.name}</h1>
          <p className="muted">
            {pkg.city} · {pkg.duration}
          </p>
          <p className="price package-price">{packagePrice(pkg)}</p>
          <PriceNote pkg={pkg} />
        </div>
        <Gallery pkg={pkg} />
        <div className="package-info stack">
          <p>{pkg.description}</p>
          <dl className="facts">
            <div>
              <dt>Duration</dt>
              <dd>{pkg.duration}</dd>
            </div>
            <div>
              <dt>Location</dt>
              <dd>{pkg.city}</dd>
            </div>
          </dl>
          <DepartureSchedule departures={pkg.departures} />
          <section aria-label="Book this package" className="book-now">
            <BookingRequestForm pkg={pkg} form={form} />
          </section>
        </div>
      </div>
      <ItineraryList itinerary={pkg.itinerary} />
      {pkg.choices ? <ChoicesList choices={pkg.choices} /> : null}
      <div className="package-lists">
        <List title="Inclusions" items={pkg.inclusions} id="inclusions-title" />
        <List title="Exclusions" items={pkg.exclusions} id="exclusions-title" />
      </div>
      <PackageReviews rating={pkg.rating} count={pkg.reviews} reviews={reviews} sellerName={site.seller.name} />
      <ProductJsonLd
        name={pkg.name}
        description={pkg.description}
        image={pkg.images[0]}
        url={pageUrl}
        price={advertisedPrice(pkg.priceRanges)}
        rating={pkg.rating}
        count={pkg.reviews}
        reviews={reviews.reviews}
      />
      <p>
        <SiteLink to={siteHref(site, "/package/all")}>View all packages</SiteLink>
      </p>
    </main>
  );
}
