import { and, eq, sql } from "drizzle-orm";
import { bookingSequences, bookings, departures, idempotencyKeys, packages, sellers, travellers, type users } from "@db/schema";
import { conflict, notFound, unprocessable } from "../errors";
import { earlierRequest, lostKeyRace, requestHash } from "../idempotency";
import type { Db } from "../../db/client";
import { readerOf } from "../../db/batcher";
import { studentPercentFor } from "../students/service";
import { findPriceTier, isPriced, priceBooking } from "./pricing";
import { type CreateBookingInput, PRICE_TIER_MESSAGE, tooManyTravellers } from "./schemas";
import { platformSettingsQuery, settingsOf } from "../platform/settings";
import { type Booking, type BookingRow, toBooking } from "./shapes";
import { todayInIndia, yearInIndia } from "./transitions";
import { onSale } from "../on-sale";
import { chooseDeparture, soldOutMessage } from "../departures/check";
import { claimStatements, seatsRanOut } from "../departures/holds";
import { departureFacts } from "../departures/read";
import { resolveChoices } from "../catalogue/choices";
import type { BookedChoices } from "@db/bookings";

export const PRICED_ON_REQUEST = "This package is priced on request; please contact the seller";
export const KEY_REUSED = "This Idempotency-Key was already used for a different booking request";

export const BOOKING_REQUESTED = "Booking request sent to the seller";

/** Who requests a booking: the signed-in customer, whose contact details the booking shows its seller. */
export type BookingCustomer = Pick<typeof users.$inferSelect, "id" | "name" | "email" | "phone">;

/**
 * A booking request as this call made it, or as the first request with the same key made it (`replayed`).
 * `seller` (whom to tell of the request) is there only when this call made it.
 */
export type RequestedBooking = { booking: Booking; replayed: boolean; seller?: { email: string; name: string } };

/**
 * Creates a pending booking exactly once per (customer, idempotency key); see ADR 0009 and 0020.
 * The key, the booking, its travellers, the booking number and the stored answer are written in
 * one D1 batch, so a failure at any point leaves either all of them or none. The stored answer is
 * the first request's whole answer (`{ success, data, message }`), as keys stored before kept it.
 */
