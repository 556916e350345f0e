import { Fragment } from "react";
import { lineAmount, priceLines } from "@worker/domain/bookings/price-lines";
import type { Pricing } from "@worker/domain/bookings/pricing";
import { formatRupees } from "@worker/shared/format";
import type { Booking } from "./types";
import "./bookings.css";

/**
 * A booking's price breakdown, or the form's preview of one: each line with its label and, where a traveller would
 * ask, a visible hint under it (no script needed); the tier row shows the package price it is for. The rounding
 * line is derived (total − the lines), so a booking priced before totals were rounded shows none.
 */
export function PricingList({ pricing, tier }: { pricing: Pricing; tier?: Booking["priceTier"] }) {
  return (
    <dl className="kv kv-money price-lines">
      {tier ? (
        <>
          <dt>Price tier</dt>
          <dd data-testid="price-tier" className="kv-wrap">{`${tier.label} (${formatRupees(tier.price)} per person)`}</dd>
        </>
      ) : null}
      {priceLines(pricing).map((line) => {
        const total = line.key === "total" ? "price-total" : undefined;
        return (
          <Fragment key={line.key}>
            <dt className={total} data-line={line.key}>
              <span className="price-label">{line.label}</span>
              {line.hint ? <span className="price-hint">{line.hint}</span> : null}
            </dt>
            <dd className={total} data-line={line.key}>
              {lineAmount(line)}
            </dd>
          </Fragment>
        );
      })}
    </dl>
  );
}
