import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { listCart, removeFromCart } from "@worker/domain/payments/cart";
import { todayInIndia } from "@worker/domain/bookings/transitions";
import type { CheckoutSession } from "@worker/domain/payments/checkout";
import { useCallback, useEffect, useRef } from "react";
import { toast } from "~/lib/notify";
import { z } from "zod";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { ROOM_LABELS, guestsLabel } from "~/components/bookings/types";
import { PricingList } from "~/components/bookings/pricing-list";
import "~/components/bookings/bookings.css";
import { type TripAnswer, shopOf, tripAction } from "~/components/bookings/trip-actions.server";
import { stringFields } from "~/components/bookings/trip-fields";
import { CheckoutStatus, PayWithoutScripts, useCheckout } from "~/components/payments/use-checkout";
import type { ActionResult } from "~/lib/action-result";
import { formatDate, formatRupees } from "@worker/shared/format";
import { actionInput, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";
import { useActionToast } from "~/lib/use-action-toast";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import "~/components/payments/payments.css";
import { TravelCartLine } from "~/components/travel/travel-cart-line";
import { travelCartAction } from "~/components/travel/travel-cart.server";
import { redirect } from "@remix-run/cloudflare";

/** The percentages are the platform's settings now, as the cart is priced (issue 28). */
const cartTotalNote = (t: { discountPercent: number; bookingFeePercent: number }) =>
  `Includes ${t.discountPercent}% off and the ${t.bookingFeePercent}% booking fee incl. GST on each trip; a trip's price breakdown shows its lines.`;

export const meta: MetaFunction = () => [{ title: "Cart | Tripbazaar" }];

export const headers: HeadersFunction = () => signedInHeaders;

/** Login required (spec §2). The cart is on the server (ADR 0029), priced now, read with the session check in one batch. */
export function loader({ context }: LoaderFunctionArgs) {
  return signedInData(context, undefined, async (userId) => ({
    cart: await listCart(context, userId, todayInIndia(context.now), context.now),
  }));
}

const removeIntent = z.object({ intent: z.literal("remove"), id: z.string().trim().min(1).max(100) });

/**
 * Remove a trip (the same service as `DELETE /api/cart/:id`), or Pay: a checkout of the cart (as
 * `POST /api/payments/checkout`), and without scripts the test provider's Pay or Decline.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // Repeated fields (a bus's `seat`) are read from the form itself; actionInput keeps one value per name.
  const form = request.headers.get("content-type")?.includes("form")
    ? await request
        .clone()
        .formData()
        .catch(() => null)
    : null;
  const input = await actionInput(request).catch(() => ({}) as Record<string, unknown>);
  if (input.intent === "add-offer" || input.intent === "accept-fare") {
    const seats = (form?.getAll("seat") ?? []).filter((v): v is string => typeof v === "string");
    // A guest who adds an offer signs in and comes back to the offer's page (its Referer, when it is ours).
    const referer = request.headers.get("referer");
    const back = referer && new URL(referer).origin === context.url.origin ? new URL(referer) : undefined;
    const answer = await travelCartAction(context, input, seats, back);
    const body = answer.data as { ok: boolean };
    // Added from a search page without scripts: straight to the cart, where the trip is listed.
    if (body.ok && input.intent === "add-offer") throw redirect("/cart", { headers: signedInHeaders });
    return answer;
  }
  if (input.intent !== "remove") return tripAction(context, shopOf(context), stringFields(input));
  return signedInAction(context, undefined, async (user) => {
    const { id } = removeIntent.parse(input);
    await removeFromCart(context.db, user.id, id);
    return "Removed from your cart";
  });
}

function CartLine({ line }: { line: ReturnType<typeof useLoaderData<typeof loader>>["cart"]["items"][number] }) {
  return line.travel ? <TravelCartLine line={line} travel={line.travel} /> : <PackageCartLine line={line} />;
}

function PackageCartLine({ line }: { line: ReturnType<typeof useLoaderData<typeof loader>>["cart"]["items"][number] }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher, "Could not remove this trip");
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
          {/* A trip the seller deleted has no page to link to; its line says why it cannot be paid. */}
          {line.packageId ? <Link to={`/tour-package/${encodeURIComponent(line.packageId)}`}>{line.packageName}</Link> : line.packageName}
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
          <>
            <p className="cart-line-price">{line.pricing ? formatRupees(line.pricing.total) : ""}</p>
            {line.pricing ? (
              <details className="price-details">
                <summary>
                  Price breakdown<span className="sr-only"> of {line.packageName}</span>
                </summary>
                <PricingList pricing={line.pricing} choices={line.choices} />
              </details>
            ) : null}
          </>
        )}
      </div>
      <fetcher.Form method="post" className="cart-line-remove">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="id" value={line.id} />
        <button type="submit" className="btn btn-outline" disabled={removing} aria-label={`Remove ${line.packageName}`}>
          {removing ? "Removing…" : "Remove"}
        </button>
      </fetcher.Form>
    </li>
  );
}

export default function Page() {
  const { cart } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const pay = useFetcher<TripAnswer>();
  // A post without scripts renders the page again with its answer: the checkout to pay, or why not.
  const answered = useActionData<TripAnswer>();
  const checkout = useCheckout(
    useCallback((session: CheckoutSession) => navigate(`/booking-success?payment=${encodeURIComponent(session.paymentId)}`), [navigate]),
  );
  const { open, refused } = checkout;
  const sending = useRef(false);
  const sellers = new Set(cart.items.map((i) => i.sellerId)).size;

  useEffect(() => {
    if (pay.state === "idle") sending.current = false;
  }, [pay.state]);
  useFetcherAnswer(pay, (result) => {
    if (result.ok && result.checkout) open(result.checkout);
    else if (!result.ok) {
      const message = result.message || "Checkout could not start. Please try again.";
      refused(message);
      toast.error(message);
    }
  });

  function start(e: React.FormEvent) {
    if (sending.current || checkout.busy) {
      e.preventDefault();
      return;
    }
    sending.current = true;
    checkout.starting();
  }

  if (answered?.checkout && !pay.data) {
    return (
      <main id="main" className="container page stack">
        <h1>Your cart</h1>
        <PayWithoutScripts session={answered.checkout} failure={answered.ok ? null : answered.message} />
      </main>
    );
  }

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
            <p className="muted price-note">{cartTotalNote(cart.terms)}</p>
            <p className="muted">
              {cart.items.length} trip{cart.items.length === 1 ? "" : "s"}
              {sellers > 1 ? ` with ${sellers} travel agents` : ""}, paid at once. Each travel agent confirms their booking within 48 hours;
              if one cannot, that booking is refunded in full automatically.
            </p>
            {cart.payable ? null : <p className="error-text">Remove the trips that can no longer be booked to continue.</p>}
            {answered && !answered.ok && !answered.checkout ? (
              <p className="error-text" role="alert">
                {answered.message}
              </p>
            ) : null}
            <CheckoutStatus phase={checkout.phase} onRetry={checkout.retry} />
            <pay.Form method="post" onSubmit={start}>
              <button type="submit" name="intent" value="checkout" className="btn" disabled={!cart.payable || checkout.busy}>
                {checkout.busy ? "Paying…" : `Pay ${formatRupees(cart.total)}`}
              </button>
            </pay.Form>
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
