import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { DomainError } from "@worker/domain/errors";
import type { CheckoutSession } from "@worker/domain/payments/checkout";
import { openOffer, repriceOffer } from "@worker/domain/travel/cart";
import { travellerContact } from "@worker/domain/travel/contact";
import type { FlightOfferData } from "@worker/domain/travel/flights/search";
import { formatDate, formatRupees } from "@worker/shared/format";
import { useCallback, useEffect, useRef } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CheckoutStatus, PayWithoutScripts, useCheckout } from "~/components/payments/use-checkout";
import { flightBookingAction } from "~/components/travel/flight-booking.server";
import { type FlightBookingAnswer, PASSENGER_LABELS, passengerKindsOf } from "~/components/travel/flight-booking-fields";
import { actionInput, liveUser } from "~/lib/session.server";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import "~/components/travel/travel.css";
import "~/components/payments/payments.css";

export const meta: MetaFunction = () => [{ title: "Flight booking | Tripbazaar" }];

const TITLES = ["Mr", "Mrs", "Ms", "Miss", "Mstr"];

const NO_OFFER = "Choose a flight first: search flights and pick a fare to book it.";

/**
 * The chosen offer (its signed id in the address), re-priced now, with the signed-in traveller's name, email and phone
 * to start the form from (the session check, the account and the fare read in one batch); a guest is asked to log in
 * and comes back here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const offerId = url.searchParams.get("offer") ?? "";
  const login = `/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;
  const viewerId = context.viewer?.sub;
  // Every read starts before any is awaited: the session, the account's phone and the fare share one D1 round trip.
  const [user, contact, priced] = await Promise.all([
    liveUser(context),
    viewerId ? travellerContact(context, viewerId) : null,
    offerId ? priceNow(context, offerId, request.signal) : null,
  ]);
  const who = user && { name: user.name, email: user.email, phone: contact?.phone ?? "" };
  // Opened without a fare (a bookmark, the menu): say how to get one instead of a dead end.
  return { offerId, user: who, login, ...(priced ?? { query: null, searched: 0, offer: null, problem: NO_OFFER }) };
}

/** The offer of a signed id priced now; a forged id or another kind's is a 404 page. */
async function priceNow(context: LoaderFunctionArgs["context"], offerId: string, signal: AbortSignal) {
  try {
    const { payload } = await openOffer(context.config, offerId);
    if (payload.kind !== "flight") throw data({ message: "This is not a flight" }, { status: 404 });
    const { query, total } = payload.data as FlightOfferData;
    const outcome = await repriceOffer(context, context.config, payload, offerId, { travellers: [], seats: [] }, context.now, signal);
    if (outcome.status === "sold_out" || outcome.status === "invalid")
      return { query, searched: total, offer: null, problem: outcome.message };
    return { query, searched: total, offer: outcome.offer, problem: null };
  } catch (error) {
    if (error instanceof DomainError) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}

/** Add to cart or Pay now (and the test provider's form without scripts): app/components/travel/flight-booking.server.ts. */
export async function action({ request, context }: ActionFunctionArgs) {
  // A body that is no form reads as an empty one: the checks answer it with a clear 4xx.
  const input = await actionInput(request).catch(() => ({}) as Record<string, unknown>);
  return flightBookingAction(context, input);
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function FlightBooking() {
  const { offerId, user, login, query, searched, offer, problem } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container page stack">
      <h1>Book your flight</h1>
      <p>
        {query ? (
          <Link
            to={`/flights/search?from=${query.origin}&to=${query.destination}&date=${query.departureDate}&adults=${query.passengers.adults}&children=${query.passengers.children}&infants=${query.passengers.infants}`}
          >
            Back to the results
          </Link>
        ) : (
          <Link to="/flights/search">Search flights</Link>
        )}
      </p>
      {problem || !offer || !query ? (
        <div className="card stack" role="alert">
          <p className="error-text">{problem}</p>
          {query ? (
            <p>
              <Link className="btn" to={`/flights/search?from=${query.origin}&to=${query.destination}&date=${query.departureDate}`}>
                Search again
              </Link>
            </p>
          ) : null}
        </div>
      ) : user ? (
        <BookingForm offerId={offerId} user={user} query={query} searched={searched} offer={offer} />
      ) : (
        <>
          <FareCard offer={offer} searched={searched} />
          <div className="card stack">
            <p>Log in to enter the passengers and pay. You will come back to this fare.</p>
            <p>
              <Link className="btn" to={login}>
                Log in to book
              </Link>
            </p>
          </div>
        </>
      )}
    </main>
  );
}

type Offer = NonNullable<Data["offer"]>;

/** The fare as priced now; a fare that moved since the search (or since the form was sent) is said first. */
function FareCard({
  offer,
  searched,
  total = offer.total,
  lines = offer.lines,
}: {
  offer: Offer;
  searched: number;
  total?: number;
  lines?: Offer["lines"];
}) {
  return (
    <section className="card stack" aria-labelledby="offer-title">
      <h2 id="offer-title">{offer.title}</h2>
      <p>{offer.subtitle}</p>
      {total !== searched ? (
        <p className="error-text" role="alert">
          The fare changed since your search: it was <s>{formatRupees(searched)}</s>, it is now <strong>{formatRupees(total)}</strong>.
        </p>
      ) : null}
      <dl>
        {lines.map((l) => (
          <div key={l.label}>
            <dt>{l.label}</dt>
            <dd>{formatRupees(l.amount)}</dd>
          </div>
        ))}
        <div>
          <dt>Total</dt>
          <dd className="flight-price" data-testid="fare-total">
            {formatRupees(total)}
          </dd>
        </div>
      </dl>
      <p className="muted">
        {offer.refundable ? "Refundable, less the airline's cancellation fee." : "Non-refundable: only taxes come back if you cancel."}
      </p>
    </section>
  );
}

const idOf = (name: string) => `fb-${name.replace(/[[\].]/g, "-")}`;

/** A labelled control with its own problem beside it, tied to it for screen readers (`aria-describedby`). */
function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="error-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function BookingForm({
  offerId,
  user,
  query,
  searched,
  offer,
}: {
  offerId: string;
  user: NonNullable<Data["user"]>;
  query: NonNullable<Data["query"]>;
  searched: number;
  offer: Offer;
}) {
  const fetcher = useFetcher<FlightBookingAnswer>();
  // A post without scripts renders the page again with its answer.
  const answered = useActionData<FlightBookingAnswer>();
  const answer = fetcher.data ?? answered;
  const navigate = useNavigate();
  const checkout = useCheckout(
    useCallback((session: CheckoutSession) => navigate(`/booking-success?payment=${encodeURIComponent(session.paymentId)}`), [navigate]),
  );
  const { open, reset } = checkout;
  const sending = useRef(false);
  useEffect(() => {
    if (fetcher.state === "idle") sending.current = false;
  }, [fetcher.state]);
  useFetcherAnswer(fetcher, (result) => {
    if (result.ok && result.checkout) open(result.checkout);
    // Refused before any checkout existed: the form says why (beside the fields, or the new fare above it).
    else if (!result.ok) reset();
  });

  // Without scripts: the checkout the post started, and how to pay it.
  if (answered?.checkout && !fetcher.data) {
    return (
      <>
        <FareCard offer={offer} searched={searched} />
        <PayWithoutScripts session={answered.checkout} failure={answered.ok ? null : answered.message} />
      </>
    );
  }

  // The fare the traveller last saw: the one a refused post found, else the page's.
  const total = answer?.fare?.total ?? offer.total;
  const errors = answer && !answer.ok ? (answer.fieldErrors ?? {}) : {};
  const values = answer?.values ?? {};
  const kinds = passengerKindsOf(query.passengers);
  const busy = fetcher.state !== "idle" || checkout.busy;
  const ids = (name: string) => ({ id: idOf(name) });
  const control = (name: string) => ({
    name,
    id: idOf(name),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${idOf(name)}-error` : undefined,
  });

  function submit(e: React.FormEvent<HTMLFormElement>) {
    if (sending.current || checkout.busy) {
      e.preventDefault();
      return;
    }
    sending.current = true;
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "pay") checkout.starting();
  }

  const general = answer && !answer.ok && !answer.checkout ? answer.message : "";
  return (
    <>
      <FareCard offer={offer} searched={searched} total={total} lines={answer?.fare?.lines ?? offer.lines} />
      <fetcher.Form method="post" className="card stack" onSubmit={submit}>
        <input type="hidden" name="offerId" value={offerId} />
        <input type="hidden" name="seenTotal" value={total} />
        <h2>Passengers</h2>
        <p className="muted">Names as on each passenger's photo ID. Travelling on {formatDate(query.departureDate)}.</p>
        {kinds.map((kind, i) => {
          const f = (k: string) => `travellers[${i}].${k}`;
          return (
            <fieldset key={i} className="booking-fields">
              <legend>{`Passenger ${i + 1}: ${PASSENGER_LABELS[kind]}`}</legend>
              <Field label="Title" error={errors[f("title")]} {...ids(f("title"))}>
                <select className="input" {...control(f("title"))} defaultValue={values[f("title")] ?? (i === 0 ? "Mr" : "")} required>
                  <option value="">Choose</option>
                  {TITLES.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </select>
              </Field>
              <Field label="Full name" error={errors[f("name")]} {...ids(f("name"))}>
                <input
                  className="input"
                  {...control(f("name"))}
                  defaultValue={values[f("name")] ?? (i === 0 ? user.name : "")}
                  required
                  minLength={2}
                  maxLength={80}
                  autoComplete={i === 0 ? "name" : "off"}
                />
              </Field>
              {kind === "adult" ? (
                <Field label="Age" error={errors[f("age")]} {...ids(f("age"))}>
                  <input
                    className="input"
                    type="number"
                    inputMode="numeric"
                    {...control(f("age"))}
                    defaultValue={values[f("age")]}
                    min={12}
                    max={120}
                    required
                  />
                </Field>
              ) : (
                <Field label="Date of birth" error={errors[f("birthDate")]} {...ids(f("birthDate"))}>
                  <input className="input" type="date" {...control(f("birthDate"))} defaultValue={values[f("birthDate")]} required />
                </Field>
              )}
            </fieldset>
          );
        })}
        <fieldset className="booking-fields">
          <legend>Contact for this booking</legend>
          <Field label="Email" error={errors["contact.email"]} {...ids("contact.email")}>
            <input
              className="input"
              type="email"
              {...control("contact.email")}
              defaultValue={values["contact.email"] ?? user.email}
              required
              autoComplete="email"
            />
          </Field>
          <Field label="Mobile number" error={errors["contact.phone"]} {...ids("contact.phone")}>
            <input
              className="input"
              type="tel"
              {...control("contact.phone")}
              defaultValue={values["contact.phone"] ?? user.phone}
              required
              autoComplete="tel"
            />
          </Field>
        </fieldset>
        <p className="muted">The e-ticket and any schedule change from the airline go to this email and number.</p>
        {general ? (
          <p className="error-text" role="alert">
            {general}
          </p>
        ) : null}
        <CheckoutStatus phase={checkout.phase} onRetry={checkout.retry} />
        <div className="row-actions">
          <button type="submit" name="intent" value="pay" className="btn" disabled={busy}>
            {checkout.busy ? "Paying…" : `Pay now ${formatRupees(total)}`}
          </button>
          <button type="submit" name="intent" value="cart" className="btn btn-outline" disabled={busy}>
            Add to cart
          </button>
        </div>
        {checkout.testDialog}
      </fetcher.Form>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
