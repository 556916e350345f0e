import type { PackageReviews as Reviews } from "@worker/domain/reviews/read";
import { Pager } from "~/components/pager";
import { ReviewList } from "./review-list";
import { Stars, formatRating } from "./stars";
import "./reviews.css";

/**
 * A package page's reviews (both sites): the average and count kept on the package, the distribution of stars, and
 * the newest published reviews, paged with `?page=`. Nothing is shown as a rating while there are no reviews.
 */
export function PackageReviews({
  rating,
  count,
  reviews,
  sellerName,
}: {
  rating: number;
  count: number;
  reviews: Reviews;
  sellerName: string;
}) {
  const most = Math.max(1, ...reviews.distribution.map((d) => d.count));
  return (
    <section aria-labelledby="reviews-title" className="card stack" id="reviews">
      <h2 id="reviews-title">Reviews</h2>
      {count === 0 ? (
        <p className="muted">No reviews yet. Only travellers who took this trip can review it.</p>
      ) : (
        <>
          <div className="rating-summary">
            <div className="stack" data-testid="rating-summary">
              <span className="rating-average">{formatRating(rating)}</span>
              <Stars rating={rating} label={`Rated ${formatRating(rating)} out of 5`} />
              <span className="muted">
                {count} {count === 1 ? "review" : "reviews"} from verified travellers
              </span>
            </div>
            <ul className="rating-bars" aria-label="How travellers rated it">
              {reviews.distribution.map((d) => (
                <li key={d.stars}>
                  <span>{d.stars} stars</span>
                  <span className="rating-bar" aria-hidden="true">
                    <span style={{ width: `${Math.round((d.count / most) * 100)}%` }} />
                  </span>
                  <span>
                    {d.count}
                    <span className="sr-only"> {d.count === 1 ? "review" : "reviews"}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <ReviewList reviews={reviews.reviews} sellerName={sellerName} />
          {reviews.pagination.pages > 1 ? (
            <Pager page={reviews.pagination.page} pages={reviews.pagination.pages} total={reviews.pagination.total} noun="reviews" />
          ) : null}
        </>
      )}
    </section>
  );
}
