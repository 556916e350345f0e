import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * Flights, hotels and buses (issue 27). Reference data of the built-in offline flight supplier (seeded by the
 * migration, ADR 0053), and the platform's own bookings of any travel kind: the platform is their merchant.
 */

/** Indian airports; `city_code` groups a city's airports (Goa: GOI and GOX), so a search by city covers both. */
export const airports = sqliteTable("airports", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  city: text("city").notNull(),
  cityCode: text("city_code").notNull(),
  /** Terminals a flight may use, comma-separated ("1,2,3"). */
  terminals: text("terminals").notNull().default("1"),
});

export const carriers = sqliteTable("carriers", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  /** 1 for a low-cost carrier (no free meal, saver fares not refundable). */
  lowCost: integer("low_cost").notNull().default(1),
  /** 1 when the carrier sells business class. */
  business: integer("business").notNull().default(0),
});

/** The routes flown non-stop, one row per direction, with the block time and a typical economy fare (paise). */
export const flightRoutes = sqliteTable(
  "flight_routes",
  {
    origin: text("origin").notNull(),
    destination: text("destination").notNull(),
    blockMinutes: integer("block_minutes").notNull(),
    baseFare: integer("base_fare").notNull(),
  },
  (t) => [primaryKey({ columns: [t.origin, t.destination] })],
);

/**
 * Seats the platform sold on one flight on one day (`6E-2134:2026-12-15`), which the offline supplier takes from its
 * seats left; `fare_adjust` (paise) moves its fare, which the development-only endpoint uses to show a fare change.
 */
export const flightInventory = sqliteTable(
  "flight_inventory",
  {
    flightKey: text("flight_key").primaryKey(),
    seatsSold: integer("seats_sold").notNull().default(0),
    fareAdjust: integer("fare_adjust").notNull().default(0),
    /** The key's day (its last ten characters), computed by SQLite: a search reads the flights of its dates by it. */
    flightDate: text("flight_date").generatedAlwaysAs(sql`substr(flight_key, -10)`, { mode: "virtual" }),
  },
  // Without it a search scanned every flight of every day sold (ADR 0053).
  (t) => [index("flight_inventory_date_idx").on(t.flightDate)],
);

export const TRAVEL_BOOKING_STATUSES = ["confirmed", "cancelled"] as const;

/**
 * A paid flight, stay or bus trip. Its id is the payment item's booking id (fixed at checkout, written by the capture
 * batch), so its payment and refund are found by it; the offer and choice are snapshots, never re-read.
 */
export const travelBookings = sqliteTable(
  "travel_bookings",
  {
    id: text("id").primaryKey(),
    bookingRef: text("booking_ref").notNull().unique(),
    kind: text("kind", { enum: ["flight", "hotel", "bus"] }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    paymentId: text("payment_id").notNull(),
    title: text("title").notNull(),
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    amount: integer("amount").notNull(),
    offer: text("offer", { mode: "json" }).notNull().$type<unknown>(),
    choice: text("choice", { mode: "json" }).notNull().$type<unknown>(),
    status: text("status", { enum: TRAVEL_BOOKING_STATUSES }).notNull().default("confirmed"),
    refundAmount: integer("refund_amount"),
    createdAt: text("created_at").notNull().default(now),
    cancelledAt: text("cancelled_at"),
  },
  (t) => [index("travel_bookings_user_idx").on(t.userId, t.startDate)],
);
