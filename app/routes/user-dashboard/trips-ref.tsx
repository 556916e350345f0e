import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { formatDate, formatRupees } from "@worker/shared/format";
import { FormAnswer } from "~/components/form-answer";
import { PageContent } from "~/components/load-state";
import { tripDates } from "~/components/travel-bookings/travel-booking-list";
import { TICKET_WORDS } from "~/components/travel-bookings/ticket-words";
import { CancelConfirmDialog } from "~/components/bookings/cancel-booking";
import { useConfirmedSubmit } from "~/components/ui/confirm-dialog";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { UserDashboardPage } from "~/components/dashboard/user-dashboard-nav";
import { signedInHeaders } from "~/lib/session.server";
import { cancelTripAction, tripLoader } from "~/components/travel-bookings/trip.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.trip ? `${data.trip.kindLabel} ${data.trip.ref}` : "Booking"} | Tripbazaar` },
];
export const headers = () => signedInHeaders;

export const loader = (args: LoaderFunctionArgs) => tripLoader(args);
export const action = (args: ActionFunctionArgs) => cancelTripAction(args);

function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="trip-detail">
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: "contents" }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function Page() {
  const { trip } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const asking = useConfirmedSubmit();
  const words = TICKET_WORDS[trip.kind];
  const cancelling = navigation.state !== "idle" && navigation.formData?.get("intent") === "cancel-trip";
  const refundWords =
    trip.refundIfCancelled > 0
      ? `Cancelling now refunds ${formatRupees(trip.refundIfCancelled)} of ${formatRupees(trip.amount)}.`
      : "Cancelling now refunds nothing under this fare's rules.";
  return (
    <UserDashboardPage title={`${trip.kindLabel} ${trip.ref}`}>
      <p>
        <Link to="/user-dashboard/bookings">← My bookings</Link>
      </p>
      <FormAnswer answer={answer} failure="Failed to cancel booking" />
      <PageContent label="Loading booking details...">
        <div className="stack">
          <section className="card stack" aria-labelledby="trip-heading" data-testid="trip">
            <h2 id="trip-heading">{trip.title}</h2>
            <p className="muted">{trip.subtitle}</p>
            <Facts
              rows={[
                ["Booking number", trip.ref],
                [
                  "Status",
                  <span key="s" className={`badge badge-${trip.status}`}>
                    {trip.status === "confirmed" ? "Confirmed" : "Cancelled"}
                  </span>,
                ],
                [trip.kind === "hotel" ? "Stay" : "Date", tripDates(trip)],
                [trip.kind === "hotel" ? "Guests" : trip.kind === "bus" ? "Seats" : "Passengers", trip.people],
                ["Total", formatRupees(trip.amount)],
                ...(trip.paidOn ? ([["Paid on", formatDate(trip.paidOn)]] as [string, string][]) : []),
                ...(trip.contact ? ([["Operator's phone", trip.contact]] as [string, string][]) : []),
              ]}
            />
          </section>
          <section className="card stack" aria-labelledby="trip-itinerary">
            <h2 id="trip-itinerary">{words.details}</h2>
            <ul className="trip-lines">
              {trip.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {trip.travellers.length ? (
              <>
                <h3>{trip.kind === "hotel" ? "Guests" : "Travellers"}</h3>
                <ol className="trip-lines" data-testid="trip-travellers">
                  {trip.travellers.map((t) => (
                    <li key={`${t.name}-${t.detail}`}>
                      {t.name}
                      {t.detail ? <span className="muted"> ({t.detail})</span> : null}
                    </li>
                  ))}
                </ol>
              </>
            ) : null}
          </section>
          <section className="card stack" aria-labelledby="trip-price">
            <h2 id="trip-price">Price</h2>
            <Facts
              rows={[
                ...trip.priceLines.map((l) => [l.label, formatRupees(l.amount)] as [string, string]),
                ["Total", formatRupees(trip.amount)],
              ]}
            />
            {trip.refund ? (
              <p data-testid="trip-refund">
                Refund: {formatRupees(trip.refund.amount)} ·{" "}
                {trip.refund.status === "processed"
                  ? "Refunded"
                  : trip.refund.status === "attention"
                    ? "Delayed, our team is on it"
                    : "Being processed"}
              </p>
            ) : trip.status === "cancelled" ? (
              <p className="muted">
                Cancelled on {formatDate(trip.cancelledAt ?? trip.bookedAt)}; no refund was due under the fare's rules.
              </p>
            ) : null}
          </section>
          <section className="card stack" aria-labelledby="trip-rules">
            <h2 id="trip-rules">Fare rules</h2>
            <ul className="trip-lines">
              {trip.fareRules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </section>
          {trip.status === "confirmed" ? (
            <section className="card stack" aria-label="Documents and cancellation">
              <p>
                <a className="btn" href={`/user-dashboard/trips/${trip.ref}/ticket.pdf`} download>
                  {words.download}
                </a>
              </p>
              {trip.cancellable ? (
                <>
                  <p className="muted" data-testid="cancel-refund">
                    {refundWords}
                  </p>
                  <Form method="post" onSubmit={asking.ask}>
                    <input type="hidden" name="intent" value="cancel-trip" />
                    <button type="submit" className="btn btn-outline" disabled={cancelling}>
                      {cancelling ? "Cancelling..." : "Cancel booking"}
                    </button>
                  </Form>
                  <CancelConfirmDialog
                    asking={asking}
                    reference={trip.ref}
                    what={`${trip.title}, ${tripDates(trip)}.`}
                    terms={refundWords}
                    onConfirm={(form) => submit(form, { method: "post" })}
                  />
                </>
              ) : (
                <p className="muted">This trip has started, so it cannot be cancelled online.</p>
              )}
            </section>
          ) : null}
        </div>
      </PageContent>
    </UserDashboardPage>
  );
}

export function ErrorBoundary() {
  return (
    <LoadErrorBoundary also={[404]}>
      <UserDashboardPage title="Booking">
        <LoadFailed fallback="Failed to fetch booking details" />
      </UserDashboardPage>
    </LoadErrorBoundary>
  );
}
