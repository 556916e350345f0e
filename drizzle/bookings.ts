import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { packages } from "./packages";
import { sellers } from "./sellers";
import { users } from "./users";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const BOOKING_STATUSES = ["pending", "confirmed", "cancelled", "rejected"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const PAYMENT_STATUSES = ["pending", "completed", "refunded", "failed"] as const;

export type HotelPreference = { hotel?: string; name?: string; roomType?: string };
export type TransportPreference = { name?: string; type?: string };
/** The package price a booking was priced at, as the package listed it then (label and paise per person). */
export type BookedPriceTier = { label: string; price: number };
/** The platform percentages a booking was priced with (issue 28, worker/domain/bookings/price-terms.ts). */
export type BookedPriceTerms = { discountPercent: number; bookingFeePercent: number; childrenDiscountPercent: number };
/**
 * What the traveller chose from the package's catalogue, as it was priced then (ADR 0045): names and paise, so a
 * later change to the catalogue never alters the booking. Null on bookings without such choices.
 */
export type BookedChoices = {
  hotel?: {
    id: string;
    name: string;
    city: string;
    stars: number;
    roomTypeId: string;
    roomType: string;
    occupancy: number;
    pricePerNight: number;
    rooms: number;
    nights: number;
  };
  mealPlan?: { code: string; label: string; supplement: number };
  addons?: { id: string; name: string; unit: string; price: number; quantity: number; amount: number }[];
};

export const bookings = sqliteTable(
  "bookings",
  {
    id: text("id").primaryKey(),
    bookingRef: text("booking_ref").notNull().unique(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    packageId: text("package_id")
      .notNull()
      .references(() => packages.id),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("pending"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    startDate: text("start_date").notNull(),
    adults: integer("adults").notNull(),
    children: integer("children").notNull().default(0),
    hotelPreference: text("hotel_preference", { mode: "json" }).$type<HotelPreference | null>(),
    transportPreference: text("transport_preference", { mode: "json" }).$type<TransportPreference | null>(),
    // Pricing, integer paise, computed on the server. price_tier is null on bookings made before tiers could be chosen.
    priceTier: text("price_tier", { mode: "json" }).$type<BookedPriceTier | null>(),
    basePrice: integer("base_price").notNull(),
    discount: integer("discount").notNull(),
    /** A verified student's discount (issue 28), kept as priced: a later setting or expiry never changes it. */
    studentDiscount: integer("student_discount").notNull().default(0),
    roomCharge: integer("room_charge").notNull().default(0),
    transportCharge: integer("transport_charge").notNull().default(0),
    mealCharge: integer("meal_charge").notNull().default(0),
    addonCharge: integer("addon_charge").notNull().default(0),
    choices: text("choices", { mode: "json" }).$type<BookedChoices | null>(),
    taxes: integer("taxes").notNull(),
    total: integer("total").notNull(),
    // The platform's percentages the booking was priced with (issue 28); null on bookings priced before they could
    // change, which were priced with spec §9's. A change of the settings never reaches a booking already made.
    priceTerms: text("price_terms", { mode: "json" }).$type<BookedPriceTerms | null>(),
    specialRequests: text("special_requests"),
    sellerResponseStatus: text("seller_response_status", { enum: ["approved", "rejected"] }),
    sellerResponseMessage: text("seller_response_message"),
    sellerRespondedAt: text("seller_responded_at"),
    // Who ended a cancelled booking: the customer, or the 48-hour expiry of an unanswered paid request (ADR 0029).
    cancelledBy: text("cancelled_by", { enum: ["customer", "expiry"] }),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [index("bookings_seller_idx").on(t.sellerId, t.createdAt), index("bookings_user_idx").on(t.userId, t.createdAt)],
);

export const travellers = sqliteTable(
  "travellers",
  {
    id: text("id").primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    fullName: text("full_name").notNull(),
    type: text("type", { enum: ["adult", "child"] }).notNull(),
    age: integer("age").notNull(),
    gender: text("gender").notNull(),
  },
  (t) => [index("travellers_booking_idx").on(t.bookingId), index("travellers_seller_idx").on(t.sellerId)],
);

/** Per-year counter behind the human-readable booking id (TB-2026-000123). */
export const bookingSequences = sqliteTable("booking_sequences", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull().default(0),
});

export const idempotencyKeys = sqliteTable("idempotency_keys", {
  // Scoped by user: "{userId}:{key}".
  key: text("key").primaryKey(),
  userId: text("user_id").notNull(),
  requestHash: text("request_hash").notNull(),
  status: text("status", { enum: ["in-progress", "done"] })
    .notNull()
    .default("in-progress"),
  responseStatus: integer("response_status"),
  responseBody: text("response_body"),
  createdAt: text("created_at").notNull().default(now),
});
