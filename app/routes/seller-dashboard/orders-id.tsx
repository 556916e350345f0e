import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useParams } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import toast from "react-hot-toast";
import { BookingDetail } from "~/components/bookings/booking-detail";
import type { Booking, BookingResponse } from "~/components/bookings/types";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ApiRequestError, api, errorMessage } from "~/lib/api";

export const meta: MetaFunction = () => [{ title: "Booking details | Tripbazaar" }];

type State = { kind: "loading" } | { kind: "error"; message: string } | { kind: "not-found" } | { kind: "ready"; booking: Booking };

const NO_PERMISSION = "You do not have permission to view this booking";

export default function Page() {
  const { id = "" } = useParams();
  const [state, setState] = useState<State>({ kind: "loading" });
  const [busy, setBusy] = useState<"approve" | "reject" | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setState({ kind: "loading" });
      try {
        const res = await api<BookingResponse>(`/api/bookings/${encodeURIComponent(id)}`, { signal });
        setState({ kind: "ready", booking: res.data });
      } catch (error) {
        if (signal?.aborted) return;
        if (error instanceof ApiRequestError && error.status === 404) {
          toast.error("Booking not found");
          setState({ kind: "not-found" });
          return;
        }
        const message =
          error instanceof ApiRequestError && error.status === 403 ? NO_PERMISSION : errorMessage(error, "Failed to fetch booking details");
        toast.error(message);
        setState({ kind: "error", message });
      }
    },
    [id],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function decide(action: "approve" | "reject") {
    let message = "Booking approved by seller";
    if (action === "reject") {
      const reason = window.prompt("Please provide a reason for rejection:");
      if (!reason?.trim()) return;
      message = reason.trim();
    }
    setBusy(action);
    try {
      const res = await api<BookingResponse>(`/api/bookings/seller/bookings/${encodeURIComponent(id)}/${action}`, {
        method: "PUT",
        body: { message },
      });
      setState({ kind: "ready", booking: res.data });
      toast.success(action === "approve" ? "Booking approved successfully" : "Booking rejected");
    } catch (error) {
      toast.error(errorMessage(error, action === "approve" ? "Failed to approve booking" : "Failed to reject booking"));
    } finally {
      setBusy(null);
    }
  }

  return (
    <main id="main" className="dash-main">
      <p>
        <Link to="/seller-dashboard/orders">← Back to orders</Link>
      </p>
      {state.kind === "loading" ? (
        <div className="card" role="status" aria-live="polite">
          Loading booking details...
        </div>
      ) : state.kind === "error" ? (
        <div className="card stack" role="alert">
          <h1>Could not load this booking</h1>
          <p>{state.message}</p>
          <p>
            <button type="button" className="btn" onClick={() => load()}>
              Try Again
            </button>
          </p>
        </div>
      ) : state.kind === "not-found" ? (
        <div className="card stack" role="alert">
          <h1>Booking not found</h1>
          <p className="muted">There is no booking with this id in your orders.</p>
        </div>
      ) : (
        <BookingDetail
          booking={state.booking}
          actions={
            state.booking.status === "pending" ? (
              <div className="row">
                <button type="button" className="btn" disabled={busy !== null} onClick={() => decide("approve")}>
                  {busy === "approve" ? "Approving..." : "Approve"}
                </button>
                <button type="button" className="btn btn-danger" disabled={busy !== null} onClick={() => decide("reject")}>
                  {busy === "reject" ? "Rejecting..." : "Reject"}
                </button>
              </div>
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
