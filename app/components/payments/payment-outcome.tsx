import { Link, useRevalidator } from "@remix-run/react";
import type { readPaymentAs } from "@worker/domain/payments/views";
import { REQUEST_EXPIRY_HOURS } from "@worker/domain/payments/policy";
import { formatDate, formatRupees } from "@worker/shared/format";
import { useEffect } from "react";
import { guestsLabel, paymentLabel } from "~/components/bookings/types";
import { StatusBadge } from "~/components/bookings/status-badge";
import "./payments.css";

export type PaymentView = NonNullable<Awaited<ReturnType<typeof readPaymentAs>>>;
type Line = PaymentView["sellers"][number]["bookings"][number];

/** Where the outcome's links lead on the site it is shown on (the marketplace or a seller's site). */
export type OutcomeLinks = { booking: (id: string) => string; cart: string; bookings: string; policy: string; browse: string };

/**
 * What one checkout became, as its traveller is told (issue 24): "Request sent" while a travel agent has not
 * answered, "Booking confirmed" once every one has, the refund where money went back, and after a declined payment
 * that nothing was booked, with the way to pay again. The page's address names the checkout, so a reload shows the
 * same one, never simply the latest.
 */
export function headingOf(payment: PaymentView) {
  if (payment.status === "failed") return "Payment failed";
  if (payment.status !== "captured") return "Confirming your payment";
  const booked = payment.sellers.flatMap((s) => s.bookings).filter((b) => b.status);
  if (booked.length === 0) return "Payment refunded";
  if (booked.every((b) => b.status === "confirmed")) return "Booking confirmed";
  if (booked.some((b) => b.status === "pending")) return "Request sent";
  return "Your booking";
}

function BookingLine({ line, links }: { line: Line; links: OutcomeLinks }) {
  return (
    <li className="success-booking" data-testid="success-booking">
      <strong>{line.packageName}</strong>
      <span className="muted">
        {formatDate(line.startDate)} · {guestsLabel(line.adults, line.children)} · {formatRupees(line.amount)}
      </span>
      {line.status ? (
        <span>
          {line.bookingId ? <span data-testid="success-ref">{line.bookingId}</span> : null} <StatusBadge status={line.status} /> Payment:{" "}
          {paymentLabel(line.paymentStatus ?? "pending")}
        </span>
      ) : null}
      {line.refund ? (
        <span className="refund-line">
          {`Refund ${line.refund.status === "processed" ? "made" : "started"}: ${formatRupees(line.refund.amount)}`}
        </span>
      ) : null}
      {line.sellerMessage ? <span className="muted">{`Message from the travel agent: ${line.sellerMessage}`}</span> : null}
      {/* Only a booking that exists has a page: a declined or refunded line links nowhere. */}
      {line.status ? (
        <span>
          <Link to={line.page ?? links.booking(line.bookingId ?? line._id)}>View booking</Link>
        </span>
      ) : null}
    </li>
  );
}

function Waiting({ authorized }: { authorized: boolean }) {
  // The provider's confirmation can reach us a moment after the page: look again for a short while.
  const revalidator = useRevalidator();
  useEffect(() => {
    let tries = 0;
    const timer = window.setInterval(() => {
      tries += 1;
      if (tries > 10) window.clearInterval(timer);
      else if (revalidator.state === "idle") revalidator.revalidate();
    }, 2000);
    return () => window.clearInterval(timer);
  }, [revalidator]);
  // Authorized is not paid (ADR 0043): the bank approved it, but nothing is booked until the money is captured.
  return (
    <p role="status" data-testid="payment-confirming">
      {authorized
        ? "Your bank approved the payment and we are confirming it with the payment provider. Nothing is booked until it is confirmed, and you do not need to pay again. This page updates by itself."
        : "We are waiting for the payment provider to confirm your payment. This page updates by itself."}
    </p>
  );
}

/** The page without a checkout named in its address: where the traveller's bookings are. */
export function NoPaymentNamed({ links }: { links: OutcomeLinks }) {
  return (
    <main id="main" className="container page stack">
      <h1>Your bookings</h1>
      <p>This page shows one payment, from the link you were given when you paid. Every booking you made is in your bookings.</p>
      <p className="row">
        <Link className="btn" to={links.bookings}>
          Go to your bookings
        </Link>
        <Link className="btn btn-outline" to={links.browse}>
          Browse packages
        </Link>
      </p>
    </main>
  );
}

export function PaymentOutcome({ payment, links }: { payment: PaymentView; links: OutcomeLinks }) {
  const captured = payment.status === "captured";
  const heading = headingOf(payment);
  return (
    <main id="main" className="container page stack">
      <h1>{heading}</h1>
      {captured ? (
        <div className="card stack" role="status">
          <p className="success-text">
            {`We received ${formatRupees(payment.amount)}${payment.capturedAt ? ` on ${formatDate(payment.capturedAt)}` : ""}. A receipt is on its way to your email.`}
          </p>
          {heading === "Request sent" ? (
            <p>{`Your request is with the travel agent, who confirms it within ${REQUEST_EXPIRY_HOURS} hours. We email you their answer.`}</p>
          ) : null}
        </div>
      ) : payment.status === "failed" ? (
        <div className="card stack" role="alert">
          <p className="error-text">
            Your payment did not go through{payment.failureReason ? ` (${payment.failureReason})` : ""}. No booking was made and no money
            was taken.
          </p>
          <p>
            <Link className="btn" to={links.cart}>
              Pay again
            </Link>
          </p>
        </div>
      ) : (
        <Waiting authorized={payment.status === "authorized"} />
      )}
      <div className="success-sellers">
        {payment.sellers.map((group) => (
          <section key={group.sellerId} className="card stack" aria-labelledby={`seller-${group.sellerId}`}>
            <h2 id={`seller-${group.sellerId}`}>{group.sellerName}</h2>
            <ul className="plain-list">
              {group.bookings.map((line) => (
                <BookingLine key={line._id} line={line} links={links} />
              ))}
            </ul>
          </section>
        ))}
      </div>
      {heading === "Request sent" ? (
        <section className="card stack" aria-labelledby="next">
          <h2 id="next">What happens next</h2>
          <ul>
            <li>{`Each travel agent confirms their booking within ${REQUEST_EXPIRY_HOURS} hours. We email you their answer.`}</li>
            <li>{`If one cannot take it, or does not answer in ${REQUEST_EXPIRY_HOURS} hours, that booking is refunded in full automatically.`}</li>
            <li>
              You can follow every booking in <Link to={links.bookings}>My bookings</Link>. See the{" "}
              <Link to={links.policy}>cancellation and refund policy</Link>.
            </li>
          </ul>
        </section>
      ) : null}
    </main>
  );
}
