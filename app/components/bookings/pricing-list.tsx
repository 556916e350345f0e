import { formatRupees } from "~/lib/format";
import type { Booking } from "./types";

export function PricingList({ pricing: p }: { pricing: Booking["pricing"] }) {
  return (
    <dl className="kv">
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
