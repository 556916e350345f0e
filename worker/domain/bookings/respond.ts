import { eq } from "drizzle-orm";
import { sellers } from "@db/schema";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { emailCancellation, emailDecision } from "./emails";
import { cancelBooking, decideBooking, findBooking } from "./service";
import { readerOf } from "../../db/batcher";
import { refundIfQueued } from "../payments/refunds";
import type { Booking } from "./shapes";
import { badRequest } from "../errors";
import { APPROVED_BY_SELLER, REASON_REQUIRED } from "./schemas";

/**
 * The seller's answer to a pending request (ADR 0009), then the customer's email. `message` is what the seller
 * wrote: a rejection's reason (required by its schema), an approval's optional note. An approval without one
 * records APPROVED_BY_SELLER, and its email quotes no message.
 */
export async function respondToBooking(
  db: Db,
  config: AppConfig,
  sellerId: string,
  id: string,
  decision: "approved" | "rejected",
  message: string | undefined,
  now: Date,
) {
  const written = message?.trim() || undefined;
  if (decision === "rejected" && !written) throw badRequest(REASON_REQUIRED);
  await decideBooking(db, sellerId, id, decision, written ?? APPROVED_BY_SELLER, now);
  const refund = decision === "rejected" ? await refundIfQueued(db, config, id, now) : null;
  const booking = (await findBooking(readerOf(db), id)) as Booking;
  await emailDecision(db, config, booking, { refund, sellerWrote: written ?? null });
  return booking;
}

/** The customer cancels their own booking before it starts; the refund the policy gives is made, and both sides are emailed. */
export async function cancelAsCustomer(db: Db, config: AppConfig, userId: string, id: string, now: Date) {
  await cancelBooking(db, userId, id, now);
  const refund = await refundIfQueued(db, config, id, now);
  const booking = (await findBooking(readerOf(db), id)) as Booking;
  const seller = await db.select({ email: sellers.email }).from(sellers).where(eq(sellers.id, booking.sellerId)).get();
  if (seller) await emailCancellation(db, config, booking, seller.email, refund);
  return booking;
}
