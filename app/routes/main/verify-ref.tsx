import { type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { readVerification } from "@worker/domain/vouchers/access";
import { isVoucherToken, voucherSecretOf } from "@worker/domain/vouchers/verify-token";
import { formatDate } from "@worker/shared/format";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { signedInHeaders } from "~/lib/session.server";
import "~/styles/voucher.css";

export const meta: MetaFunction = () => [{ title: "Verify a booking voucher | Tripbazaar" }, { name: "robots", content: "noindex" }];
/** The status is live: never stored; the token in the address goes to no other site. */
export const headers = () => signedInHeaders;

const NOT_VERIFIED = "We could not verify this voucher. Check that the whole address from its QR code was opened.";

const STATUS: Record<string, { word: string; note: string }> = {
  confirmed: { word: "Confirmed", note: "The travel agent has confirmed this booking." },
  pending: { word: "Awaiting confirmation", note: "The travel agent has not confirmed this booking yet." },
  cancelled: { word: "Cancelled", note: "This booking was cancelled. The voucher is no longer valid." },
  rejected: { word: "Rejected", note: "The travel agent did not accept this booking. The voucher is not valid." },
};

/**
 * The page a voucher's QR code opens (ADR 0046): the booking's live status, its trip and the lead traveller's
 * initials, nothing more. SECURITY: without the booking's HMAC token nothing is read (booking numbers are
 * sequential); an unknown number and a wrong token answer the same 404. Reads only, one D1 round trip.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const ref = params.ref ?? "";
  const token = context.url.searchParams.get("t") ?? "";
  const notVerified = () => data({ message: NOT_VERIFIED }, { status: 404, headers: signedInHeaders });
  if (!(await isVoucherToken(voucherSecretOf(context.config), ref, token))) throw notVerified();
  const booking = await readVerification(context, ref);
  if (!booking) throw notVerified();
  return { ...booking, checkedAt: context.now.toISOString() };
}

export default function Page() {
  const booking = useLoaderData<typeof loader>();
  const status = STATUS[booking.status] ?? { word: booking.status, note: "" };
  return (
    <main id="main" className="container page voucher-verify">
      <h1>Booking voucher check</h1>
      <section className="card stack" aria-labelledby="verify-status">
        <p className="muted">Booking {booking.ref}</p>
        <h2 id="verify-status" className={`verify-status verify-${booking.status}`}>
          {status.word}
        </h2>
        {status.note ? <p>{status.note}</p> : null}
        <dl className="verify-facts">
          <dt>Trip</dt>
          <dd>{booking.packageName}</dd>
          <dt>Travel agent</dt>
          <dd>{booking.sellerName}</dd>
          <dt>Travel date</dt>
          <dd>{formatDate(booking.startDate)}</dd>
          <dt>Lead traveller</dt>
          <dd>{booking.initials || "—"}</dd>
        </dl>
        <p className="muted">Checked {formatDate(booking.checkedAt)}. This page shows the booking as it is now, not as printed.</p>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) return <GeneralErrorBoundary />;
  return (
    <main id="main" className="container page voucher-verify">
      <h1>Booking voucher check</h1>
      <div className="card" role="alert">
        <p>{NOT_VERIFIED}</p>
      </div>
    </main>
  );
}
