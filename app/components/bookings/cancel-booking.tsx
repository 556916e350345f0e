import type { FetcherWithComponents } from "@remix-run/react";
import type { ActionResult } from "~/lib/action-result";
import { type Booking, cancelPrompt } from "./types";

/**
 * The customer's Cancel: a form posting `{ intent: "cancel", id }` to the page's action, so it works before
 * scripts run and without them. With scripts it asks first, naming the refund the cancellation means.
 * `fetcher` is the page's, so one cancellation at a time shows as busy and is toasted once.
 */
export function CancelBookingForm({
  booking,
  today,
  fetcher,
  children,
}: {
  booking: Booking;
  today: string;
  fetcher: FetcherWithComponents<ActionResult>;
  children: React.ReactNode;
}) {
  return (
    <fetcher.Form
      method="post"
      onSubmit={(e) => {
        if (!window.confirm(cancelPrompt(booking, today))) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="id" value={booking._id} />
      <button type="submit" className="btn btn-outline" disabled={fetcher.state !== "idle"}>
        {children}
      </button>
    </fetcher.Form>
  );
}
