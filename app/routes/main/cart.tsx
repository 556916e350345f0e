import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { listCart, removeFromCart } from "@worker/domain/payments/cart";
import { todayInIndia } from "@worker/domain/bookings/transitions";
import type { CheckoutSession } from "@worker/domain/payments/checkout";
import { useCallback } from "react";
import { z } from "zod";
import { LoadErrorBoundary, LoadFailed } from "~/components/bookings/load-failed";
import { ROOM_LABELS, guestsLabel } from "~/components/bookings/types";
import { CheckoutStatus, useCheckout } from "~/components/payments/use-checkout";
import type { ActionResult } from "~/lib/action-result";
import { formatDate, formatRupees } from "@worker/shared/format";
import { actionInput, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";
import { useActionToast } from "~/lib/use-action-toast";
import { useHydrated } from "~/lib/use-hydrated";
import "~/components/payments/payments.css";

export const meta: MetaFunction = () => [{ title: "Cart | Tripbazaar" }];

export const headers: HeadersFunction = () => signedInHeaders;

/** Login required (spec §2). The cart is on the server (ADR 0029), priced now, read with the session check in one batch. */
export function loader({ context }: LoaderFunctionArgs) {
  return signedInData(context, undefined, async (userId) => ({ cart: await listCart(context, userId, todayInIndia(context.now)) }));
}

const removeIntent = z.object({ intent: z.literal("remove"), id: z.string().trim().min(1).max(100) });

/** Remove a trip: the same service as `DELETE /api/cart/:id`. */
export function action({ request, context }: ActionFunctionArgs) {
  return signedInAction(context, undefined, async (user) => {
    const { id } = removeIntent.parse(await actionInput(request));
    await removeFromCart(context.db, user.id, id);
    return "Removed from your cart";
  });
}

function CartLine({ line }: { line: ReturnType<typeof useLoaderData<typeof loader>>["cart"]["items"][number] }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher, "Could not remove this trip");
  const hydrated = useHydrated();
  const removing = fetcher.state !== "idle";
  return (
    <li className="card cart-line" aria-busy={removing}>
      {line.image ? (
        <img src={line.image} alt="" width={160} height={120} loading="lazy" />
      ) : (
        <div className="cart-thumb" aria-hidden="true" />
      )}
      <div className="stack cart-line-body">
        <h2 className="cart-line-title">
          <Link to={`/tour-package/${encodeURIComponent(line.packageId)}`}>{line.packageName}</Link>
        </h2>
        <p className="muted">
          {line.city} · {line.duration} · with {line.sellerName}
        </p>
        <p>
          {line.startDate ? formatDate(line.startDate) : ""} · {guestsLabel(line.adults, line.children)}
          {line.tier ? ` · ${line.tier}` : ""} ·{" "}
          {line.roomType === "suite" ? "Suite" : `${ROOM_LABELS[line.roomType] ?? line.roomType} room`}
        </p>
        {line.problem ? (
          <p className="error-text">{line.problem}</p>
        ) : (
          <p className="cart-line-price">{line.pricing ? formatRupees(line.pricing.total) : ""}</p>
        )}
      </div>
      <fetcher.Form method="post" className="cart-line-remove">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="id" value={line.id} />
        <button type="submit" className="btn btn-outline" disabled={!hydrated || removing} aria-label={`Remove ${line.packageName}`}>
          {removing ? "Removing…" : "Remove"}
        </button>
      </fetcher.Form>
    </li>
  );
}

export default function Page() {
  const { cart } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const checkout = useCheckout(
    useCallback((session: CheckoutSession) => navigate(`/booking-success?payment=${encodeURIComponent(session.paymentId)}`), [navigate]),
  );
  const sellers = new Set(cart.items.map((i) => i.sellerId)).size;

  return (
    <main id="main" className="container page stack">
      <h1>Your cart</h1>
      {cart.items.length === 0 ? (
        <div className="card stack">
          <p>Your cart is empty.</p>
          <p>Add tour packages from any travel agent and pay for all of them at once.</p>
          <p>
            <Link className="btn" to="/tours/search">
              Browse tour packages
            </Link>
          </p>
        </div>
      ) : (
        <div className="cart-layout">
          <ul className="cart-lines" aria-label="Trips in your cart">
            {cart.items.map((line) => (
              <CartLine key={line.id} line={line} />
            ))}
          </ul>
          <section className="card stack cart-summary" aria-labelledby="cart-total">
            <h2 id="cart-total">Total</h2>
            <p className="cart-total-figure">{formatRupees(cart.total)}</p>
            <p className="muted">
              {cart.items.length} trip{cart.items.length === 1 ? "" : "s"}
              {sellers > 1 ? ` with ${sellers} travel agents` : ""}, paid at once. Each travel agent confirms their booking within 48 hours;
              if one cannot, that booking is refunded in full automatically.
            </p>
            {cart.payable ? null : <p className="error-text">Remove the trips that can no longer be booked to continue.</p>}
            <CheckoutStatus phase={checkout.phase} onRetry={checkout.retry} />
            <button
              type="button"
              className="btn"
              disabled={!hydrated || !cart.payable || checkout.busy}
              onClick={() => void checkout.start({ source: "cart" })}
            >
              {checkout.busy ? "Paying…" : `Pay ${formatRupees(cart.total)}`}
            </button>
            <p className="muted">
              <Link to="/cancellation-and-refund">Cancellation and refund policy</Link>
            </p>
          </section>
          {checkout.testDialog}
        </div>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <LoadErrorBoundary>
      <main id="main" className="container page stack">
        <h1>Your cart</h1>
        <LoadFailed fallback="Failed to load your cart" />
      </main>
    </LoadErrorBoundary>
  );
}
