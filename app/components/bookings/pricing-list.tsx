import type { Pricing } from "@worker/domain/bookings/pricing";
import { formatRupees } from "@worker/shared/format";
import type { Booking } from "./types";

/** A booking's price breakdown, or the form's preview of one; the tier row shows the package price it is for. */
export function PricingList({ pricing: p, tier }: { pricing: Pricing; tier?: Booking["priceTier"] }) {
  return (
    <dl className="kv kv-money">
      {tier ? (
        <>
          <dt>Price tier</dt>
          <dd data-testid="price-tier" className="kv-wrap">{`${tier.label} (${formatRupees(tier.price)} per person)`}</dd>
        </>
      ) : null}
      <dt>Base price</dt>
      <dd>{formatRupees(p.basePrice)}</dd>
      <dt>Discount</dt>
      <dd>−{formatRupees(p.discount)}</dd>
      <dt>Room charge</dt>
      <dd>{formatRupees(p.roomCharge)}</dd>
      <dt>Transport charge</dt>
      <dd>{formatRupees(p.transportCharge)}</dd>
      <dt>Taxes and booking fee</dt>
      <dd>{formatRupees(p.taxes)}</dd>
      <dt className="price-total">Total</dt>
      <dd className="price-total">{formatRupees(p.total)}</dd>
    </dl>
  );
}
