import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReviewableTrip } from "@worker/domain/reviews/read";
import { formatDate } from "@worker/shared/format";
import type { ActionResult } from "~/lib/action-result";
import { issuesOf } from "~/lib/use-action-toast";
import "./reviews.css";

/**
 * The traveller's review of one trip: stars (radio buttons), the text and up to three photos, posted as multipart
 * to the page's action, so it works before scripts and without them. Reviews cannot be edited, and the form says so.
 */
export function ReviewForm({ trip, answer, cancelTo }: { trip: ReviewableTrip; answer: ActionResult | undefined; cancelTo: string }) {
  const busy = useNavigation().state === "submitting";
  const issues = issuesOf(answer);
  return (
    <section className="card stack" aria-labelledby="review-form-title" id="write-review">
      <h2 id="review-form-title">Review {trip.packageName}</h2>
      <p className="muted">
        Booking {trip.bookingRef}, travelled {formatDate(trip.startDate)}. You can review it until {formatDate(trip.reviewUntil)}. A
        published review cannot be edited; one with links or contact details waits for our team to check it.
      </p>
      <Form method="post" encType="multipart/form-data" className="stack" replace>
        <input type="hidden" name="intent" value="review" />
        <input type="hidden" name="booking" value={trip.bookingRef} />
        <fieldset className="star-choice" aria-describedby={issues.rating ? "rating-error" : undefined}>
          <legend>Your rating</legend>
          {[5, 4, 3, 2, 1].map((n) => (
            <label key={n}>
              <input type="radio" name="rating" value={n} required /> {n} {n === 1 ? "star" : "stars"}
            </label>
          ))}
        </fieldset>
        {issues.rating ? (
          <p id="rating-error" className="error-text">
            {issues.rating}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="review-text">Your review</label>
          <textarea
            id="review-text"
            name="text"
            className="input"
            rows={6}
            minLength={20}
            maxLength={2000}
            required
            aria-invalid={issues.text ? true : undefined}
            aria-describedby={issues.text ? "text-error" : "text-hint"}
          />
          <p id="text-hint" className="muted">
            What was good, what could be better: 20 to 2,000 characters.
          </p>
          {issues.text ? (
            <p id="text-error" className="error-text">
              {issues.text}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="review-photos">Photos (optional, up to 3; JPEG, PNG or WebP, at most 2 MB each)</label>
          <input
            id="review-photos"
            name="photos"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            aria-describedby={issues.photos ? "photos-error" : undefined}
          />
          {issues.photos ? (
            <p id="photos-error" className="error-text">
              {issues.photos}
            </p>
          ) : null}
        </div>
        <div className="row-actions">
          <button type="submit" className="btn" disabled={busy}>
            {busy ? "Publishing..." : "Publish review"}
          </button>
          <Link to={cancelTo} className="btn btn-outline">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
