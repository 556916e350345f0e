import { eq } from "drizzle-orm";
import { sellers } from "@db/schema";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { emailCancellation, emailDecision } from "./emails";
import { cancelBooking, decideBooking } from "./service";

export const APPROVED_BY_SELLER = "Booking approved by seller";

/** The seller's answer to a pending request (ADR 0009), then the customer's email. */
export async function respondToBooking(
  db: Db,
  config: AppConfig,
  sellerId: string,
  id: string,
  decision: "approved" | "rejected",
  message: string,
) {
  const booking = await decideBooking(db, sellerId, id, decision, message);
  await emailDecision(db, config, booking);
  return booking;
}

/** The customer cancels their own booking before it starts; the seller is emailed. */
export async function cancelAsCustomer(db: Db, config: AppConfig, userId: string, id: string) {
  const booking = await cancelBooking(db, userId, id);
  const seller = await db.select({ email: sellers.email }).from(sellers).where(eq(sellers.id, booking.sellerId)).get();
  if (seller) await emailCancellation(db, config, booking, seller.email);
  return booking;
}
