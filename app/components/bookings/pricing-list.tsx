import { Fragment } from "react";
import { lineAmount, priceLines } from "@worker/domain/bookings/price-lines";
import type { Pricing } from "@worker/domain/bookings/pricing";
import type { BookedChoices } from "@db/bookings";
import { formatRupees } from "@worker/shared/format";
import type { Booking } from "./types";

// Its styles are bookings.css, imported by every page that shows it (the trip form's page, a booking, the cart):
// imported here, the trip form's lazy chunk would add a <link> to the CSS the server had already inlined, and the
// browser would restyle the whole page right after hydration (ADR 0034).

/** How many travellers a package price is for, when the tier's price divides it (children pay the adults' price). */
function travellersOf(p: Pricing, unitPrice: number) {
  const n = unitPrice > 0 ? p.basePrice / unitPrice : 0;
  return Number.isInteger(n) && n > 0 ? `× ${n} traveller${n === 1 ? "" : "s"}` : null;
}

/**
 * A booking's price breakdown, or the form's preview of one: each line with its label and, where a traveller would
 * ask, a visible hint under it (no script needed); the package price's hint names the tier it is for. The rounding
 * line is derived (total − the lines), so a booking priced before totals were rounded shows none.
 */
export function PricingList({ pricing, tier, choices }: { pricing: Pricing; tier?: Booking["priceTier"]; choices?: BookedChoices | null }) {
  return (
    <dl className="kv kv-money price-lines">
      {priceLines(pricing, choices).map((line) => {
        const total = line.key === "total" ? "price-total" : undefined;
        return (
          <Fragment key={line.key}>
            <dt className={total} data-line={line.key}>
              <span className="price-label">{line.label}</span>
              {line.key === "base" && tier ? (
                <span className="price-hint" data-testid="price-tier">
                  {`${tier.label}: ${formatRupees(tier.price)} ${travellersOf(pricing, tier.price) ?? "per person"}`}
                </span>
              ) : line.hint ? (
                <span className="price-hint">{line.hint}</span>
              ) : null}
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
