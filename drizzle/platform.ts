import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * The platform's rules (issue 28): one row (`id = 'platform'`), the business constants of spec §9 that the operator
 * may change. Pricing reads it with the rest of a request's reads; a booking keeps the figures it was priced with, so a
 * change applies from the next request and never to an existing booking. No row means spec §9's defaults.
 */
export const platformSettings = sqliteTable(
  "platform_settings",
  {
    id: text("id").primaryKey(),
    discountPercent: integer("discount_percent").notNull().default(10),
    bookingFeePercent: integer("booking_fee_percent").notNull().default(18),
    maxTravellers: integer("max_travellers").notNull().default(12),
    childrenDiscountPercent: integer("children_discount_percent").notNull().default(0),
    studentDiscountPercent: integer("student_discount_percent").notNull().default(5),
    /** On: a seller's new package waits for the operator's approval before anyone sees it. */
    packagesNeedApproval: integer("packages_need_approval", { mode: "boolean" }).notNull().default(false),
    updatedAt: text("updated_at").notNull().default(now),
    updatedBy: text("updated_by"),
  },
  () => [
    check("platform_settings_one_row", sql`id = 'platform'`),
    check(
      "platform_settings_percents",
      sql`discount_percent between 0 and 90 and booking_fee_percent between 0 and 50 and children_discount_percent between 0 and 100 and student_discount_percent between 0 and 90`,
    ),
    check("platform_settings_travellers", sql`max_travellers between 1 and 50`),
  ],
);

/**
 * Every admin action (issue 28): who (user id, role), what (`action`, e.g. `settings.update`, `review.remove`), on
 * what (`target_type`, `target_id`), the state before and after (JSON), the stated reason, when and from which
 * address. Appended in the same D1 batch as the change it records. Triggers in the migration refuse every UPDATE and
 * DELETE, so nothing can edit or remove an entry.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    actorId: text("actor_id").notNull(),
    actorRole: text("actor_role").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: text("before", { mode: "json" }).$type<unknown>(),
    after: text("after", { mode: "json" }).$type<unknown>(),
    reason: text("reason"),
    ip: text("ip"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_target_idx").on(t.targetType, t.targetId, t.createdAt),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt),
  ],
);
