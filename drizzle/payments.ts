import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { packages } from "./packages";
import { sellers } from "./sellers";
import { users } from "./users";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * The money tables (ADR 0029). Amounts are integer paise. Every payment, refund and webhook is a row; a booking's
 * `payment_status` only summarises them.
 */

/**
 * A traveller's cart, on the server so it follows them across devices. `request` is a booking request as POST
 * /api/bookings takes it. A package the seller deletes leaves its cart lines (package null, the name kept), so the
 * cart says the trip is no longer available instead of the delete failing (issue 23).
 */
export const cartItems = sqliteTable(
  "cart_items",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    packageId: text("package_id").references(() => packages.id, { onDelete: "set null" }),
    packageName: text("package_name").notNull().default(""),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    request: text("request", { mode: "json" }).notNull().$type<unknown>(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("cart_items_user_idx").on(t.userId, t.createdAt)],
);

/** `authorized`: the bank approved it but the money is not captured yet; nothing is booked until it is (ADR 0043). */
export const PAYMENT_ROW_STATUSES = ["created", "authorized", "captured", "failed"] as const;
export const PROVIDERS = ["test", "razorpay"] as const;

/** One checkout: one provider order, paid once, for one or more bookings. */
export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    provider: text("provider", { enum: PROVIDERS }).notNull(),
    providerOrderId: text("provider_order_id").notNull().unique(),
    providerPaymentId: text("provider_payment_id").unique(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("INR"),
    status: text("status", { enum: PAYMENT_ROW_STATUSES }).notNull().default("created"),
    failureReason: text("failure_reason"),
    /** The seller site the checkout started on (Book Now), whose brand the success page keeps; null for the main site's cart. */
    siteSellerId: text("site_seller_id"),
    siteHost: text("site_host"),
    createdAt: text("created_at").notNull().default(now),
    capturedAt: text("captured_at"),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [index("payments_user_idx").on(t.userId, t.createdAt)],
);

export const PAYMENT_ITEM_OUTCOMES = ["booked", "refunded"] as const;

/**
 * A payment's share per booking: what each seller's ledger reads. The booking id is chosen at checkout and the
 * booking written from `booking` (its row and travellers) in the batch that captures the payment.
 */
export const paymentItems = sqliteTable(
  "payment_items",
  {
    bookingId: text("booking_id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    cartItemId: text("cart_item_id"),
    amount: integer("amount").notNull(),
    booking: text("booking", { mode: "json" }).notNull().$type<unknown>(),
    /** Set by the capture: the booking was written, or the item's money is refunded (`unbookedReason` says why). */
    outcome: text("outcome", { enum: PAYMENT_ITEM_OUTCOMES }),
    unbookedReason: text("unbooked_reason"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    index("payment_items_payment_idx").on(t.paymentId),
    index("payment_items_seller_idx").on(t.sellerId, t.createdAt),
    // A cart line is booked once: a second checkout of the same cart that is paid too fails here and is refunded.
    uniqueIndex("payment_items_cart_item_booked").on(t.cartItemId).where(sql`outcome = 'booked'`),
  ],
);

/**
 * `unbooked`: captured money whose booking could not be written (the trip gone or changed, a stale or second checkout).
 * `duplicate`: a second payment the provider took for an order already paid, refunded whole (issue 25).
 */
export const REFUND_REASONS = ["rejected", "cancelled", "expired", "unbooked", "duplicate"] as const;
/**
 * `pending` until the provider settles it, also while it is retried after a refusal; `attention` once the provider
 * refused it on every scheduled try (ADR 0029), until the operator retries it. `failed` is only on older rows.
 */
export const REFUND_STATUSES = ["pending", "processed", "failed", "attention"] as const;

/** At most one refund per booking (or per payment item that never became one): its id is `rf_{bookingId}`. */
export const refunds = sqliteTable(
  "refunds",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id),
    bookingId: text("booking_id")
      .notNull()
      .references(() => paymentItems.bookingId),
    sellerId: text("seller_id")
      .notNull()
      .references(() => sellers.id),
    amount: integer("amount").notNull(),
    reason: text("reason", { enum: REFUND_REASONS }).notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    providerRefundId: text("provider_refund_id").unique(),
    failureReason: text("failure_reason"),
    createdAt: text("created_at").notNull().default(now),
    processedAt: text("processed_at"),
    /** The provider's refusals so far; each try after one goes under a new receipt (`rf_…-2`), as a new refund there. */
    attempts: integer("attempts").notNull().default(0),
    /** When the scheduled run may ask again after a refusal (backoff); null asks on its next run. */
    nextAttemptAt: text("next_attempt_at"),
    /** The provider payment to refund when it is not the order's captured one (a duplicate payment). */
    providerPaymentId: text("provider_payment_id"),
  },
  (t) => [index("refunds_seller_idx").on(t.sellerId, t.createdAt), index("refunds_payment_idx").on(t.paymentId)],
);

export const EVENT_OUTCOMES = ["applied", "duplicate", "ignored", "refused"] as const;

/** Every webhook and payment callback we were sent, once per provider event id. */
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    id: text("id").primaryKey(),
    provider: text("provider", { enum: PROVIDERS }).notNull(),
    type: text("type").notNull(),
    paymentId: text("payment_id"),
    outcome: text("outcome", { enum: EVENT_OUTCOMES }).notNull(),
    detail: text("detail"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("payment_events_payment_idx").on(t.paymentId)],
);
