import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sellers } from "./sellers";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** Money is integer paise everywhere (₹15,999 is 1599900). */
export type PriceRange = { label: string; price: number };
/** One day of a package's day-by-day itinerary (issue 26). */
export type ItineraryDay = { day: number; title: string; details: string; overnight: string; meals: string };

export const packages = sqliteTable(
  "packages",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    city: text("city").notNull(),
    description: text("description").notNull().default(""),
    durationDays: integer("duration_days").notNull(),
    images: text("images", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    priceRanges: text("price_ranges", { mode: "json" }).$type<PriceRange[]>().notNull().default(sql`'[]'`),
    inclusions: text("inclusions", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    exclusions: text("exclusions", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    itinerary: text("itinerary", { mode: "json" }).$type<ItineraryDay[]>().notNull().default(sql`'[]'`),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    rating: real("rating").notNull().default(0),
    reviews: integer("reviews").notNull().default(0),
    /** The seller offers the platform's student discount on this package (issue 28); off unless they opt in. */
    studentDiscount: integer("student_discount", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [index("packages_seller_idx").on(t.sellerId, t.status, t.createdAt)],
);
