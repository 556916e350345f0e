import type { PublicReview } from "@worker/domain/reviews/read";
import { scriptSafeJson } from "~/lib/json-ld";

type ProductFacts = {
  name: string;
  description: string;
  image?: string | null;
  url: string;
  price?: number;
  rating: number;
  count: number;
  reviews: PublicReview[];
};

/**
 * schema.org `Product` markup of a package page, with `aggregateRating` and the reviews shown on the page, only when
 * there are published reviews (Google's rule for review snippets). SECURITY: names, descriptions and reviews are
 * sellers' and travellers' text, so the JSON is written with `<`, `>`, `&` and line separators escaped: nothing in
 * it can close the script element.
 */
export function ProductJsonLd({ name, description, image, url, price, rating, count, reviews }: ProductFacts) {
  const data = {
    "@context": "https://schema.org",
    "@type": "Product",
    name,
    description: description.slice(0, 500),
    ...(image ? { image: new URL(image, url).href } : {}),
    url,
    ...(price !== undefined ? { offers: { "@type": "Offer", price: (price / 100).toFixed(2), priceCurrency: "INR", url } } : {}),
    ...(count > 0
      ? {
          aggregateRating: { "@type": "AggregateRating", ratingValue: rating, reviewCount: count, bestRating: 5, worstRating: 1 },
          review: reviews.map((r) => ({
            "@type": "Review",
            author: { "@type": "Person", name: r.authorName },
            datePublished: r.createdAt.slice(0, 10),
            reviewBody: r.text,
            reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD is data, escaped by scriptSafeJson so it cannot end the element.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }} />;
}
