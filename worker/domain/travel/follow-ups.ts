import { eq } from "drizzle-orm";
import { travelBookings, users } from "@db/schema";
import { formatDate } from "../../shared/format";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { refundLine } from "../bookings/emails";
import { platformUrl } from "../email/links";
import type { Email } from "../email/send";
import type { OutboxRow } from "../follow-ups/outbox";
import { refundIfQueued } from "../payments/refunds";
import { travelBookingPath } from "./bookings";

/**
 * A cancelled flight, stay or bus trip as the queue's consumer finishes it (ADR 0039): the refund the fare's rules
 * gave is asked of the provider first (once: the refund row says whether it was; the scheduled run retries what the
 * provider does not take), then the traveller's email says whether the money is back.
 */
export async function travelCancellationEmail(db: Db, config: AppConfig, row: OutboxRow, now: Date): Promise<Email> {
  const { bookingId } = row.payload as { bookingId: string };
  const booking = await db
    .select({
      bookingRef: travelBookings.bookingRef,
      title: travelBookings.title,
      startDate: travelBookings.startDate,
      refundAmount: travelBookings.refundAmount,
      name: users.name,
      email: users.email,
    })
    .from(travelBookings)
    .innerJoin(users, eq(users.id, travelBookings.userId))
    .where(eq(travelBookings.id, bookingId))
    .get();
  if (!booking) throw new Error(`Travel booking ${bookingId} of follow-up ${row.id} no longer exists`);
  const refund = (booking.refundAmount ?? 0) > 0 ? await refundIfQueued(db, config, bookingId, now) : null;
  const noRefund = (booking.refundAmount ?? 0) > 0 ? "" : "\n\nUnder the fare's rules no refund is due for this cancellation.";
  return {
    to: booking.email,
    sellerId: null,
    subject: `Booking cancelled: ${booking.bookingRef}`,
    text: `Hello ${booking.name},\n\nYour booking ${booking.bookingRef} has been cancelled.\n\n${booking.title}, ${formatDate(booking.startDate)}${refund ? refundLine({ amount: refund.amount, status: refund.status }) : noRefund}\n\nSee your booking:\n${platformUrl(config, travelBookingPath(booking.bookingRef))}`,
  };
}
