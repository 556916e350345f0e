import { eq } from "drizzle-orm";
import { refunds, sellers } from "@db/schema";
import { readerOf } from "../../db/batcher";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import type { Email } from "../email/send";
import type { OutboxRow } from "../follow-ups/outbox";
import { refundIdOf, refundIfQueued } from "../payments/refunds";
import { expiredEmail } from "../payments/emails";
import { cancellationEmailToCustomer, cancellationEmailToSeller, decisionEmail } from "./emails";
import { findBooking } from "./service";

type AnswerPayload = { bookingId: string; sellerWrote: string | null };
type CancellationPayload = { bookingId: string; to: "seller" | "customer" | "expired" };

/**
 * A booking's follow-up as the queue's consumer does it (ADR 0039): the refund the change owes is asked of the
 * provider first (once: the refund row says whether it was), so the email can say whether the money is back; then
 * the email is written. A provider that does not answer leaves the refund to the scheduled run and the email says it
 * is on its way.
 */
export async function bookingFollowUpEmail(db: Db, config: AppConfig, row: OutboxRow, now: Date): Promise<Email> {
  const payload = row.payload as AnswerPayload | CancellationPayload;
  const booking = await findBooking(readerOf(db), payload.bookingId);
  if (!booking) throw new Error(`Booking ${payload.bookingId} of follow-up ${row.id} no longer exists`);
  if (row.kind === "booking-answer") {
    const refund = booking.status === "rejected" ? await refundIfQueued(db, config, booking._id, now) : null;
    return decisionEmail(db, config, booking, { refund, sellerWrote: (payload as AnswerPayload).sellerWrote });
  }
  if ((payload as CancellationPayload).to === "expired") {
    return expiredEmail(config, booking, (await refundIfQueued(db, config, booking._id, now)) ?? null);
  }
  if ((payload as CancellationPayload).to === "customer") {
    return cancellationEmailToCustomer(config, booking, await refundIfQueued(db, config, booking._id, now));
  }
  const [seller, refund] = await db.batch([
    db.select({ email: sellers.email }).from(sellers).where(eq(sellers.id, booking.sellerId)),
    db
      .select({ amount: refunds.amount, status: refunds.status })
      .from(refunds)
      .where(eq(refunds.id, refundIdOf(booking._id))),
  ]);
  if (!seller[0]) throw new Error(`Seller ${booking.sellerId} of follow-up ${row.id} no longer exists`);
  return cancellationEmailToSeller(config, booking, seller[0].email, refund[0] ?? null);
}
