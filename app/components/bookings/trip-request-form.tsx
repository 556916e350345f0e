import { Link, useActionData, useFetcher, useNavigate, useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { ROOM_SUPPLEMENT_PER_NIGHT, TRANSPORT_PER_DAY, bookableTiers, priceBooking } from "@worker/domain/bookings/pricing";
import type { CheckoutSession } from "@worker/domain/payments/checkout";
import type { PublicPackage } from "@worker/domain/seller-website/shapes";
import type { WithDepartures } from "@worker/domain/departures/view";
import { DeparturePicker } from "../departures/departure-picker";
import { NO_CHOICES, type PackageChoices, pricedChoicesOf, previewChoices } from "@worker/domain/catalogue/labels";
import { type ChoiceState, TripChoices } from "../catalogue/trip-choices";
import { formatRupees } from "@worker/shared/format";
import { toast } from "~/lib/notify";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import { useHydrated } from "~/lib/use-hydrated";
import { CheckoutStatus, PayWithoutScripts, useCheckout } from "../payments/use-checkout";
import { PricingList } from "./pricing-list";
import type { TripAnswer } from "./trip-actions.server";
import { type FormTerms, stringFields, tripDraftOf } from "./trip-fields";
import { type TravellerDraft, TravellerFields, emptyTraveller } from "./traveller-fields";
import { ROOM_LABELS, TRANSPORT_LABELS } from "./types";

const PRICED_ON_REQUEST = "This package is priced on request; please contact the seller";

function tomorrow() {
  const d = new Date(Date.now() + 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

const resize = (list: TravellerDraft[], n: number, type: "adult" | "child") =>
  list.length >= n ? list.slice(0, n) : [...list, ...Array.from({ length: n - list.length }, () => emptyTraveller(type))];

export type TripLinks = {
  login: string;
  contact: string;
  booking: (id: string) => string;
  cart: string;
  /** A paid checkout's own page, which a reload keeps (issue 24). */
  paid: (paymentId: string) => string;
};

/**
 * The trip itself. It posts to the page's action (trip-actions.server.ts): `cart` adds it to the cart, `book`
 * starts a checkout that the provider's checkout then takes (without scripts: the page says how to pay).
 */
export function RequestForm({
  pkg,
  mode,
  links,
  traveller,
  signedIn,
  studentDiscountPercent = 0,
  terms,
}: {
  /** The package, with its departures (ADR 0044) and what it offers from its seller's catalogue (ADR 0045). */
  pkg: PublicPackage & WithDepartures & { choices?: PackageChoices };
  mode: "book" | "cart";
  links: TripLinks;
  traveller: string;
  /** A guest fills the form in and signs in (or signs up) when they submit it, then comes back to it as left. */
  signedIn: boolean;
  /** A verified student's discount on this package (ADR 0049); the server applies it the same way. */
  studentDiscountPercent?: number;
  /** The platform's percentages and traveller limit now (the operator's settings); the server prices with the same. */
  terms: FormTerms;
}) {
  const MAX_TRAVELLERS = terms.maxTravellers;
  const fetcher = useFetcher<TripAnswer>();
  // A post without scripts renders the page again with its answer.
  const answered = useActionData<TripAnswer>();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const tiers = bookableTiers(pkg.priceRanges);
  // Where the form starts: a refused post's values, or the address (after "Update travellers"), or the defaults.
  const [draft] = useState(() =>
    tripDraftOf(answered?.values ?? stringFields(params), {
      firstTier: tiers[0]?.index ?? 0,
      traveller,
      maxTravellers: terms.maxTravellers,
    }),
  );
  const [tierIndex, setTierIndex] = useState(draft.priceTier);
  const chosenTier = tiers.find((t) => t.index === tierIndex)?.tier;
  const [startDate, setStartDate] = useState(draft.startDate);
  const [adults, setAdults] = useState(draft.adults);
  const [children, setChildren] = useState(draft.children);
  const [adultList, setAdultList] = useState<TravellerDraft[]>(draft.adultList);
  const [childList, setChildList] = useState<TravellerDraft[]>(draft.childList);
  const [hotelName, setHotelName] = useState(draft.hotelName);
  const [roomType, setRoomType] = useState(draft.roomType);
  const [transportName, setTransportName] = useState(draft.transportName);
  const [transportType, setTransportType] = useState(draft.transportType);
  const [specialRequests, setSpecialRequests] = useState(draft.specialRequests);
  const offered = pkg.choices ?? NO_CHOICES;
  const [choiceState, setChoiceState] = useState<ChoiceState>({
    roomTypeId: draft.roomTypeId,
    mealPlan: draft.mealPlan,
    addons: draft.addons,
  });
  const submitting = fetcher.state !== "idle";
  const [error, setError] = useState(answered && !answered.ok && !answered.checkout ? answered.message : "");
  const [added, setAdded] = useState(Boolean(answered?.ok && answered.added));
  const navigate = useNavigate();
  // Paid: the checkout's own page, which a reload keeps (issue 24), as a post without scripts reaches it too.
  const checkout = useCheckout(
    useCallback(
      (session: CheckoutSession) => {
        toast.success("Payment received");
        navigate(links.paid(session.paymentId));
      },
      [navigate, links],
    ),
  );
  const { open, refused } = checkout;
  // One checkout per tap: a double click's second submit waits for the first answer.
  const sending = useRef(false);

  useEffect(() => {
    if (fetcher.state === "idle") sending.current = false;
  }, [fetcher.state]);
  useFetcherAnswer(fetcher, (result) => {
    if (mode === "book") {
      if (result.ok && result.checkout) open(result.checkout);
      else if (!result.ok) {
        const message = result.message || "Checkout could not start. Please try again.";
        refused(message);
        toast.error(message);
      }
      return;
    }
    if (result.ok) {
      setAdded(true);
      toast.success(result.message);
    } else {
      const message = result.message || "Could not add this trip to your cart";
      setError(message);
      toast.error(message);
    }
  });

  if (!chosenTier) {
    return (
      <div className="stack">
        <p>{PRICED_ON_REQUEST}.</p>
        <p>
          <Link to={links.contact}>Contact the seller</Link>
        </p>
      </div>
    );
  }
  // Without scripts: the checkout the post started, and how to pay it.
  if (answered?.checkout && !fetcher.data)
    return <PayWithoutScripts session={answered.checkout} failure={answered.ok ? null : answered.message} />;
  if (added) {
    return (
      <div className="stack" role="status">
        <p className="success-text">{pkg.name} is in your cart.</p>
        <p>Add more trips, from any travel agent, and pay for all of them at once.</p>
        <p className="row-actions">
          <Link className="btn" to={links.cart}>
            Go to cart
          </Link>
        </p>
      </div>
    );
  }

  // A preview only: the server prices the chosen tier itself from the package.
  const choices = previewChoices(offered, choiceState, { travellers: adults + children, durationDays: pkg.durationDays });
  const price = priceBooking(
    {
      unitPrice: chosenTier.price,
      adults,
      children,
      durationDays: pkg.durationDays,
      roomType: offered.hotels.length ? "standard" : roomType,
      transportType,
      choices: pricedChoicesOf(choices),
      studentDiscountPercent,
    },
    terms,
  );
  const hasHotels = offered.hotels.length > 0;
  const setAdultCount = (n: number) => {
    setAdults(n);
    setAdultList((l) => resize(l, n, "adult"));
    if (n + children > MAX_TRAVELLERS) {
      setChildren(MAX_TRAVELLERS - n);
      setChildList((l) => resize(l, MAX_TRAVELLERS - n, "child"));
    }
  };
  const setChildCount = (n: number) => {
    setChildren(n);
    setChildList((l) => resize(l, n, "child"));
  };

  function submit(e: React.FormEvent) {
    if (sending.current || checkout.busy) {
      e.preventDefault();
      return;
    }
    sending.current = true;
    setError("");
    if (mode === "book" && signedIn) checkout.starting();
  }

  return (
    <fetcher.Form method="post" className="stack" onSubmit={submit} aria-describedby={error ? "booking-error" : undefined}>
      {/* The form's own address, kept by a post without scripts and by "Update travellers" (a GET). */}
      <input type="hidden" name="book" value="1" />
      {signedIn ? null : (
        <p className="notice" role="note" data-testid="guest-note">
          {mode === "book"
            ? "You will sign in, or create an account, before you pay: a booking needs an account to reach you. What you choose here is kept."
            : "You will sign in, or create an account, to keep trips in a cart. What you choose here is kept."}
        </p>
      )}
      {tiers.length > 1 ? (
        <fieldset className="traveller-fieldset tier-choice">
          <legend>Price tier</legend>
          {tiers.map(({ index, tier }) => (
            <label key={index} className="tier-option">
              <input type="radio" name="priceTier" value={index} checked={tierIndex === index} onChange={() => setTierIndex(index)} />
              <span>{tier.label}</span>
              <span className="tier-price">{`${formatRupees(tier.price)} per person`}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <input type="hidden" name="priceTier" value={tierIndex} />
      )}
      <div className="form-grid">
        {pkg.departures?.length ? null : (
          <div className="field">
            <label htmlFor="bk-start">Travel start date</label>
            <input
              id="bk-start"
              name="startDate"
              type="date"
              min={tomorrow()}
              value={startDate}
              onChange={(e) => setStartDate(e.target.value)}
              required
            />
          </div>
        )}
        <div className="field">
          <label htmlFor="bk-adults">Adults</label>
          <select id="bk-adults" name="adults" value={adults} onChange={(e) => setAdultCount(Number(e.target.value))}>
            {Array.from({ length: MAX_TRAVELLERS }, (_, i) => i + 1).map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="bk-children">Children</label>
          <select id="bk-children" name="children" value={children} onChange={(e) => setChildCount(Number(e.target.value))}>
            {Array.from({ length: MAX_TRAVELLERS - adults + 1 }, (_, i) => i).map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </div>
      </div>
      {pkg.departures?.length ? <DeparturePicker departures={pkg.departures} value={startDate} onChange={setStartDate} /> : null}
      <p className="muted">Up to {MAX_TRAVELLERS} travellers per booking.</p>
      {hydrated ? null : (
        // Without scripts the travellers' fields cannot follow the counts: the page is asked for again with them.
        <p>
          <button type="submit" className="btn btn-outline" formMethod="get" formNoValidate>
            Update travellers and price
          </button>
        </p>
      )}
      {adultList.map((t, i) => (
        <TravellerFields
          key={`a${i}`}
          index={i}
          type="adult"
          value={t}
          onChange={(v) => setAdultList((l) => l.map((x, j) => (j === i ? v : x)))}
        />
      ))}
      {childList.map((t, i) => (
        <TravellerFields
          key={`c${i}`}
          index={adults + i}
          type="child"
          value={t}
          onChange={(v) => setChildList((l) => l.map((x, j) => (j === i ? v : x)))}
        />
      ))}
      <TripChoices offered={offered} value={choiceState} onChange={setChoiceState} />
      {/* A package with hotels: the traveller chooses among them above, instead of naming one. */}
      {hasHotels ? (
        <input type="hidden" name="roomType" value="standard" />
      ) : (
        <fieldset className="traveller-fieldset choice-fieldset">
          <legend>Hotel preference</legend>
          <div className="field">
            <label htmlFor="bk-hotel">Hotel name (optional)</label>
            <input id="bk-hotel" name="hotelName" value={hotelName} onChange={(e) => setHotelName(e.target.value)} maxLength={120} />
          </div>
          <div className="field">
            <label htmlFor="bk-room">Room type (extra per night)</label>
            <select id="bk-room" name="roomType" value={roomType} onChange={(e) => setRoomType(e.target.value)}>
              {Object.entries(ROOM_SUPPLEMENT_PER_NIGHT).map(([k, v]) => (
                <option key={k} value={k}>
                  {ROOM_LABELS[k] ?? k}
                  {v ? ` +${formatRupees(v)}` : ""}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
      )}
      <fieldset className="traveller-fieldset choice-fieldset">
        <legend>Transport</legend>
        <div className="field">
          <label htmlFor="bk-transport-name">Transport name (optional)</label>
          <input
            id="bk-transport-name"
            name="transportName"
            value={transportName}
            onChange={(e) => setTransportName(e.target.value)}
            maxLength={120}
          />
        </div>
        <div className="field">
          <label htmlFor="bk-transport">Transport type (extra per day)</label>
          <select id="bk-transport" name="transportType" value={transportType} onChange={(e) => setTransportType(e.target.value)}>
            {Object.entries(TRANSPORT_PER_DAY).map(([k, v]) => (
              <option key={k} value={k}>
                {TRANSPORT_LABELS[k] ?? k}
                {v ? ` +${formatRupees(v)}` : ""}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="bk-requests">Special requests</label>
        <textarea
          id="bk-requests"
          name="specialRequests"
          rows={3}
          value={specialRequests}
          onChange={(e) => setSpecialRequests(e.target.value)}
          maxLength={1000}
        />
      </div>
      <section className="price-preview" aria-labelledby="bk-price" aria-live="polite">
        <h3 id="bk-price">Price preview</h3>
        <PricingList pricing={price} tier={chosenTier} choices={choices} />
        <p className="muted">
          {mode === "book"
            ? "You pay this now. If the seller cannot take the booking, or does not answer within 48 hours, the full amount is refunded."
            : "You pay at checkout, once, for every trip in your cart."}
        </p>
      </section>
      {error ? (
        <p id="booking-error" className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      <CheckoutStatus phase={checkout.phase} onRetry={checkout.retry} />
      <button type="submit" name="intent" value={mode} className="btn" disabled={submitting || checkout.busy}>
        {!signedIn
          ? mode === "cart"
            ? "Sign in to add to cart"
            : `Sign in to pay ${formatRupees(price.total)}`
          : mode === "cart"
            ? submitting
              ? "Adding..."
              : "Add to cart"
            : checkout.busy
              ? "Paying..."
              : `Pay ${formatRupees(price.total)}`}
      </button>
      {checkout.testDialog}
    </fetcher.Form>
  );
}