export async function createBooking(
  db: Db,
  customer: BookingCustomer,
  idempotencyKey: string,
  input: CreateBookingInput,
  now: Date,
): Promise<RequestedBooking> {
  const key = `${customer.id}:${idempotencyKey}`;
  const hash = await requestHash(input);

  const earlier = await replayOf(db, key, hash);
  if (earlier) return earlier;

  const { pkg, priceTier, price, departure, choices } = await priceRequest(db, input, todayInIndia(now), now, { travellerId: customer.id });
  const { adults, children } = input.customerDetails;
  const { transport } = input.preferences;
  const hotel = hotelPreferenceOf(input, choices);
  const id = `bk_${crypto.randomUUID()}`;
  const createdAt = now.toISOString();
  const year = yearInIndia(now);
  // The columns the insert writes; the booking as answered adds its state and the package and customer it names.
  const written = {
    id,
    sellerId: pkg.p.sellerId,
    userId: customer.id,
    packageId: pkg.p.id,
    startDate: input.travelDates.startDate,
    adults,
    children,
    hotelPreference: hotel,
    transportPreference: transport,
    priceTier,
    ...price,
    choices,
    specialRequests: input.specialRequests ?? null,
    createdAt,
  };
  const row: BookingRow = {
    ...written,
    mealCharge: price.mealCharge ?? 0,
    addonCharge: price.addonCharge ?? 0,
    studentDiscount: price.studentDiscount ?? 0,
    priceTerms: price.priceTerms ?? null,
    bookingRef: "",
    status: "pending",
    paymentStatus: "pending",
    sellerResponseStatus: null,
    sellerResponseMessage: null,
    sellerRespondedAt: null,
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
  const body = { success: true, data: toBooking(row, people), message: BOOKING_REQUESTED };

  try {
    const results = await db.batch([
      // First, so that a concurrent request with this key fails here and its batch writes nothing.
      // "in-progress" only inside this transaction: the last statement turns it "done".
      db.insert(idempotencyKeys).values({ key, userId: customer.id, requestHash: hash, status: "in-progress" }),
      db
        .insert(bookingSequences)
        .values({ year, last: 1 })
        .onConflictDoUpdate({ target: bookingSequences.year, set: { last: sql`${bookingSequences.last} + 1` } }),
      db.insert(bookings).values({ ...written, bookingRef: `allocating:${id}`, updatedAt: createdAt }),
      db
        .update(bookings)
        .set({
          bookingRef: sql`(select printf('TB-%d-%06d', ${bookingSequences.year}, ${bookingSequences.last}) from ${bookingSequences} where ${bookingSequences.year} = ${year})`,
        })
        .where(eq(bookings.id, id)),
      // One statement per traveller: D1 allows at most 100 bound parameters per statement.
      ...people.map((t) => db.insert(travellers).values(t)),
      // A request on a departure takes its seats at once (ADR 0044); a rejection or cancellation gives them back.
      ...(departure
        ? claimStatements(
            db,
            [{ bookingId: id, departureId: departure.id, sellerId: pkg.p.sellerId, seats: adults + children }],
            now,
            null,
            true,
          )
        : []),
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
    return { booking: bookingOf(stored), replayed: false, seller: { email: pkg.sellerEmail, name: pkg.sellerName } };
  } catch (error) {
    // Another request with this key committed first: answer as it did.
    if (lostKeyRace(error)) {
      const other = await replayOf(db, key, hash);
      if (other) return other;
    }
    if (departure && seatsRanOut(error)) throw conflict(soldOutMessage(departure.startDate));
    throw error;
  }
}

/** A package on sale as a booking request needs it: the package, its seller's contact and the figures the list shows. */
const packageOnSale = (db: Db, packageId: string) =>
  db
    // Aliased: inside a D1 batch rows come back keyed by column name, and `name` is also a package column.
    .select({
      p: packages,
      sellerEmail: sql<string>`${sellers.email}`.as("seller_email"),
      sellerName: sql<string>`${sellers.name}`.as("seller_name"),
    })
    .from(packages)
    .innerJoin(sellers, eq(sellers.id, packages.sellerId))
    .where(and(eq(packages.id, packageId), onSale()))
    .limit(1);

export type PricedRequest = {
  pkg: Awaited<ReturnType<typeof packageOnSale>>[number];
  /** The departure the start date names, when the package runs on departures (ADR 0044). */
  departure: ReturnType<typeof chooseDeparture>;
  priceTier: { label: string; price: number };
  price: ReturnType<typeof priceBooking>;
  /** What was chosen from the package's catalogue, as priced now (ADR 0045); null when nothing was. */
  choices: BookedChoices | null;
  /** The student discount's percent this price applied (ADR 0049); 0 when it did not. */
  studentPercent: number;
};

/**
 * The spec's `preferences.hotel` of a request: as sent, with the chosen hotel's name when a room type was chosen
 * (the free-text name is then the catalogue's), without the catalogue's own ids.
 */
export function hotelPreferenceOf(input: CreateBookingInput, choices: BookedChoices | null) {
  const { roomTypeId: _, ...hotel } = input.preferences.hotel;
  return choices?.hotel ? { ...hotel, hotel: choices.hotel.name, name: choices.hotel.name } : hotel;
}

/**
 * A booking request priced on the server (ADR 0010): the package must be on sale, the tier one of its priced
 * tiers and the start date in the future. Booking, the cart and checkout all price through here.
 */
/**
 * `seats: false` checks the departure but not its seats: a checkout opened again already held them, and its capture
 * takes them or refunds the trip as sold out (ADR 0044). `travellerId` is who buys: a verified student gets the
 * student discount on a package whose seller opted in (ADR 0049).
 */
export async function priceRequest(
  db: Db,
  input: CreateBookingInput,
  today: string,
  now = new Date(),
  { seats = true, travellerId = null }: { seats?: boolean; travellerId?: string | null } = {},
): Promise<PricedRequest> {
  // The package, its departures, the platform's rules and the traveller's student standing in one round trip.
  const reader = readerOf(db);
  const [[pkg], schedule, settingsRows, studentPercent] = await Promise.all([
    reader.load(packageOnSale(db, input.packageId)),
    reader.load(departureFacts(db, now).where(eq(departures.packageId, input.packageId)).limit(500)),
    reader.load(platformSettingsQuery(db)),
    studentPercentFor(reader, travellerId, now),
  ]);
  if (!pkg) throw notFound("Package not found");
  const settings = settingsOf(settingsRows);
  // SECURITY: the tier is checked against the package and its price read from it; the client names it only.
  const chosen = findPriceTier(pkg.p.priceRanges, input.priceTier);
  if (!chosen) throw unprocessable(input.priceTier === undefined ? PRICED_ON_REQUEST : PRICE_TIER_MESSAGE);
  if (!isPriced(chosen.tier)) throw unprocessable(PRICED_ON_REQUEST);
  const priceTier = { label: chosen.tier.label, price: chosen.tier.price };
  if (input.travelDates.startDate <= today) throw unprocessable("The travel start date must be in the future");
  const { adults, children } = input.customerDetails;
  // The operator's limit (issue 28); the request's schema holds only the ceiling the setting may reach.
  if (adults + children > settings.maxTravellers) throw unprocessable(tooManyTravellers(settings.maxTravellers));
  const departure = chooseDeparture(schedule, input.travelDates.startDate, seats ? adults + children : 0, now);
  const catalogue = await resolveChoices(
    db,
    pkg.p.id,
    { travellers: adults + children, durationDays: pkg.p.durationDays },
    {
      roomTypeId: input.preferences.hotel.roomTypeId,
      mealPlan: input.preferences.mealPlan,
      addons: input.preferences.addons,
    },
  );
  const price = priceBooking(
    {
      unitPrice: priceTier.price,
      adults,
      children,
      durationDays: pkg.p.durationDays,
      roomType: input.preferences.hotel.roomType,
      transportType: input.preferences.transport.type,
      choices: catalogue?.priced,
      studentDiscountPercent: pkg.p.studentDiscount ? studentPercent : 0,
    },
    settings,
  );
  return {
    pkg,
    priceTier,
    price,
    departure,
    choices: catalogue?.choices ?? null,
    studentPercent: price.studentDiscount ? studentPercent : 0,
  };
}

/** The booking in a stored answer. */
const bookingOf = (stored: string) => (JSON.parse(stored) as { data: Booking }).data;

/** An earlier request with the same key: the booking it made, or a refusal of another body. */
async function replayOf(db: Db, key: string, hash: string): Promise<RequestedBooking | null> {
  const row = await earlierRequest(db, key, hash, KEY_REUSED);
  if (!row) return null;
  if (row.status === "done" && row.responseBody) return { booking: bookingOf(row.responseBody), replayed: true };
  // Only a claim written before ADR 0020 (a separate statement then) can be left in progress.
  throw conflict("A booking request with this Idempotency-Key is still being processed; please try again");
}
