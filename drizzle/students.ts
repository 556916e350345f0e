import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const STUDENT_STATUSES = ["pending", "verified", "rejected"] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];

/**
 * A traveller's student verification (issue 28), one row per account: the latest submission and what was decided
 * about it. While it waits, `document_key` names the uploaded student ID in R2 (a private key, never under /media/);
 * the decision clears it and a follow-up deletes the file, so only the decision is kept (institution, course end,
 * status, reason, expiry). A verified row counts until `expires_at`: the earlier of the course end and 12 months
 * after approval (ADR 0049).
 */
export const studentVerifications = sqliteTable(
  "student_verifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: STUDENT_STATUSES }).notNull().default("pending"),
    institution: text("institution").notNull(),
    /** YYYY-MM-DD, the course's last day as the traveller stated it. */
    courseEndDate: text("course_end_date").notNull(),
    documentKey: text("document_key"),
    documentType: text("document_type"),
    submittedAt: text("submitted_at").notNull().default(now),
    decidedAt: text("decided_at"),
    decidedBy: text("decided_by"),
    reason: text("reason"),
    /** ISO instant; only on a verified row. */
    expiresAt: text("expires_at"),
  },
  (t) => [
    index("student_verifications_status_idx").on(t.status, t.submittedAt),
    check("student_verifications_expiry", sql`status <> 'verified' or expires_at is not null`),
  ],
);
