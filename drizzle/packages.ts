import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sellers } from "./sellers";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** Money is integer paise everywhere (₹15,999 is 1599900). */
export type PriceRange = { label: string; price: number };
/** One day of a package's day-by-day itinerary (issue 26). */
export type ItineraryDay = { day: number; title: string; details: string; overnight: string; meals: string };

export const MODERATION_STATES = ["pending", "approved", "rejected"] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

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
    /**
     * The operator's review (issue 28, ADR 0048): only an `approved` package can be on sale. A new package starts
     * `pending` while the platform setting "new packages need approval" is on; packages made before it count as approved.
     */
    moderation: text("moderation", { enum: MODERATION_STATES }).notNull().default("approved"),
    /** Why the operator rejected it, shown to the seller; null otherwise. */
    moderationReason: text("moderation_reason"),
    rating: real("rating").notNull().default(0),
    reviews: integer("reviews").notNull().default(0),
    /** The seller offers the platform's student discount on this package (issue 28); off unless they opt in. */
    studentDiscount: integer("student_discount", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    index("packages_seller_idx").on(t.sellerId, t.status, t.createdAt),
    index("packages_moderation_idx").on(t.moderation, t.createdAt),
  ],
);

/** The reviewed fields of a package (ADR 0048): its text and photos. */
export type ModeratedFields = {
  name: string;
  city: string;
  description: string;
  images: string[];
  inclusions: string[];
  exclusions: string[];
  itinerary: ItineraryDay[];
};

/**
 * A seller's change to the text or photos of an approved package while approval is required (issue 28, ADR 0048):
 * the live package stays as it is until the operator approves. `changes` holds only the fields that differ, as the
 * seller wants them; `before` the same fields as they were live when it was sent. At most one is pending per package
 * (a newer change supersedes it).
 */
export const packageEdits = sqliteTable(
  "package_edits",
  {
    id: text("id").primaryKey(),
    packageId: text("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "approved", "rejected", "superseded"] })
      .notNull()
      .default("pending"),
    changes: text("changes", { mode: "json" }).$type<Partial<ModeratedFields>>().notNull(),
    before: text("before", { mode: "json" }).$type<Partial<ModeratedFields>>().notNull(),
    reason: text("reason"),
    submittedAt: text("submitted_at").notNull().default(now),
    decidedAt: text("decided_at"),
    decidedBy: text("decided_by"),
  },
  (t) => [
    uniqueIndex("package_edits_one_pending").on(t.packageId).where(sql`status = 'pending'`),
    index("package_edits_status_idx").on(t.status, t.submittedAt),
    index("package_edits_seller_idx").on(t.sellerId, t.packageId),
  ],
);
