import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DomainError } from "@worker/domain/errors";
import { openOffer, repriceOffer } from "@worker/domain/travel/cart";
import type { FlightOfferData } from "@worker/domain/travel/flights/search";
import { formatRupees } from "@worker/shared/format";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { travelCartAction } from "~/components/travel/travel-cart.server";
import { actionInput, liveUser, signedInHeaders } from "~/lib/session.server";
import "~/components/travel/travel.css";

export const meta: MetaFunction = () => [{ title: "Flight booking | Tripbazaar" }];

const TITLES = ["Mr", "Mrs", "Ms", "Miss", "Mstr"];

const NO_OFFER = "Choose a flight first: search flights and pick a fare to book it.";

/** The chosen offer (its signed id in the address), re-priced now; a guest is asked to log in and comes back here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const offerId = url.searchParams.get("offer") ?? "";
  const user = await liveUser(context);
  const login = `/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;
  // Opened without a fare (a bookmark, the menu): say how to get one instead of a dead end.
  if (!offerId) return { offerId, user: user && { name: user.name }, login, query: null, searched: 0, offer: null, problem: NO_OFFER };
  try {
    const { payload } = await openOffer(context.config, offerId);
    const { query, total } = payload.data as FlightOfferData;
    const outcome = await repriceOffer(
      context,
      context.config,
      payload,
      offerId,
      { travellers: [], seats: [] },
      context.now,
      request.signal,
    );
    if (outcome.status === "sold_out" || outcome.status === "invalid")
      return data({ offerId, user: user && { name: user.name }, login, query, searched: total, offer: null, problem: outcome.message });
    return { offerId, user: user && { name: user.name }, login, query, searched: total, offer: outcome.offer, problem: null };
  } catch (error) {
    if (error instanceof DomainError) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}

/** Add to cart (the cart's own service): the passengers checked against the fare, then on to the cart to pay. */
export async function action({ request, context }: ActionFunctionArgs) {
  // A body that is no form reads as an empty one: the cart's own checks answer it with a clear 4xx.
  const input = await actionInput(request).catch(() => ({}) as Record<string, unknown>);
  const answer = await travelCartAction(context, { ...input, intent: "add-offer" }, [], new URL(request.url));
  const body = answer.data as { ok: boolean; message: string };
  if (body.ok) throw redirect("/cart", { headers: signedInHeaders });
  return answer;
}

export default function FlightBooking() {
  const { offerId, user, login, query, searched, offer, problem } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>() as { ok: boolean; message: string } | undefined;
  const busy = useNavigation().state === "submitting";
  const kinds = query
    ? [
        ...Array.from({ length: query.passengers.adults }, () => "Adult (12+)"),
        ...Array.from({ length: query.passengers.children }, () => "Child (2–11)"),
        ...Array.from({ length: query.passengers.infants }, () => "Infant (under 2)"),
      ]
    : [];
  return (
    <main id="main" className="container page stack">
      <h1>Book your flight</h1>
      <p>
        {query ? (
          <Link to={`/flights/search?from=${query.origin}&to=${query.destination}&date=${query.departureDate}`}>Back to the results</Link>
        ) : (
          <Link to="/flights/search">Search flights</Link>
        )}
      </p>
      {problem || !offer ? (
        <div className="card stack" role="alert">
          <p className="error-text">{problem}</p>
        </div>
      ) : (
        <>
          <section className="card stack" aria-labelledby="offer-title">
            <h2 id="offer-title">{offer.title}</h2>
            <p>{offer.subtitle}</p>
            {offer.total !== searched ? (
              <p className="error-text" role="alert">
                The fare changed since your search: it was <s>{formatRupees(searched)}</s>, it is now{" "}
                <strong>{formatRupees(offer.total)}</strong>.
              </p>
            ) : null}
            <dl>
              {offer.lines.map((l) => (
                <div key={l.label}>
                  <dt>{l.label}</dt>
                  <dd>{formatRupees(l.amount)}</dd>
                </div>
              ))}
              <div>
                <dt>Total</dt>
                <dd className="flight-price">{formatRupees(offer.total)}</dd>
              </div>
            </dl>
            <p className="muted">
              {offer.refundable
                ? "Refundable, less the airline's cancellation fee."
                : "Non-refundable: only taxes come back if you cancel."}
            </p>
          </section>
          {user ? (
            <Form method="post" className="card stack">
              <input type="hidden" name="offerId" value={offerId} />
              <h2>Passengers</h2>
              <p className="muted">Names as on each passenger's photo ID.</p>
              {kinds.map((kind, i) => (
                <fieldset key={`${kind}-${i}`} className="passenger-grid">
                  <legend>
                    Passenger {i + 1}: {kind}
                  </legend>
                  <label>
                    Title
                    <select className="input" name={`travellers[${i}].title`} defaultValue={i === 0 ? "Mr" : ""} required>
                      <option value="">Choose</option>
                      {TITLES.map((t) => (
                        <option key={t}>{t}</option>
                      ))}
                    </select>
                  </label>
                  <label>
                    Full name
                    <input
                      className="input"
                      name={`travellers[${i}].name`}
                      defaultValue={i === 0 ? user.name : ""}
                      required
                      minLength={2}
                      maxLength={80}
                      autoComplete={i === 0 ? "name" : "off"}
                    />
                  </label>
                  <label>
                    Age
                    <input className="input" type="number" name={`travellers[${i}].age`} min={0} max={120} required />
                  </label>
                </fieldset>
              ))}
              {answered && !answered.ok ? (
                <p className="error-text" role="alert">
                  {answered.message}
                </p>
              ) : null}
              <button type="submit" className="btn" disabled={busy}>
                {busy ? "Adding…" : `Add to cart and pay ${formatRupees(offer.total)}`}
              </button>
            </Form>
          ) : (
            <div className="card stack">
              <p>Log in to enter the passengers and pay. You will come back to this fare.</p>
              <p>
                <Link className="btn" to={login}>
                  Log in to book
                </Link>
              </p>
            </div>
          )}
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
