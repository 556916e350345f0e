import type { BookingMoney } from "@worker/domain/payments/views";
import { formatDate, formatRupees } from "@worker/shared/format";
import "./payments.css";

const REASONS = {
  rejected: "the travel agent could not take the booking",
  cancelled: "cancelled by the customer, under the refund policy",
  expired: "the travel agent did not answer within 48 hours",
  unbooked: "the trip could not be booked when the payment arrived",
  duplicate: "a second payment for a trip already paid",
} as const;

/**
 * A booking's payment and refund, beside its price breakdown (seller and customer pages). The provider's payment
 * reference is for the seller's books (`showReference`); a traveller reads the booking number (issue 24).
 */
export function MoneyPanel({ money, showReference = false }: { money: BookingMoney; showReference?: boolean }) {
  const { payment, refund } = money;
  return (
    <div className="money-panel stack" data-testid="money-panel">
      <h3>Payment</h3>
      {payment ? (
        <dl className="kv kv-money">
          <dt>Paid</dt>
          <dd data-testid="amount-paid">{formatRupees(payment.amount)}</dd>
          {payment.capturedAt ? (
            <>
              <dt>Paid on</dt>
              <dd>{formatDate(payment.capturedAt)}</dd>
            </>
          ) : null}
          {showReference ? (
            <>
              <dt>Payment reference</dt>
              <dd className="payment-ref">{payment.providerPaymentId ?? payment.paymentId}</dd>
            </>
          ) : null}
          {refund ? (
            <>
              <dt>{refund.status === "processed" ? "Refunded" : refund.status === "failed" ? "Refund failed" : "Refund on its way"}</dt>
              <dd data-testid="amount-refunded">−{formatRupees(refund.amount)}</dd>
              <dt>Refund reason</dt>
              <dd className="refund-line kv-wrap">{REASONS[refund.reason]}</dd>
              {refund.processedAt ? (
                <>
                  <dt>Refunded on</dt>
                  <dd>{formatDate(refund.processedAt)}</dd>
                </>
              ) : null}
              <dt className="price-total">Net paid</dt>
              <dd className="price-total">
                {formatRupees(Math.max(0, payment.amount - (refund.status === "failed" ? 0 : refund.amount)))}
              </dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="muted">Not paid online.</p>
      )}
    </div>
  );
}
