import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { readPaymentAs } from "@worker/domain/payments/views";
import { REQUEST_EXPIRY_HOURS } from "@worker/domain/payments/policy";
import { useEffect } from "react";
import { z } from "zod";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { guestsLabel, paymentLabel } from "~/components/bookings/types";
import { StatusBadge } from "~/components/bookings/status-badge";
import { formatDate, formatRupees } from "@worker/shared/format";
import { pageQuery, signedInData, signedInHeaders } from "~/lib/session.server";
import "~/components/payments/payments.css";

export const meta: MetaFunction = () => [{ title: "Booking success | Tripbazaar" }];

export const headers: HeadersFunction = () => signedInHeaders;

const query = z.object({ payment: z.string().trim().min(1).max(100).optional() });

/**
 * Login required (spec §2). What one checkout booked, per seller, read in one batch with the session check:
 * `?payment=` names the checkout (only the payer's own is found); without it, the traveller's latest.
 */
export function loader({ context }: LoaderFunctionArgs) {
  const { payment } = pageQuery(context.url, query);
  return signedInData(context, undefined, async (userId) => ({ payment: await readPaymentAs(context, userId, payment ?? null) }));
}

type Payment = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["payment"]>;
type Line = Payment["sellers"][number]["bookings"][number];

function BookingLine({ line }: { line: Line }) {
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
      <span>
        <Link to={`/booking/${encodeURIComponent(line._id)}`}>View booking</Link>
      </span>
    </li>
  );
}

function Waiting() {
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
  return <p role="status">We are waiting for the payment provider to confirm your payment. This page updates by itself.</p>;
}

export default function Page() {
  const { payment } = useLoaderData<typeof loader>();
  if (!payment) {
    return (
      <main id="main" className="container page stack">
        <h1>No bookings yet</h1>
        <p>When you pay for trips, what you booked shows here.</p>
        <p>
          <Link className="btn" to="/cart">
            Go to your cart
          </Link>
        </p>
      </main>
    );
  }
  const captured = payment.status === "captured";
  return (
    <main id="main" className="container page stack">
      <h1>{captured ? "Booking successful" : payment.status === "failed" ? "Payment failed" : "Confirming your payment"}</h1>
      {captured ? (
        <div className="card stack" role="status">
          <p className="success-text">
            {`We received ${formatRupees(payment.amount)}${payment.capturedAt ? ` on ${formatDate(payment.capturedAt)}` : ""}. A receipt is on its way to your email.`}
          </p>
          <p className="muted payment-ref">
            Receipt {payment.id}
            {payment.providerPaymentId ? ` · Payment reference ${payment.providerPaymentId}` : ""}
          </p>
        </div>
      ) : payment.status === "failed" ? (
        <div className="card stack" role="alert">
          <p className="error-text">
            Your payment did not go through{payment.failureReason ? ` (${payment.failureReason})` : ""}. No booking was made and no money
            was taken.
          </p>
          <p>
            <Link className="btn" to="/cart">
              Back to your cart to try again
            </Link>
          </p>
        </div>
      ) : (
        <Waiting />
      )}
      <div className="success-sellers">
        {payment.sellers.map((group) => (
          <section key={group.sellerId} className="card stack" aria-labelledby={`seller-${group.sellerId}`}>
            <h2 id={`seller-${group.sellerId}`}>{group.sellerName}</h2>
            <ul className="plain-list">
              {group.bookings.map((line) => (
                <BookingLine key={line._id} line={line} />
              ))}
            </ul>
          </section>
        ))}
      </div>
      {captured ? (
        <section className="card stack" aria-labelledby="next">
          <h2 id="next">What happens next</h2>
          <ul>
            <li>{`Each travel agent confirms their booking within ${REQUEST_EXPIRY_HOURS} hours. We email you their answer.`}</li>
            <li>{`If one cannot take it, or does not answer in ${REQUEST_EXPIRY_HOURS} hours, that booking is refunded in full automatically.`}</li>
            <li>
              You can follow every booking in <Link to="/user-dashboard/bookings">My bookings</Link>. See the{" "}
              <Link to="/cancellation-and-refund">cancellation and refund policy</Link>.
            </li>
          </ul>
        </section>
      ) : null}
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <LoadErrorBoundary also={[404]}>
      <main id="main" className="container page stack">
        <h1>Booking success</h1>
        <LoadFailed fallback="Failed to load your booking" />
      </main>
    </LoadErrorBoundary>
  );
}
