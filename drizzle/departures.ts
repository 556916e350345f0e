import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { packages } from "./packages";
import { sellers } from "./sellers";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * A fixed departure of a package (ADR 0044): a date with a number of seats. `sold` and `held` are the seats taken by
 * bookings and by checkouts not yet paid; the CHECK `departure_seats_fit` makes sold + held > capacity impossible to
 * write, so every batch that takes seats fails as a whole when they are gone. One departure per package and date: the
 * booking's start date names it.
 */
export const departures = sqliteTable(
  "departures",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    packageId: text("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    startDate: text("start_date").notNull(),
    capacity: integer("capacity").notNull(),
    sold: integer("sold").notNull().default(0),
    held: integer("held").notNull().default(0),
    /** Bookings close this many hours before the start (00:00 in India on the start date). */
    cutoffHours: integer("cutoff_hours").notNull().default(0),
    /** The smallest group the seller runs the departure for; shown to travellers, not enforced per booking. */
    minGroup: integer("min_group"),
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("departures_package_date_idx").on(t.packageId, t.startDate),
    index("departures_seller_idx").on(t.sellerId, t.startDate),
    check("departure_seats_fit", sql`capacity > 0 and sold >= 0 and held >= 0 and sold + held <= capacity`),
  ],
);

export const SEAT_HOLD_STATUSES = ["held", "sold", "released"] as const;

/**
 * Seats of one booking-to-be on one departure (its id is the booking's id): `held` from checkout for 15 minutes,
 * `sold` once paid (or requested), `released` when the payment failed or lapsed or the booking ended. Every change of
 * status changes the departure's counts in the same batch.
 */
export const seatHolds = sqliteTable(
  "seat_holds",
  {
    id: text("id").primaryKey(),
    departureId: text("departure_id")
      .notNull()
      .references(() => departures.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    /** The checkout that holds them; null for a booking request made without paying. */
    paymentId: text("payment_id"),
    seats: integer("seats").notNull(),
    status: text("status", { enum: SEAT_HOLD_STATUSES }).notNull().default("held"),
    expiresAt: text("expires_at").notNull(),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    index("seat_holds_departure_idx").on(t.departureId, t.status),
    index("seat_holds_payment_idx").on(t.paymentId),
    index("seat_holds_expiry_idx").on(t.status, t.expiresAt),
    check("seat_hold_seats", sql`seats > 0`),
  ],
);
