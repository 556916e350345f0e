import { useFetcher } from "@remix-run/react";
import type { CartLine } from "@worker/domain/payments/cart";
import type { TravelLine } from "@worker/domain/travel/cart";
import { formatDate, formatRupees } from "@worker/shared/format";
import type { ActionResult } from "~/lib/action-result";
import { useActionToast } from "~/lib/use-action-toast";

const KIND_LABEL = { flight: "Flight", hotel: "Hotel stay", bus: "Bus trip" } as const;

/** A flight, stay or bus trip in the cart (ADR 0053): its fare, and a changed fare shown old and new until accepted. */
export function TravelCartLine({ line, travel }: { line: Pick<CartLine, "id" | "problem">; travel: TravelLine }) {
  const remove = useFetcher<ActionResult>();
  const accept = useFetcher<ActionResult>();
  useActionToast(remove, "Could not remove this trip");
  useActionToast(accept, "Could not accept the new fare");
  const { offer, changed } = travel;
  return (
    <li className="card cart-line" aria-busy={remove.state !== "idle"}>
      <div className="cart-thumb" aria-hidden="true" />
      <div className="stack cart-line-body">
        <p className="muted">{KIND_LABEL[travel.kind]} · sold by Tripbazaar</p>
        <h2 className="cart-line-title">{offer.title}</h2>
        <p className="muted">{offer.subtitle}</p>
        <p>
          {formatDate(offer.startDate)} · {travel.choice.travellers.map((t) => `${t.title ?? ""} ${t.name}`.trim()).join(", ")}
        </p>
        {line.problem ? <p className="error-text">{line.problem}</p> : null}
        {changed ? (
          <div className="stack" role="alert">
            <p className="error-text">
              The fare changed: it was <s>{formatRupees(changed.previousTotal)}</s>, it is now{" "}
              <strong>{formatRupees(changed.offer.total)}</strong>. Nothing has been charged.
            </p>
            <accept.Form method="post">
              <input type="hidden" name="intent" value="accept-fare" />
              <input type="hidden" name="id" value={line.id} />
              <button type="submit" className="btn" disabled={accept.state !== "idle"}>
                Accept the new fare of {formatRupees(changed.offer.total)}
              </button>
            </accept.Form>
          </div>
        ) : (
          <p className="cart-line-price">{formatRupees(offer.total)}</p>
        )}
        <details className="price-details">
          <summary>
            Fare breakdown<span className="sr-only"> of {offer.title}</span>
          </summary>
          <dl>
            {offer.lines.map((l) => (
              <div key={l.label}>
                <dt>{l.label}</dt>
                <dd>{formatRupees(l.amount)}</dd>
              </div>
            ))}
          </dl>
          <p className="muted">
            {offer.refundable ? "Refundable, less the airline's cancellation fee" : "Non-refundable: only taxes come back if you cancel"}
          </p>
        </details>
      </div>
      <remove.Form method="post" className="cart-line-remove">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="id" value={line.id} />
        <button type="submit" className="btn btn-outline" disabled={remove.state !== "idle"} aria-label={`Remove ${offer.title}`}>
          {remove.state !== "idle" ? "Removing…" : "Remove"}
        </button>
      </remove.Form>
    </li>
  );
}
