import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { packages } from "./packages";
import { sellers } from "./sellers";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * A seller's catalogue beside their packages (issue 26, ADR 0045): hotels with room types, the meal plans a package
 * offers, and priced add-ons. Every row carries seller_id; money is integer paise.
 */
export const MEAL_PLAN_CODES = ["EP", "CP", "MAP", "AP"] as const;
export type MealPlanCode = (typeof MEAL_PLAN_CODES)[number];
export const ADDON_UNITS = ["person", "booking", "night"] as const;
export type AddonUnit = (typeof ADDON_UNITS)[number];

export const hotels = sqliteTable(
  "hotels",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    city: text("city").notNull(),
    stars: integer("stars").notNull(),
    image: text("image"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("hotels_seller_idx").on(t.sellerId, t.name)],
);

export const roomTypes = sqliteTable(
  "room_types",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    hotelId: text("hotel_id")
      .notNull()
      .references(() => hotels.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    occupancy: integer("occupancy").notNull(),
    pricePerNight: integer("price_per_night").notNull(),
  },
  (t) => [index("room_types_hotel_idx").on(t.hotelId), index("room_types_seller_idx").on(t.sellerId)],
);

export const packageHotels = sqliteTable(
  "package_hotels",
  {
    packageId: text("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    hotelId: text("hotel_id")
      .notNull()
      .references(() => hotels.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.hotelId] }), index("package_hotels_seller_idx").on(t.sellerId)],
);

/** The meal plans a package offers, each with its supplement per person per night. */
export const packageMealPlans = sqliteTable(
  "package_meal_plans",
  {
    packageId: text("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    code: text("code", { enum: MEAL_PLAN_CODES }).notNull(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    supplement: integer("supplement").notNull(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.code] }), index("package_meal_plans_seller_idx").on(t.sellerId)],
);

export const addons = sqliteTable(
  "addons",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    price: integer("price").notNull(),
    unit: text("unit", { enum: ADDON_UNITS }).notNull(),
    maxQuantity: integer("max_quantity").notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("addons_seller_idx").on(t.sellerId, t.name)],
);

export const packageAddons = sqliteTable(
  "package_addons",
  {
    packageId: text("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    addonId: text("addon_id")
      .notNull()
      .references(() => addons.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.addonId] }), index("package_addons_seller_idx").on(t.sellerId)],
);
