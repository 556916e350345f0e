import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { respondToBooking } from "@worker/domain/bookings/respond";
import { approveBody, rejectBody } from "@worker/domain/bookings/schemas";
import { REASON_REQUIRED } from "@worker/domain/bookings/texts";
import { bookingIdFor, readBookingAs } from "@worker/domain/bookings/service";
import { z } from "zod";
import { BookingDetail } from "~/components/bookings/booking-detail";
import { bookingMoney } from "@worker/domain/payments/views";
import { GeneralErrorBoundary, TryAgain, messageOf } from "~/components/error-boundary";
import { actionInput, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";
import type { ActionResult } from "~/lib/action-result";
import { useActionToast } from "~/lib/use-action-toast";
import { useHydrated } from "~/lib/use-hydrated";
import { ConfirmDialog, useConfirmedSubmit } from "~/components/ui/confirm-dialog";
import { formatRupees } from "@worker/shared/format";
import { VoucherLink } from "~/components/voucher/voucher-link";

export const meta: MetaFunction = () => [{ title: "Booking details · Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

export async function loader({ context, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  return signedInData(context, "seller", async (sellerId) => {
    const [booking, money] = await Promise.all([
      readBookingAs(context, { id: sellerId, role: "seller" }, id),
      bookingMoney(context, id, { sellerId }),
    ]);
    return { booking, money };
  });
}

const decision = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve") }).merge(approveBody.removeDefault()),
  z.object({ intent: z.literal("reject") }).merge(rejectBody),
]);

export async function action({ request, context, params }: ActionFunctionArgs) {
  return signedInAction(context, "seller", async (seller) => {
    const input = decision.parse(await actionInput(request));
    // The page's address names the booking by its number (issue 24); the decision takes its id.
    const id = await bookingIdFor(context.db, params.id ?? "");
    if (input.intent === "approve") {
      await respondToBooking(context.db, context.config, seller.id, id, "approved", input.message, context.now);
      return "Booking approved successfully";
    }
    await respondToBooking(context.db, context.config, seller.id, id, "rejected", input.message, context.now);
    return "Booking rejected";
  });
}

/**
 * Approve and Reject are forms posting to the page's action, so they work before scripts run and without them
 * (the page comes back with the new status and the answer): approve's optional message and reject's required
 * reason are fields of their forms. With scripts each opens the confirm dialog, which carries the message or the
 * reason, says what the traveller will be told and posts the same form on confirm.
 */
export default function Page() {
  const { booking, money } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<ActionResult>();
  const answered = useActionData<ActionResult>();
  const hydrated = useHydrated();
  const approving = useConfirmedSubmit();
  const rejecting = useConfirmedSubmit();
  const busy = fetcher.state !== "idle" ? (fetcher.formData?.get("intent") as "approve" | "reject" | null) : null;
  useActionToast(fetcher, busy === "reject" ? "Failed to reject booking" : "Failed to approve booking");
  const paid = booking.paymentStatus === "completed";
  const who = `${booking.userId.name} (${booking.userId.email})`;

  return (
    <main id="main" className="dash-main">
      <p>
        <Link to="/seller-dashboard/orders">← Back to orders</Link>
      </p>
      <BookingDetail
        forSeller
        booking={booking}
        money={money}
        actions={
          <>
            <VoucherLink href={`/seller-dashboard/orders/${booking.bookingId}/voucher.pdf`} />
            {answered && !hydrated ? (
              // Without scripts there is no toast: the answer shows here.
              <p role="status" className={answered.ok ? "success-text" : "error-text"}>
                {answered.message}
              </p>
            ) : null}
            {booking.status === "pending" ? (
              <div className="row" style={{ alignItems: "end" }}>
                <fetcher.Form method="post" className="row" style={{ alignItems: "end" }} onSubmit={approving.ask}>
                  <input type="hidden" name="intent" value="approve" />
                  {hydrated ? null : (
                    <div className="field">
                      <label htmlFor="approve-message">Message for the traveller (optional)</label>
                      <input id="approve-message" name="message" maxLength={1000} />
                    </div>
                  )}
                  <button type="submit" className="btn" disabled={busy !== null}>
                    {busy === "approve" ? "Approving..." : "Approve"}
                  </button>
                </fetcher.Form>
                <fetcher.Form method="post" className="row" style={{ alignItems: "end" }} onSubmit={rejecting.ask}>
                  <input type="hidden" name="intent" value="reject" />
                  {hydrated ? null : (
                    <div className="field">
                      <label htmlFor="reject-reason">Reason for rejection</label>
                      <input id="reject-reason" name="message" required maxLength={1000} />
                    </div>
                  )}
                  <button type="submit" className="btn btn-danger" disabled={busy !== null}>
                    {busy === "reject" ? "Rejecting..." : "Reject"}
                  </button>
                </fetcher.Form>
                <ConfirmDialog
                  open={approving.open}
                  onClose={approving.close}
                  confirmation={{
                    title: `Approve booking ${booking.bookingId}?`,
                    body: (
                      <p>
                        {who} is emailed that the booking for {formatRupees(booking.pricing.total)} is confirmed. After this only the
                        traveller can cancel it, under the refund policy.
                      </p>
                    ),
                    confirmLabel: "Approve booking",
                  }}
                  fields={
                    <div className="field">
                      <label htmlFor="approve-dialog-message">Message for the traveller (optional)</label>
                      <textarea
                        id="approve-dialog-message"
                        name="message"
                        rows={3}
                        maxLength={1000}
                        aria-describedby="approve-dialog-hint"
                      />
                      <span id="approve-dialog-hint" className="muted">
                        The email quotes it as your message. Leave it empty to send the confirmation alone.
                      </span>
                    </div>
                  }
                  onConfirm={(fields) => {
                    fetcher.submit(approving.confirmed(fields), { method: "post" });
                    return undefined;
                  }}
                />
                <ConfirmDialog
                  open={rejecting.open}
                  onClose={rejecting.close}
                  confirmation={{
                    title: `Reject booking ${booking.bookingId}?`,
                    body: (
                      <p>
                        {who} is emailed your reason
                        {paid ? ` and refunded the full ${formatRupees(booking.pricing.total)} they paid` : ""}. This cannot be undone.
                      </p>
                    ),
                    confirmLabel: "Reject booking",
                    danger: true,
                  }}
                  fields={
                    <div className="field">
                      <label htmlFor="reject-dialog-reason">Please provide a reason for rejection:</label>
                      <textarea
                        id="reject-dialog-reason"
                        name="message"
                        rows={3}
                        required
                        aria-required="true"
                        maxLength={1000}
                        aria-describedby="reject-dialog-hint"
                      />
                      <span id="reject-dialog-hint" className="muted">
                        Required: the traveller reads it in the email.
                      </span>
                    </div>
                  }
                  onConfirm={(fields) => {
                    const reason = String(fields.get("message") ?? "").trim();
                    if (!reason) return REASON_REQUIRED;
                    fetcher.submit(rejecting.confirmed(fields), { method: "post" });
                    return undefined;
                  }}
                />
              </div>
            ) : null}
          </>
        }
      />
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <main id="main" className="dash-main">
            <div className="card stack" role="alert">
              <h1>Booking not found</h1>
              <p className="muted">There is no booking with this id in your orders.</p>
              <p>
                <Link to="/seller-dashboard/orders">← Back to orders</Link>
              </p>
            </div>
          </main>
        ),
        403: (error) => (
          <main id="main" className="dash-main">
            <div className="card stack" role="alert">
              <h1>Could not load this booking</h1>
              <p>{messageOf(error.data, "You do not have permission to view this booking")}</p>
              <TryAgain />
            </div>
          </main>
        ),
      }}
    />
  );
}
