import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const ROLES = ["user", "seller", "superadmin"] as const;
export type Role = (typeof ROLES)[number];

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    // Stored lower-cased; the unique index makes addresses case-insensitive.
    email: text("email").notNull(),
    phone: text("phone"),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("user"),
    isVerified: integer("is_verified", { mode: "boolean" }).notNull().default(false),
    tokenVersion: integer("token_version").notNull().default(0),
    status: text("status", { enum: ["active", "disabled"] })
      .notNull()
      .default("active"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("users_email_unique").on(sql`lower(${t.email})`)],
);

export const otpCodes = sqliteTable(
  "otp_codes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify-email", "change-password", "reset-password"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: text("expires_at").notNull(),
    consumedAt: text("consumed_at"),
    sendCount: integer("send_count").notNull().default(1),
    windowStartedAt: text("window_started_at").notNull().default(now),
    lastSentAt: text("last_sent_at").notNull().default(now),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("otp_codes_user_purpose").on(t.userId, t.purpose)],
);

/** Consecutive misses across codes, for the 24-hour lock. */
export const otpLocks = sqliteTable("otp_locks", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  misses: integer("misses").notNull().default(0),
  lockedUntil: text("locked_until"),
});

/** Sister-platform hand-over tokens already used (by `jti`), kept until they expire: each signs in once. */
export const handoverTokens = sqliteTable("handover_tokens", {
  jti: text("jti").primaryKey(),
  userId: text("user_id").notNull(),
  expiresAt: text("expires_at").notNull(),
});

/**
 * Sessions ended by logout before their token expires (ADR 0036): the guard refuses a token whose `jti` is here.
 * Kept until the token would have expired (the daily clean-up then deletes it).
 */
export const endedSessions = sqliteTable("ended_sessions", {
  sid: text("sid").primaryKey(),
  userId: text("user_id").notNull(),
  expiresAt: text("expires_at").notNull(),
});

export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStart: integer("window_start").notNull(),
});

/**
 * Follow-up work, each row one message on the FOLLOW_UPS queue (ADR 0039). An `email` row is written with its text; a
 * booking's follow-up (`booking-answer`, `booking-cancellation`) is written in the decision's own batch with only its
 * `payload`, and becomes the customer's or seller's email (to, subject, text) when the consumer first handles it.
 * `pending` until delivered (`sent`); `sending` while one consumer holds it (`claimed_at`); `dead` after the queue's
 * last retry, with `error`, until the operator retries it.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id"),
    kind: text("kind", {
      enum: [
        "email",
        "booking-answer",
        "booking-cancellation",
        "payment-receipt",
        "seller-request",
        "payment-unbooked",
        // Not an email: deleting a decided student ID from R2 (issue 28), retried as the emails are.
        "student-document",
        "review-invitation",
        // A cancelled flight, stay or bus trip (ADR 0053): its refund is made, then the traveller is told.
        "travel-cancellation",
        // Not an email: the pre-sized copies of a seller's uploaded image (ADR 0062).
        "image-variants",
      ],
    })
      .notNull()
      .default("email"),
    payload: text("payload", { mode: "json" }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: ["pending", "sending", "sent", "dead"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    claimedAt: text("claimed_at"),
    sentAt: text("sent_at"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("outbox_to_idx").on(t.to, t.createdAt), index("outbox_status_idx").on(t.status, t.createdAt)],
);

export { now as sqlNow };

/**
 * A customer's application to sell on Tripbazaar (travel agents). A superadmin approves it,
 * which makes the user a seller with a website, or rejects it with a note (ADR 0015).
 */
export const sellerRequests = sqliteTable(
  "seller_requests",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessName: text("business_name").notNull(),
    phone: text("phone").notNull(),
    city: text("city").notNull(),
    about: text("about").notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    reviewNote: text("review_note"),
    reviewedBy: text("reviewed_by"),
    reviewedAt: text("reviewed_at"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    index("seller_requests_status_idx").on(t.status, t.createdAt),
    // At most one open application per user.
    uniqueIndex("seller_requests_one_pending").on(t.userId).where(sql`status = 'pending'`),
  ],
);
