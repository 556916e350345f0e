import { eq } from "drizzle-orm";
import { packages, rateLimits } from "@db/schema";
import type { Db } from "../../db/client";
import { type Limit, hit } from "../auth/rate-limit";
import { tooManyRequests } from "../errors";

/**
 * Booking requests send the seller and the customer an email each (issue 23), so they are limited like every
 * write that sends email or costs money: per account, and per seller so that many accounts cannot flood one
 * inbox. Beside the limits of ADR 0006, which stay as they are.
 */
export const BOOKING_LIMITS = {
  bookingAccount: { name: "booking-account", max: 10, windowSeconds: 60 * 60 },
  bookingSeller: { name: "booking-seller", max: 200, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

export const TOO_MANY_BOOKINGS = "Too many booking requests. Please wait a while and try again, or contact the travel agent.";

/**
 * Counts a booking request before anything else is written; 429 past a limit. A request is counted once per
 * Idempotency-Key (a marker row claimed atomically), so a retry or 50 concurrent copies of one request count as one
 * and still replay its answer (ADR 0009). The narrower bucket (the account) is asked first and a request it refuses
 * is not counted against the seller's, so one account cannot use up a seller's; a refused key is forgotten, so
 * its retry is counted again.
 */
export async function limitBookingRequest(db: Db, userId: string, idempotencyKey: string, packageId: string, now = Date.now()) {
  const marker = `booking-key:${userId}:${idempotencyKey}`.slice(0, 300);
  const first = await db
    .insert(rateLimits)
    .values({ key: marker, count: 1, windowStart: Math.floor(now / 1000) })
    .onConflictDoNothing()
    .returning({ key: rateLimits.key });
  if (first.length === 0) return;
  const pkg = await db.select({ sellerId: packages.sellerId }).from(packages).where(eq(packages.id, packageId)).get();
  const allowed =
    (await hit(db, BOOKING_LIMITS.bookingAccount, userId, now)) &&
    (!pkg || (await hit(db, BOOKING_LIMITS.bookingSeller, pkg.sellerId, now)));
  if (allowed) return;
  await db.delete(rateLimits).where(eq(rateLimits.key, marker));
  throw tooManyRequests(TOO_MANY_BOOKINGS);
}
