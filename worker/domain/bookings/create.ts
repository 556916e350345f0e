import { and, eq, sql } from "drizzle-orm";
import { bookingSequences, bookings, idempotencyKeys, packages, sellers, travellers } from "@db/schema";
import { ApiError, conflict, notFound } from "../../api/errors";
import type { CurrentUser } from "../../api/guard";
import type { Db } from "../../db/client";
import { priceBooking } from "./pricing";
import type { CreateBookingInput } from "./schemas";
import { type BookingRow, toBooking } from "./shapes";
import { todayInIndia } from "./transitions";
import { onSale } from "../on-sale";

export const PRICED_ON_REQUEST = "This package is priced on request; please contact the seller";
export const KEY_REUSED = "This Idempotency-Key was already used for a different booking request";

export type Answer = { status: 201; body: string; replayed: boolean; created?: CreatedBooking };
type CreatedBooking = { booking: ReturnType<typeof toBooking>; sellerEmail: string; sellerName: string };

async function sha256(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Creates a pending booking exactly once per (customer, Idempotency-Key); see ADR 0009.
 * The claim is an INSERT ... ON CONFLICT DO NOTHING; the booking, its travellers,
 * the booking number and the stored answer are written in one D1 batch.
 */
export async function createBooking(db: Db, customer: CurrentUser, idempotencyKey: string, input: CreateBookingInput): Promise<Answer> {
  const key = `${customer.id}:${idempotencyKey}`;
  const requestHash = await sha256(JSON.stringify(input));

  const earlier = await settleEarlier(db, key, requestHash);
  if (earlier) return earlier;

  const pkg = await db
    .select({ p: packages, sellerEmail: sellers.email, sellerName: sellers.name })
    .from(packages)
    .innerJoin(sellers, eq(sellers.id, packages.sellerId))
    .where(and(eq(packages.id, input.packageId), onSale()))
    .get();
  if (!pkg) throw notFound("Package not found");
  const unitPrice = pkg.p.priceRanges[0]?.price;
  if (typeof unitPrice !== "number" || unitPrice <= 0) throw new ApiError(422, PRICED_ON_REQUEST);
  if (input.travelDates.startDate <= todayInIndia()) throw new ApiError(422, "The travel start date must be in the future");

  const claimed = await db
    .insert(idempotencyKeys)
    .values({ key, userId: customer.id, requestHash, status: "in-progress" })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) {
    const other = await settleEarlier(db, key, requestHash);
    if (other) return other;
    throw conflict("This booking request failed; please try again");
  }

  const { adults, children } = input.customerDetails;
  const { hotel, transport } = input.preferences;
  const price = priceBooking({
    unitPrice,
    adults,
    children,
    durationDays: pkg.p.durationDays,
    roomType: hotel.roomType,
    transportType: transport.type,
  });
  const id = `bk_${crypto.randomUUID()}`;
  const now = new Date();
  const createdAt = now.toISOString();
  const year = now.getUTCFullYear();
  const row: BookingRow = {
    id,
    bookingRef: "",
    sellerId: pkg.p.sellerId,
    userId: customer.id,
    status: "pending",
    paymentStatus: "pending",
    createdAt,
    startDate: input.travelDates.startDate,
    adults,
    children,
    hotelPreference: hotel,
    transportPreference: transport,
    ...price,
    specialRequests: input.specialRequests ?? null,
    sellerResponseStatus: null,
    sellerResponseMessage: null,
    sellerRespondedAt: null,
    packageId: pkg.p.id,
    packageName: pkg.p.name,
    packageCity: pkg.p.city,
    packageRating: pkg.p.rating,
    packageReviews: pkg.p.reviews,
    packageDurationDays: pkg.p.durationDays,
    packageImages: pkg.p.images,
    customerName: customer.name,
    customerEmail: customer.email,
    customerPhone: customer.phone,
  };
  const people = input.customerDetails.travellers.map((t, i) => ({
    id: `${id}_t${i + 1}`,
    bookingId: id,
    sellerId: pkg.p.sellerId,
    position: i + 1,
    ...t,
  }));
  const body = { success: true, data: toBooking(row, people), message: "Booking request sent to the seller" };

  try {
    const results = await db.batch([
      db
        .insert(bookingSequences)
        .values({ year, last: 1 })
        .onConflictDoUpdate({ target: bookingSequences.year, set: { last: sql`${bookingSequences.last} + 1` } }),
      db.insert(bookings).values({
        id,
        bookingRef: `allocating:${id}`,
        sellerId: row.sellerId,
        userId: customer.id,
        packageId: pkg.p.id,
        startDate: row.startDate,
        adults,
        children,
        hotelPreference: hotel,
        transportPreference: transport,
        ...price,
        specialRequests: row.specialRequests,
        createdAt,
        updatedAt: createdAt,
      }),
      db
        .update(bookings)
        .set({
          bookingRef: sql`(select printf('TB-%d-%06d', ${bookingSequences.year}, ${bookingSequences.last}) from ${bookingSequences} where ${bookingSequences.year} = ${year})`,
        })
        .where(eq(bookings.id, id)),
      // One statement per traveller: D1 allows at most 100 bound parameters per statement.
      ...people.map((t) => db.insert(travellers).values(t)),
      db
        .update(idempotencyKeys)
        .set({
          status: "done",
          responseStatus: 201,
          responseBody: sql`json_set(${JSON.stringify(body)}, '$.data.bookingId', (select ${bookings.bookingRef} from ${bookings} where ${bookings.id} = ${id}))`,
        })
        .where(eq(idempotencyKeys.key, key))
        .returning({ responseBody: idempotencyKeys.responseBody }),
    ]);
    const stored = (results[results.length - 1] as { responseBody: string }[])[0].responseBody;
    const booking = JSON.parse(stored).data as ReturnType<typeof toBooking>;
    return { status: 201, body: stored, replayed: false, created: { booking, sellerEmail: pkg.sellerEmail, sellerName: pkg.sellerName } };
  } catch (error) {
    // Release the claim so that the same key can be retried after a failure.
    await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.status, "in-progress")));
    throw error;
  }
}

/** An earlier request with the same key: replay its answer, refuse another body, or wait for it to finish. */
async function settleEarlier(db: Db, key: string, requestHash: string): Promise<Answer | null> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const row = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).get();
    if (!row) return null;
    if (row.requestHash !== requestHash) throw new ApiError(422, KEY_REUSED);
    if (row.status === "done" && row.responseBody) return { status: 201, body: row.responseBody, replayed: true };
    await sleep(Math.min(10 + attempt * 5, 50));
  }
  throw conflict("A booking request with this Idempotency-Key is still being processed; please try again");
}
