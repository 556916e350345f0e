import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useParams } from "@remix-run/react";
import { useState } from "react";
import toast from "react-hot-toast";
import { BookingDetail } from "~/components/bookings/booking-detail";
import { type BookingResponse, isCancellable } from "~/components/bookings/types";
import { useApiData } from "~/components/bookings/use-api-data";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { api, errorMessage } from "~/lib/api";
import { LoadErrorCard, LoadingCard } from "~/components/load-state";

export const meta: MetaFunction = () => [{ title: "Booking | Tripbazaar" }];

/** A customer's own booking (the seller and a superadmin may read it too); the owner can cancel it. */
export default function Page() {
  const { id = "" } = useParams();
  const { state, reload } = useApiData<BookingResponse>(`/api/bookings/${encodeURIComponent(id)}`, "Failed to fetch booking details");
  const [busy, setBusy] = useState(false);

  async function cancel() {
    if (state.status !== "ready") return;
    if (!window.confirm(`Cancel booking ${state.data.data.bookingId}? This cannot be undone.`)) return;
    setBusy(true);
    try {
      await api(`/api/bookings/${encodeURIComponent(id)}/status`, { method: "PUT", body: { status: "cancelled" } });
      toast.success("Booking cancelled");
      reload();
    } catch (error) {
      toast.error(errorMessage(error, "Failed to cancel booking"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" className="container page dash-main">
      <p>
        <Link to="/user-dashboard/bookings">← My bookings</Link>
      </p>
      {state.status === "loading" ? (
        <LoadingCard label="Loading booking details..." />
      ) : state.status === "error" ? (
        <LoadErrorCard message={state.message} onRetry={reload} />
      ) : (
        <BookingDetail
          booking={state.data.data}
          actions={
            isCancellable(state.data.data) ? (
              <p>
                <button type="button" className="btn btn-outline" disabled={busy} onClick={cancel}>
                  Cancel booking
                </button>
              </p>
            ) : null
          }
        />
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
