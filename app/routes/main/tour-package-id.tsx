import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { getCatalogPackage, sellerSiteUrl } from "@worker/domain/catalog/service";
import { packageDepartures } from "@worker/domain/departures/read";
import { DepartureSchedule } from "~/components/departures/departure-schedule";
import { AddToCartForm } from "~/components/bookings/booking-request-form";
import { shopOf, tripAction, tripFormData } from "~/components/bookings/trip-actions.server";
import { stringFields } from "~/components/bookings/trip-fields";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { advertisedPrice, perPersonNote } from "@worker/domain/bookings/price-terms";
import { readPlatformSettings } from "@worker/domain/platform/settings";
import { formatRupees } from "@worker/shared/format";
import { actionInput } from "~/lib/session.server";
import { packageChoices } from "@worker/domain/catalogue/choices";
import { ItineraryList } from "~/components/catalogue/itinerary-editor";
import { ChoicesList } from "~/components/catalogue/choices-list";
import { packageReviews } from "@worker/domain/reviews/read";
import { reviewsPageOf } from "@worker/domain/reviews/schemas";
import { PackageReviews } from "~/components/reviews/package-reviews";
import { ProductJsonLd } from "~/components/reviews/product-json-ld";
import { IMAGE_SIZES, responsiveImage } from "@worker/shared/image-variants";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: `${data.pkg.name} | Tripbazaar` }, { name: "description", content: data.pkg.description.slice(0, 160) }]
    : [{ title: "Package not found | Tripbazaar" }];

/** The package; at `?book=1` (Add to cart's own address) also the form's data, or the sign-in with the way back. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [found, form, departures, choices, settings, reviews] = await Promise.all([
    getCatalogPackage(context.db, params.id ?? "", context.load),
    tripFormData(context, params.id ?? ""),
    packageDepartures(context, params.id ?? "", context.now),
    packageChoices(context.db, params.id ?? "", context.load),
    readPlatformSettings(context),
    packageReviews(context, params.id ?? "", reviewsPageOf(context.url)),
  ]);
  if (!found) throw new Response("Package not found", { status: 404 });
  const pkg = { ...found, departures, choices };
  const url = new URL(request.url);
  return {
    pkg,
    form,
    reviews,
    pageUrl: `${url.origin}${url.pathname}`,
    // Only for a priced package: one on request leaves nothing to checkout.
    note: advertisedPrice(found.priceRanges) !== undefined ? perPersonNote(settings) : null,
    bookUrl: `${sellerSiteUrl(pkg.seller, url)}/package/${encodeURIComponent(pkg.id)}`,
  };
}

/** Add to cart: the same service as `POST /api/cart`. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const fields = stringFields(await actionInput(request).catch(() => ({})));
  return tripAction(context, shopOf(context), fields, params.id ?? "");
}

export default function TourPackage() {
  const { pkg, form, note, bookUrl, reviews, pageUrl } = useLoaderData<typeof loader>();
  const price = advertisedPrice(pkg.priceRanges);
  return (
    <main id="main" className="container page">
      <p>
        <Link to="/tours/search">← All tour packages</Link>
      </p>
      <div className="two-col">
        <div className="gallery">
          {pkg.images.slice(0, 4).map((src, i) => (
            <img
              key={src}
              {...responsiveImage(src, IMAGE_SIZES.gallery)}
              src={src}
              alt={i === 0 ? `${pkg.name}` : ""}
              width={800}
              height={600}
              {...(i === 0 ? { fetchpriority: "high" } : { loading: "lazy" as const })}
            />
          ))}
        </div>
        <div className="stack">
          <h1>{pkg.name}</h1>
          <p className="muted">
            {pkg.city} · {pkg.duration} · by {pkg.seller.name}
          </p>
          <p className="catalog-price">{price !== undefined ? formatRupees(price) : "Call or Contact for price"}</p>
          {price !== undefined ? <p className="muted price-note">{note}</p> : null}
          <p>{pkg.description}</p>
          <DepartureSchedule departures={pkg.departures} />
          <div className="row-actions">
            <AddToCartForm pkg={pkg} form={form} />
            <a className="btn btn-outline" href={bookUrl}>
              Book with {pkg.seller.name}
            </a>
          </div>
          <ItineraryList itinerary={pkg.itinerary} />
          <ChoicesList choices={pkg.choices} />
          <section aria-labelledby="incl">
            <h2 id="incl">Inclusions</h2>
            <ul>
              {pkg.inclusions.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="excl">
            <h2 id="excl">Exclusions</h2>
            <ul>
              {pkg.exclusions.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          </section>
        </div>
      </div>
      <PackageReviews rating={pkg.rating} count={pkg.reviews} reviews={reviews} sellerName={pkg.seller.name} />
      <ProductJsonLd
        name={pkg.name}
        description={pkg.description}
        image={pkg.images[0]}
        url={pageUrl}
        price={price}
        rating={pkg.rating}
        count={pkg.reviews}
        reviews={reviews.reviews}
      />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
