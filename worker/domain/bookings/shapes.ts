import { type SQL, asc, eq, inArray, sql } from "drizzle-orm";
import { bookings, packages, travellers, users } from "@db/schema";
import type { Db } from "../../db/client";
import { durationLabel } from "../seller-website/shapes";
import { SPEC_TERMS } from "./price-terms";
import { sameTerms } from "./pricing";

/** Columns behind the spec §3 Booking shape: the booking with its package and customer. */
export const bookingColumns = {
  id: bookings.id,
  bookingRef: bookings.bookingRef,
  sellerId: bookings.sellerId,
  userId: bookings.userId,
  status: bookings.status,
  paymentStatus: bookings.paymentStatus,
  createdAt: bookings.createdAt,
  startDate: bookings.startDate,
  adults: bookings.adults,
  children: bookings.children,
  hotelPreference: bookings.hotelPreference,
  transportPreference: bookings.transportPreference,
  priceTier: bookings.priceTier,
  basePrice: bookings.basePrice,
  discount: bookings.discount,
  studentDiscount: bookings.studentDiscount,
  roomCharge: bookings.roomCharge,
  transportCharge: bookings.transportCharge,
  mealCharge: bookings.mealCharge,
  addonCharge: bookings.addonCharge,
  choices: bookings.choices,
  priceTerms: bookings.priceTerms,
  taxes: bookings.taxes,
  total: bookings.total,
  specialRequests: bookings.specialRequests,
  sellerResponseStatus: bookings.sellerResponseStatus,
  sellerResponseMessage: bookings.sellerResponseMessage,
  sellerRespondedAt: bookings.sellerRespondedAt,
  // D1 batches return rows keyed by column name, so joined columns with clashing names are aliased.
  packageId: sql<string>`${packages.id}`.as("package_ref"),
  packageName: sql<string>`${packages.name}`.as("package_name"),
  packageCity: packages.city,
  packageRating: packages.rating,
  packageReviews: packages.reviews,
  packageDurationDays: packages.durationDays,
  packageImages: packages.images,
  customerName: sql<string>`${users.name}`.as("customer_name"),
  customerEmail: users.email,
  customerPhone: users.phone,
};

export type BookingRow = Awaited<ReturnType<ReturnType<typeof selectBookings>["all"]>>[number];
export type TravellerRow = typeof travellers.$inferSelect;

/** A select of bookings joined to their package and customer; callers add where/order/limit. */
export const selectBookings = (db: Db) =>
  db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(packages, eq(packages.id, bookings.packageId))
    .innerJoin(users, eq(users.id, bookings.userId));

/**
 * A booking page's address names the booking by its number, TB-YYYY-NNNNNN, the one reference people see (issue
 * 24); links made before that carry its internal id, which still works. `bookingIdOf` is the id either names, as a
 * value of the same query (a sub-select for a number), so reading a booking by its number costs no extra round trip.
 */
export const isBookingRef = (key: string) => /^TB-\d{4}-\d{6}$/.test(key);
export const bookingIdOf = (key: string): SQL | string =>
  isBookingRef(key) ? sql`(select ${sql.identifier("id")} from ${bookings} where ${sql.identifier("booking_ref")} = ${key})` : key;

/** One booking's travellers, the booking named by its number or its id. */
export const travellersOfBooking = (db: Db, key: string) =>
  db
    .select()
    .from(travellers)
    .where(eq(travellers.bookingId, bookingIdOf(key)))
    .orderBy(asc(travellers.position));

export const travellersOf = (db: Db, bookingIds: string[]) =>
  db
    .select()
    .from(travellers)
    .where(inArray(travellers.bookingId, bookingIds))
    .orderBy(asc(travellers.bookingId), asc(travellers.position));

/** The spec §3 Booking. Money in integer paise. */
export function toBooking(r: BookingRow, people: TravellerRow[]) {
  return {
    _id: r.id,
    bookingId: r.bookingRef,
    status: r.status,
    paymentStatus: r.paymentStatus,
    createdAt: r.createdAt,
    travelDates: { startDate: r.startDate },
    packageId: {
      _id: r.packageId,
      name: r.packageName,
      location: r.packageCity,
      rating: r.packageRating,
      reviews: r.packageReviews,
      duration: durationLabel(r.packageDurationDays),
      mainPhotos: r.packageImages,
    },
    userId: { _id: r.userId, name: r.customerName, email: r.customerEmail, phone: r.customerPhone },
    sellerId: r.sellerId,
    customerDetails: {
      adults: r.adults,
      children: r.children,
      travellers: people
        .filter((t) => t.bookingId === r.id)
        .map((t) => ({ title: t.title, fullName: t.fullName, type: t.type, age: t.age, gender: t.gender })),
    },
    preferences: {
      hotel: r.hotelPreference ?? { roomType: "standard" },
      transport: r.transportPreference ?? { type: "included" },
    },
    pricing: {
      basePrice: r.basePrice,
      discount: r.discount,
      // Only when a verified student's discount applied (ADR 0049): the spec §3 breakdown stays as it was otherwise.
      ...(r.studentDiscount ? { studentDiscount: r.studentDiscount } : {}),
      roomCharge: r.roomCharge,
      transportCharge: r.transportCharge,
      // Only on bookings with catalogue choices (ADR 0045): the spec §3 breakdown stays as it was for the rest.
      ...(r.choices ? { mealCharge: r.mealCharge, addonCharge: r.addonCharge } : {}),
      taxes: r.taxes,
      total: r.total,
      // The percentages it was priced with (issue 28), only when they are not spec §9's: a booking priced with the
      // defaults (and every booking from before the settings) keeps the spec §3 breakdown, and absent means spec §9's.
      ...(r.priceTerms && !sameTerms(r.priceTerms, SPEC_TERMS) ? { priceTerms: r.priceTerms } : {}),
    },
    /** What the traveller chose from the package's hotels, meal plans and add-ons, at the prices then; or null. */
    choices: r.choices ?? null,
    /** The package price (tier) the booking was priced at; null on bookings from before tiers could be chosen. */
    priceTier: r.priceTier ?? null,
    specialRequests: r.specialRequests,
    sellerResponse: r.sellerResponseStatus
      ? { status: r.sellerResponseStatus, message: r.sellerResponseMessage ?? "", respondedAt: r.sellerRespondedAt }
      : null,
  };
}

export type Booking = ReturnType<typeof toBooking>;

export const pagination = (page: number, limit: number, total: number) => ({
  page,
  limit,
  total,
  pages: Math.max(1, Math.ceil(total / limit)),
});
