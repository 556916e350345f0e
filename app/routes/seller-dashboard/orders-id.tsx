import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { APPROVED_BY_SELLER, respondToBooking } from "@worker/domain/bookings/respond";
import { approveBody, rejectBody } from "@worker/domain/bookings/schemas";
import { readBookingAs } from "@worker/domain/bookings/service";
import { z } from "zod";
import { BookingDetail } from "~/components/bookings/booking-detail";
import { bookingMoney } from "@worker/domain/payments/views";
import { GeneralErrorBoundary, TryAgain, messageOf } from "~/components/error-boundary";
import { actionInput, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";
import type { ActionResult } from "~/lib/action-result";
import { useActionToast } from "~/lib/use-action-toast";
import { useHydrated } from "~/lib/use-hydrated";

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
    if (input.intent === "approve") {
      await respondToBooking(
        context.db,
        context.config,
        seller.id,
        params.id ?? "",
        "approved",
        input.message || APPROVED_BY_SELLER,
        context.now,
      );
      return "Booking approved successfully";
    }
    await respondToBooking(context.db, context.config, seller.id, params.id ?? "", "rejected", input.message, context.now);
    return "Booking rejected";
  });
}

/**
 * Approve and Reject are forms posting to the page's action, so they work before scripts run and without them
 * (the page comes back with the new status and the answer). With scripts, Reject asks for its reason in the
 * spec's prompt; without them, the reason is a field of its form.
 */
export default function Page() {
  const { booking, money } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<ActionResult>();
  const answered = useActionData<ActionResult>();
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle" ? (fetcher.formData?.get("intent") as "approve" | "reject" | null) : null;
  useActionToast(fetcher, busy === "reject" ? "Failed to reject booking" : "Failed to approve booking");

  function reject(e: React.FormEvent) {
    e.preventDefault();
    const reason = window.prompt("Please provide a reason for rejection:");
    if (!reason?.trim()) return;
    fetcher.submit({ intent: "reject", message: reason.trim() }, { method: "post" });
  }

  return (
    <main id="main" className="dash-main">
      <p>
        <Link to="/seller-dashboard/orders">← Back to orders</Link>
      </p>
      <BookingDetail
        booking={booking}
        money={money}
        actions={
          <>
            {answered && !hydrated ? (
              // Without scripts there is no toast: the answer shows here.
              <p role="status" className={answered.ok ? "success-text" : "error-text"}>
                {answered.message}
              </p>
            ) : null}
            {booking.status === "pending" ? (
              <div className="row" style={{ alignItems: "end" }}>
                <fetcher.Form method="post">
                  <input type="hidden" name="intent" value="approve" />
                  <button type="submit" className="btn" disabled={busy !== null}>
                    {busy === "approve" ? "Approving..." : "Approve"}
                  </button>
                </fetcher.Form>
                <fetcher.Form method="post" className="row" style={{ alignItems: "end" }} onSubmit={hydrated ? reject : undefined}>
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
