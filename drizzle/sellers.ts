import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** A seller's id is its owner's user id, so "logged-in id equals sellerId" holds. */
export const sellers = sqliteTable(
  "sellers",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    bio: text("bio"),
    logo: text("logo"),
    backgroundImage: text("background_image"),
    address: text("address"),
    // Opening hours in the seller's own words ("Mon–Sat 10:00–19:00"); plain text, shown only when set.
    hours: text("hours"),
    // The seller's own pages elsewhere (https:// only), in their order; null when none is given.
    socialLinks: text("social_links", { mode: "json" }).$type<string[]>(),
    // Bumped on every change to the public site; part of the edge cache key.
    contentVersion: integer("content_version").notNull().default(1),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
    // The site's readable address, `/seller/{slug}/website` (ADR 0040). Null only for a row written before
    // migration 0009 and not yet backfilled; every seller the app creates gets one.
    slug: text("slug"),
  },
  (t) => [uniqueIndex("sellers_slug_unique").on(t.slug)],
);

/**
 * A slug a seller gave up when they changed theirs (once, ADR 0040): its address redirects to the new one
 * forever, so no other seller may take it. One row per seller at most, which is the change-once rule.
 */
export const sellerSlugChanges = sqliteTable(
  "seller_slug_changes",
  {
    oldSlug: text("old_slug").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    changedAt: text("changed_at").notNull().default(now),
  },
  (t) => [uniqueIndex("seller_slug_changes_one_per_seller").on(t.sellerId)],
);

export const websiteConfigs = sqliteTable("website_configs", {
  sellerId: text("seller_id")
    .primaryKey()
    .references(() => sellers.id, { onDelete: "cascade" }),
  themeColor: text("theme_color"),
  secondaryColor: text("secondary_color"),
  websiteName: text("website_name"),
  wallpaperImage: text("wallpaper_image"),
  updatedAt: text("updated_at").notNull().default(now),
});

/** One DNS record the seller creates for a custom domain; "HTTP" is a file served at `name` with `value` as its body. */
export type DomainRecord = {
  type: "CNAME" | "TXT" | "HTTP";
  name: string;
  value: string;
  purpose: "routing" | "ownership" | "certificate";
};

export const customDomains = sqliteTable(
  "custom_domains",
  {
    id: text("id").primaryKey(),
    hostname: text("hostname").notNull().unique(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    // pending: waiting for the seller's DNS records; verifying: Cloudflare sees the hostname, its certificate is on
    // its way; active: served; failed: see failure_reason (ADR 0041).
    status: text("status", { enum: ["pending", "verifying", "active", "failed"] })
      .notNull()
      .default("pending"),
    verificationToken: text("verification_token").notNull(),
    // The custom hostname's id at Cloudflare for SaaS; null when no provider is configured (manual activation).
    providerId: text("provider_id"),
    // The ownership and certificate records Cloudflare asks for, as last read (worker/saas/custom-hostnames.ts).
    records: text("records", { mode: "json" }).$type<DomainRecord[]>(),
    failureReason: text("failure_reason"),
    // Switched off by a superadmin: no check turns it back on; only a superadmin's activation does.
    heldByAdmin: integer("held_by_admin", { mode: "boolean" }).notNull().default(false),
    checkedAt: text("checked_at"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("custom_domains_seller_idx").on(t.sellerId), index("custom_domains_status_idx").on(t.status, t.checkedAt)],
);

/**
 * Messages visitors send through a seller website's contact form: the seller's inbox
 * (seller dashboard → Messages). Seller-owned, so every read is scoped by seller_id.
 */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: ["new", "read"] })
      .notNull()
      .default("new"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("contact_messages_seller_idx").on(t.sellerId, t.createdAt)],
);
