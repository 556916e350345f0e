import { sql } from "drizzle-orm";
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sellers } from "./sellers";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * The seller's booking voucher design (ADR 0046), one row per seller; a seller without one gets the defaults
 * (worker/domain/vouchers/template.ts). Texts are printed as plain text in the PDF, never interpreted.
 */
export const voucherTemplates = sqliteTable("voucher_templates", {
  sellerId: text("seller_id")
    .primaryKey()
    .references(() => sellers.id, { onDelete: "cascade" }),
  /** An image the platform serves (/media/… or /images/…); null uses the seller's profile logo. */
  logo: text("logo"),
  primaryColor: text("primary_color").notNull(),
  accentColor: text("accent_color").notNull(),
  headerText: text("header_text").notNull().default(""),
  footerText: text("footer_text").notNull().default(""),
  emergencyPhone: text("emergency_phone").notNull().default(""),
  /** The optional sections that appear, by name (VOUCHER_SECTIONS). */
  sections: text("sections", { mode: "json" }).$type<string[]>().notNull(),
  updatedAt: text("updated_at").notNull().default(now),
});
