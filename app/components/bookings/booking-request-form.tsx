import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useState } from "react";
import toast from "react-hot-toast";
import { MAX_TRAVELLERS, ROOM_SUPPLEMENT_PER_NIGHT, TRANSPORT_PER_DAY, bookableTiers, priceBooking } from "@worker/domain/bookings/pricing";
import type { PublicPackage } from "@worker/domain/seller-website/shapes";
import { api, errorMessage } from "~/lib/api";
import { getStoredUser, getToken } from "~/lib/auth-storage";
import { formatRupees } from "@worker/shared/format";
import { siteHref, useSellerSite } from "~/lib/seller-site";
import type { CheckoutSession } from "@worker/domain/payments/checkout";
import { CheckoutStatus, useCheckout } from "../payments/use-checkout";
import { PricingList } from "./pricing-list";
import "./bookings.css";
import { Modal } from "./modal";
import { type TravellerDraft, TravellerFields, emptyTraveller } from "./traveller-fields";
import { ROOM_LABELS, TRANSPORT_LABELS } from "./types";

const PRICED_ON_REQUEST = "This package is priced on request; please contact the seller";

function tomorrow() {
  const d = new Date(Date.now() + 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

const resize = (list: TravellerDraft[], n: number, type: "adult" | "child") =>
  list.length >= n ? list.slice(0, n) : [...list, ...Array.from({ length: n - list.length }, () => emptyTraveller(type))];

type Links = { login: string; contact: string; booking: (id: string) => string; cart: string };

/**
 * Book Now on a seller's package page (issue #4/#5): the traveller fills in the trip and pays for it at once,
 * through the same checkout as the cart, under the seller's brand (ADR 0029).
 */
export function BookingRequestForm({ pkg }: { pkg: PublicPackage }) {
  const site = useSellerSite();
  const links: Links = {
    login: siteHref(site, "/login"),
    contact: siteHref(site, "/contact"),
    booking: (id) => siteHref(site, `/booking/${encodeURIComponent(id)}`),
    cart: "/cart",
  };
  return <TripForm pkg={pkg} mode="book" links={links} label="Book Now" />;
}

/** Add to cart on the marketplace's package page: the same trip form; the cart pays for every trip at once. */
export function AddToCartForm({ pkg }: { pkg: PublicPackage }) {
  const links: Links = {
    login: "/login",
    contact: "/contact",
    booking: (id) => `/booking/${encodeURIComponent(id)}`,
    cart: "/cart",
  };
  return <TripForm pkg={pkg} mode="cart" links={links} label="Add to cart" />;
}

function TripForm({ pkg, mode, links, label }: { pkg: PublicPackage; mode: "book" | "cart"; links: Links; label: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);

  function start() {
    if (!getToken()) {
      navigate(`${links.login}?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`);
      return;
    }
    setOpen(true);
  }

  return (
    <>
      <button type="button" className="btn" onClick={start} aria-haspopup="dialog">
        {label}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={`${mode === "cart" ? "Add" : "Book"} ${pkg.name}`}>
        {open ? <RequestForm pkg={pkg} mode={mode} links={links} /> : null}
      </Modal>
    </>
  );
}

function RequestForm({ pkg, mode, links }: { pkg: PublicPackage; mode: "book" | "cart"; links: Links }) {
  const tiers = bookableTiers(pkg.priceRanges);
  const [tierIndex, setTierIndex] = useState(() => tiers[0]?.index ?? 0);
  const chosenTier = tiers.find((t) => t.index === tierIndex)?.tier;
  const [startDate, setStartDate] = useState("");
  const [adults, setAdults] = useState(1);
  const [children, setChildren] = useState(0);
  const [adultList, setAdultList] = useState<TravellerDraft[]>(() => [
    { ...emptyTraveller("adult"), fullName: getStoredUser()?.name ?? "" },
  ]);
  const [childList, setChildList] = useState<TravellerDraft[]>([]);
  const [hotelName, setHotelName] = useState("");
  const [roomType, setRoomType] = useState("standard");
  const [transportName, setTransportName] = useState("");
  const [transportType, setTransportType] = useState("included");
  const [specialRequests, setSpecialRequests] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState("");
  const [added, setAdded] = useState(false);
  const [paid, setPaid] = useState<CheckoutSession | null>(null);
  const checkout = useCheckout(
    useCallback((session: CheckoutSession) => {
      setPaid(session);
      toast.success("Payment received");
    }, []),
  );

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
  if (paid) {
    return (
      <div className="stack" role="status">
        <p className="success-text">Payment received: {formatRupees(paid.amount)}. Your booking request has been sent to the seller.</p>
        <p>
          The seller confirms it within 48 hours. If they cannot take it, or do not answer in time, the full amount is refunded
          automatically. A receipt is on its way to your email.
        </p>
        <p>
          {paid.items.map((i) => (
            <Link key={i.bookingId} to={links.booking(i.bookingId)} data-testid="paid-booking-link">
              See your booking
            </Link>
          ))}
        </p>
      </div>
    );
  }
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
  const price = priceBooking({ unitPrice: chosenTier.price, adults, children, durationDays: pkg.durationDays, roomType, transportType });
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

  const toTraveller = (type: "adult" | "child") => (t: TravellerDraft) => ({
    ...t,
    fullName: t.fullName.trim(),
    age: Number(t.age),
    type,
  });
  const request = () => ({
    packageId: pkg._id,
    priceTier: tierIndex,
    travelDates: { startDate },
    customerDetails: {
      adults,
      children,
      travellers: [...adultList.map(toTraveller("adult")), ...childList.map(toTraveller("child"))],
    },
    preferences: { hotel: { name: hotelName, roomType }, transport: { name: transportName, type: transportType } },
    specialRequests,
  });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (submitting || checkout.busy) return;
    setError("");
    if (mode === "book") {
      const refused = await checkout.start({ source: "item", item: request() });
      if (refused) toast.error(refused);
      return;
    }
    setSubmitting(true);
    try {
      await api("/api/cart", { method: "POST", body: request() });
      setAdded(true);
      toast.success("Added to your cart");
    } catch (err) {
      const message = errorMessage(err, "Could not add this trip to your cart");
      setError(message);
      toast.error(message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="stack" onSubmit={submit} aria-describedby={error ? "booking-error" : undefined}>
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
      ) : null}
      <div className="form-grid">
        <div className="field">
          <label htmlFor="bk-start">Travel start date</label>
          <input id="bk-start" type="date" min={tomorrow()} value={startDate} onChange={(e) => setStartDate(e.target.value)} required />
        </div>
        <div className="field">
          <label htmlFor="bk-adults">Adults</label>
          <select id="bk-adults" value={adults} onChange={(e) => setAdultCount(Number(e.target.value))}>
            {Array.from({ length: MAX_TRAVELLERS }, (_, i) => i + 1).map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="bk-children">Children</label>
          <select id="bk-children" value={children} onChange={(e) => setChildCount(Number(e.target.value))}>
            {Array.from({ length: MAX_TRAVELLERS - adults + 1 }, (_, i) => i).map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </div>
      </div>
      <p className="muted">Up to {MAX_TRAVELLERS} travellers per booking.</p>
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
      <fieldset className="traveller-fieldset">
        <legend>Hotel preference</legend>
        <div className="field">
          <label htmlFor="bk-hotel">Hotel name (optional)</label>
          <input id="bk-hotel" value={hotelName} onChange={(e) => setHotelName(e.target.value)} maxLength={120} />
        </div>
        <div className="field">
          <label htmlFor="bk-room">Room type</label>
          <select id="bk-room" value={roomType} onChange={(e) => setRoomType(e.target.value)}>
            {Object.entries(ROOM_SUPPLEMENT_PER_NIGHT).map(([k, v]) => (
              <option key={k} value={k}>
                {ROOM_LABELS[k] ?? k}
                {v ? ` (+${formatRupees(v)} per night)` : ""}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <fieldset className="traveller-fieldset">
        <legend>Transport</legend>
        <div className="field">
          <label htmlFor="bk-transport-name">Transport name (optional)</label>
          <input id="bk-transport-name" value={transportName} onChange={(e) => setTransportName(e.target.value)} maxLength={120} />
        </div>
        <div className="field">
          <label htmlFor="bk-transport">Transport type</label>
          <select id="bk-transport" value={transportType} onChange={(e) => setTransportType(e.target.value)}>
            {Object.entries(TRANSPORT_PER_DAY).map(([k, v]) => (
              <option key={k} value={k}>
                {TRANSPORT_LABELS[k] ?? k}
                {v ? ` (+${formatRupees(v)} per day)` : ""}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="bk-requests">Special requests</label>
        <textarea id="bk-requests" rows={3} value={specialRequests} onChange={(e) => setSpecialRequests(e.target.value)} maxLength={1000} />
      </div>
      <section className="price-preview" aria-labelledby="bk-price" aria-live="polite">
        <h3 id="bk-price">Price preview</h3>
        <PricingList pricing={price} tier={chosenTier} />
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
      <button type="submit" className="btn" disabled={submitting || checkout.busy}>
        {mode === "cart" ? (submitting ? "Adding..." : "Add to cart") : checkout.busy ? "Paying..." : `Pay ${formatRupees(price.total)}`}
      </button>
      {checkout.testDialog}
    </form>
  );
}
