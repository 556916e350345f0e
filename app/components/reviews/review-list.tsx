import { formatDate } from "@worker/shared/format";
import { IMAGE_SIZES, responsiveImage } from "@worker/shared/image-variants";
import type { PublicReview } from "@worker/domain/reviews/read";
import { Stars, formatMonth } from "./stars";
import "./reviews.css";

/** Published reviews as cards: stars, the author's first name, when they travelled, the text, photos and the seller's reply. */
export function ReviewList({
  reviews,
  sellerName,
  packageOf,
}: {
  reviews: PublicReview[];
  sellerName?: string;
  packageOf?: (review: PublicReview) => React.ReactNode;
}) {
  return (
    <ul className="review-list">
      {reviews.map((r) => (
        <li key={r.id} className="card stack review-card">
          <header>
            <Stars rating={r.rating} />
            <strong>{r.authorName}</strong>
            <span className="muted">
              Verified traveller, travelled in {formatMonth(r.travelledIn)} · reviewed {formatDate(r.createdAt)}
            </span>
          </header>
          {packageOf ? <p>{packageOf(r)}</p> : null}
          <p className="review-text">{r.text}</p>
          {r.photos.length ? (
            <ul className="review-photos" aria-label="Photos">
              {r.photos.map((src, i) => (
                <li key={src}>
                  <img
                    {...responsiveImage(src, IMAGE_SIZES.review)}
                    src={src}
                    alt={`${i + 1} of ${r.photos.length}, taken by ${r.authorName} on the trip`}
                    width={240}
                    height={180}
                    loading="lazy"
                  />
                </li>
              ))}
            </ul>
          ) : null}
          {r.sellerReply ? (
            <div className="seller-reply stack">
              <p>
                <strong>Reply from {sellerName ?? "the seller"}</strong>
                {r.sellerRepliedAt ? <span className="muted"> · {formatDate(r.sellerRepliedAt)}</span> : null}
              </p>
              <p className="review-text">{r.sellerReply}</p>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
