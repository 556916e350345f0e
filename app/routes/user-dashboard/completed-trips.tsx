import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { listCustomerBookings } from "@worker/domain/bookings/service";
import { todayInIndia } from "@worker/domain/bookings/transitions";
import { listTravelBookings } from "@worker/domain/travel/bookings";
import { myReviews, reviewableTrips } from "@worker/domain/reviews/read";
import { formatDate } from "@worker/shared/format";
import { CustomerBookings } from "~/components/bookings/customer-bookings";
import { TravelBookingList } from "~/components/travel-bookings/travel-booking-list";
import { customerBookingsQuery } from "~/components/bookings/customer-bookings.server";
import { FormAnswer } from "~/components/form-answer";
import { writeReview } from "~/components/reviews/review-action.server";
import { ReviewForm } from "~/components/reviews/review-form";
import { Stars } from "~/components/reviews/stars";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { UserDashboardPage } from "~/components/dashboard/user-dashboard-nav";
import { signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Completed trips | Tripbazaar" }];
export const headers = () => signedInHeaders;

const REVIEW_STATE = { pending: "Waiting for a check", published: "Published", removed: "Removed" } as const;

/**
 * The trips taken, the ones that may be reviewed now (issue 28) and the traveller's reviews, in one D1 batch with the
 * session check. `?review=<booking number>` opens the review form of that trip (the invitation email links there).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const query = customerBookingsQuery(context.url, { when: "completed", limit: "10" });
  const today = todayInIndia(context.now);
  const data = await signedInData(context, undefined, async (userId) => {
    const [bookings, trips, reviewable, reviews] = await Promise.all([
      listCustomerBookings(context, userId, query, today),
      listTravelBookings(context, userId, "completed", today),
      reviewableTrips(context, userId, today),
      myReviews(context, userId),
    ]);
    return { bookings, trips, reviewable, reviews };
  });
  const asked = context.url.searchParams.get("review");
  return { ...data, reviewing: data.reviewable.find((t) => t.bookingRef === asked) ?? null, asked };
}

/** Publishes the traveller's review of one of their trips (the same service as `POST /api/reviews`). */
export async function action({ request, context }: ActionFunctionArgs) {
  return signedInAction(context, "user", (user) => writeReview(context, user.id, request));
}

export default function Page() {
  const { bookings, trips, reviewable, reviews, reviewing, asked, user } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <UserDashboardPage title="Completed trips">
      <FormAnswer answer={answer?.ok ? answer : undefined} failure="Failed to publish your review" />
      {reviewing ? (
        <ReviewForm trip={reviewing} answer={answer?.ok ? undefined : answer} cancelTo="/user-dashboard/completed-trips" />
      ) : asked && !answer?.ok ? (
        <p className="card muted" role="status">
          This trip cannot be reviewed now: it is reviewed already, has not ended, or ended more than 90 days ago.
        </p>
      ) : null}
      {reviewable.length && user.role === "user" ? (
        <section className="card stack" aria-labelledby="to-review">
          <h2 id="to-review">Trips to review</h2>
          <ul className="plain-list stack">
            {reviewable.map((t) => (
              <li key={t.id} className="row-actions">
                <span>
                  <strong>{t.packageName}</strong>, {t.city} · {t.bookingRef} · until {formatDate(t.reviewUntil)}
                </span>
                <Link className="btn" to={`?review=${encodeURIComponent(t.bookingRef)}#write-review`}>
                  Write a review<span className="sr-only"> of {t.packageName}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {reviews.length ? (
        <section className="card stack" aria-labelledby="my-reviews">
          <h2 id="my-reviews">Your reviews</h2>
          <ul className="plain-list stack">
            {reviews.map((r) => (
              <li key={r.id}>
                <Stars rating={r.rating} /> <strong>{r.packageName}</strong> · {REVIEW_STATE[r.status]} ·{" "}
                <span className="muted">{formatDate(r.createdAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <CustomerBookings bookings={bookings} heading="Trips you have taken" showStats={false} paginate emptyText="No completed trips yet" />
      <TravelBookingList
        trips={trips}
        heading="Flights, stays and bus trips taken"
        emptyText="No completed flights, stays or bus trips yet"
      />
    </UserDashboardPage>
  );
}

export function ErrorBoundary() {
  return (
    <LoadErrorBoundary>
      <UserDashboardPage title="Completed trips">
        <LoadFailed fallback="Failed to load your bookings" />
      </UserDashboardPage>
    </LoadErrorBoundary>
  );
}
