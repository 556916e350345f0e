import { useState } from "react";
import { formatDate, formatTime } from "@worker/shared/format";
import "./bookings.css";
import { PricingList } from "./pricing-list";
import { MoneyPanel } from "../payments/money-panel";
import type { BookingMoney } from "@worker/domain/payments/views";
import { StatusBadge } from "./status-badge";
import { TravellersDialog } from "./travellers-dialog";
import { type Booking, ROOM_LABELS, TRANSPORT_LABELS, paymentLabel, sellerWords } from "./types";

const label = (s: string | null | undefined) => (s ? s.replace(/-/g, " ").replace(/^\w/, (c) => c.toUpperCase()) : "Not specified");

/** Spec §2 "Seller booking detail": every field of the booking; actions are passed in. */
/** `forSeller`: the seller's order page, which also shows the payment provider's reference (the ledger's). */
export function BookingDetail({
  booking: b,
  actions,
  money,
  forSeller = false,
}: {
  booking: Booking;
  actions?: React.ReactNode;
  money?: BookingMoney;
  forSeller?: boolean;
}) {
  const [showTravellers, setShowTravellers] = useState(false);
  const guests = b.customerDetails.adults + b.customerDetails.children;
  const travellers = b.customerDetails.travellers;
  const hotelName = b.preferences.hotel.hotel ?? b.preferences.hotel.name;
  return (
    <>
      <section className="card stack" aria-labelledby="booking-heading">
        <div className="row" style={{ justifyContent: "space-between" }}>
          <h1 id="booking-heading" style={{ margin: 0 }}>
            {/* The number never breaks in the middle (issue 24). */}
            Booking <span style={{ whiteSpace: "nowrap" }}>{b.bookingId}</span>
          </h1>
          <StatusBadge status={b.status} />
        </div>
        <dl className="kv">
          <dt>Booking ID</dt>
          <dd>{b.bookingId}</dd>
          <dt>Status</dt>
          <dd data-testid="booking-status">{label(b.status)}</dd>
          <dt>Payment status</dt>
          <dd>{paymentLabel(b.paymentStatus)}</dd>
          <dt>Created</dt>
          <dd>
            {formatDate(b.createdAt)}, {formatTime(b.createdAt)}
          </dd>
          <dt>Travel start date</dt>
          <dd>{formatDate(b.travelDates.startDate)}</dd>
        </dl>
        {actions}
      </section>

      <div className="detail-grid">
        <section className="card stack" aria-labelledby="pkg-heading">
          <h2 id="pkg-heading">Package</h2>
          <dl className="kv">
            <dt>Name</dt>
            <dd>{b.packageId.name}</dd>
            <dt>Location</dt>
            <dd>{b.packageId.location}</dd>
            <dt>Duration</dt>
            <dd>{b.packageId.duration}</dd>
          </dl>
          {b.packageId.mainPhotos.length > 0 ? (
            <div className="photos">
              {b.packageId.mainPhotos.map((src, i) => (
                <img key={src} src={src} alt={`${b.packageId.name} (${i + 1} of ${b.packageId.mainPhotos.length})`} loading="lazy" />
              ))}
            </div>
          ) : null}
        </section>

        <section className="card stack" aria-labelledby="customer-heading">
          <h2 id="customer-heading">Customer</h2>
          <dl className="kv">
            <dt>Name</dt>
            <dd>{b.userId.name}</dd>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${b.userId.email}`}>{b.userId.email}</a>
            </dd>
            <dt>Phone</dt>
            <dd>{b.userId.phone || "Not given"}</dd>
          </dl>
          <h3>Guests</h3>
          <dl className="kv">
            <dt>Adults</dt>
            <dd>{b.customerDetails.adults}</dd>
            <dt>Children</dt>
            <dd>{b.customerDetails.children}</dd>
            <dt>Total Guests</dt>
            <dd>
              {travellers.length > 0 ? (
                <button type="button" className="link-button" onClick={() => setShowTravellers(true)} aria-haspopup="dialog">
                  {guests} (view travellers)
                </button>
              ) : (
                guests
              )}
            </dd>
          </dl>
        </section>

        <section className="card stack" aria-labelledby="prefs-heading">
          <h2 id="prefs-heading">Preferences</h2>
          <dl className="kv">
            <dt>Hotel</dt>
            <dd>{hotelName || "No preference"}</dd>
            <dt>Room type</dt>
            <dd>{ROOM_LABELS[b.preferences.hotel.roomType ?? ""] ?? label(b.preferences.hotel.roomType)}</dd>
            <dt>Transport</dt>
            <dd>{b.preferences.transport.name || "No preference"}</dd>
            <dt>Transport type</dt>
            <dd>{TRANSPORT_LABELS[b.preferences.transport.type ?? ""] ?? label(b.preferences.transport.type)}</dd>
          </dl>
        </section>

        <section className="card stack" aria-labelledby="pricing-heading">
          <h2 id="pricing-heading">Pricing</h2>
          <PricingList pricing={b.pricing} tier={b.priceTier} choices={b.choices} />
          {money ? <MoneyPanel money={money} showReference={forSeller} /> : null}
        </section>

        <section className="card stack" aria-labelledby="requests-heading">
          <h2 id="requests-heading">Special requests</h2>
          <p style={{ whiteSpace: "pre-wrap" }}>{b.specialRequests || "None"}</p>
        </section>

        <section className="card stack" aria-labelledby="response-heading">
          <h2 id="response-heading">Seller's response</h2>
          {b.sellerResponse ? (
            <dl className="kv" data-testid="seller-response">
              <dt>Response</dt>
              <dd>{label(b.sellerResponse.status)}</dd>
              {sellerWords(b.sellerResponse) ? (
                <>
                  <dt>Message</dt>
                  <dd>{sellerWords(b.sellerResponse)}</dd>
                </>
              ) : null}
              <dt>Responded</dt>
              <dd>
                {b.sellerResponse.respondedAt
                  ? `${formatDate(b.sellerResponse.respondedAt)}, ${formatTime(b.sellerResponse.respondedAt)}`
                  : "—"}
              </dd>
            </dl>
          ) : (
            <p className="muted">No response yet.</p>
          )}
        </section>
      </div>
      <TravellersDialog open={showTravellers} onClose={() => setShowTravellers(false)} travellers={travellers} />
    </>
  );
}
