import type { FetcherWithComponents } from "@remix-run/react";
import { formatDate } from "@worker/shared/format";
import type { ActionResult } from "~/lib/action-result";
import { ConfirmDialog, useConfirmedSubmit } from "~/components/ui/confirm-dialog";
import { type Booking, cancellationTerms } from "./types";

/**
 * The customer's Cancel: the refund a cancellation would return, stated beside the button, and a form posting
 * `{ intent: "cancel", id }` to the page's action, so it works before scripts run and without them. With scripts
 * the confirm dialog asks first and repeats the refund. `fetcher` is the page's, so one cancellation at a time
 * shows as busy and is toasted once.
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
  const asking = useConfirmedSubmit();
  const terms = cancellationTerms(booking, today);
  return (
    <div className="cancel-booking">
      <p className="muted cancel-terms" data-testid="cancel-refund">
        {terms}
      </p>
      <fetcher.Form method="post" onSubmit={asking.ask}>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="id" value={booking._id} />
        <button type="submit" className="btn btn-outline" disabled={fetcher.state !== "idle"}>
          {children}
        </button>
      </fetcher.Form>
      <CancelConfirmDialog
        asking={asking}
        reference={booking.bookingId}
        what={`${booking.packageId.name}, starting ${formatDate(booking.travelDates.startDate)}.`}
        terms={terms}
        onConfirm={(form) => fetcher.submit(form, { method: "post" })}
      />
    </div>
  );
}

/**
 * The question before a booking is cancelled, package or travel alike: what is cancelled, the refund its rules
 * give, and that it cannot be undone. `onConfirm` gets the asking form's data to send as the form would.
 */
export function CancelConfirmDialog({
  asking,
  reference,
  what,
  terms,
  onConfirm,
}: {
  asking: ReturnType<typeof useConfirmedSubmit>;
  reference: string;
  what: string;
  terms: string;
  onConfirm: (form: ReturnType<ReturnType<typeof useConfirmedSubmit>["confirmed"]>) => void;
}) {
  return (
    <ConfirmDialog
      open={asking.open}
      onClose={asking.close}
      confirmation={{
        title: `Cancel booking ${reference}?`,
        body: (
          <>
            <p>{what}</p>
            <p>
              <strong>{terms}</strong>
            </p>
            <p>This cannot be undone.</p>
          </>
        ),
        confirmLabel: "Cancel booking",
        cancelLabel: "Keep booking",
        danger: true,
      }}
      onConfirm={() => {
        onConfirm(asking.confirmed());
        return undefined;
      }}
    />
  );
}
