import { and, gte, sql } from "drizzle-orm";
import {
  bookings,
  outbox,
  packageEdits,
  packages,
  refunds,
  reviews,
  sellerRequests,
  sellers,
  studentVerifications,
  users,
} from "@db/schema";
import type { Reader } from "../../db/batcher";
import { CHART_WEEKS, type WeekFigures } from "../departures/weekly";

const WEEK_MS = 7 * 86_400_000;

/** What waits for the operator, each queue counted and linked to the screen that works it. */
export type OperatorQueue = { key: string; label: string; to: string; count: number };

/**
 * The panel's overview (issue 28): the platform's figures, its last 12 weeks and what waits for the operator, all in
 * one D1 round trip with the page's session check.
 */
export async function platformOverview({ db, load }: Reader, now: Date) {
  const since = new Date(now.getTime() - CHART_WEEKS * WEEK_MS).toISOString();
  const weeksAgo = sql<number>`cast((julianday(${now.toISOString()}) - julianday(${bookings.createdAt})) / 7 as integer)`;
  const [[figures], weekly] = await Promise.all([
    load(
      db
        .select({
          customers: sql<number>`(select count(*) from ${users} where ${users.role} = 'user')`.as("customers"),
          sellers: sql<number>`(select count(*) from ${sellers})`.as("seller_count"),
          bookings: sql<number>`(select count(*) from ${bookings})`.as("booking_count"),
          confirmed: sql<number>`(select count(*) from ${bookings} where ${bookings.status} = 'confirmed')`.as("confirmed_count"),
          // Gross booking value: what travellers paid for confirmed bookings, fees included.
          gross: sql<number>`(select coalesce(sum(${bookings.total}), 0) from ${bookings} where ${bookings.status} = 'confirmed')`.as(
            "gross",
          ),
          refunded: sql<number>`(select coalesce(sum(${refunds.amount}), 0) from ${refunds} where ${refunds.status} = 'processed')`.as(
            "refunded",
          ),
          refundCount: sql<number>`(select count(*) from ${refunds} where ${refunds.status} = 'processed')`.as("refund_count"),
          applications: sql<number>`(select count(*) from ${sellerRequests} where ${sellerRequests.status} = 'pending')`.as("applications"),
          refundsWaiting: sql<number>`(select count(*) from ${refunds} where ${refunds.status} = 'attention')`.as("refunds_waiting"),
          messagesWaiting: sql<number>`(select count(*) from ${outbox} where ${outbox.status} = 'dead')`.as("messages_waiting"),
          packagesWaiting: sql<number>`(select count(*) from ${packages} where ${packages.moderation} = 'pending')`.as("packages_waiting"),
          editsWaiting: sql<number>`(select count(*) from ${packageEdits} where ${packageEdits.status} = 'pending')`.as("edits_waiting"),
          reviewsWaiting: sql<number>`(select count(*) from ${reviews} where ${reviews.status} = 'pending')`.as("reviews_waiting"),
          studentsWaiting: sql<number>`(select count(*) from ${studentVerifications} where ${studentVerifications.status} = 'pending')`.as(
            "students_waiting",
          ),
        })
        .from(sql`(select 1)`),
    ),
    load(
      db
        .select({
          weeksAgo: weeksAgo.as("weeks_ago"),
          count: sql<number>`count(*)`.as("booking_count"),
          revenue: sql<number>`coalesce(sum(case when ${bookings.status} = 'confirmed' then ${bookings.total} else 0 end), 0)`.as(
            "revenue",
          ),
        })
        .from(bookings)
        .where(and(gte(bookings.createdAt, since)))
        .groupBy(sql`weeks_ago`),
    ),
  ]);
  const byWeek = new Map(weekly.map((r) => [Number(r.weeksAgo), r]));
  const weeks: WeekFigures[] = Array.from({ length: CHART_WEEKS }, (_, i) => {
    const ago = CHART_WEEKS - 1 - i;
    const row = byWeek.get(ago);
    const weekStart = new Date(now.getTime() - (ago + 1) * WEEK_MS).toISOString().slice(0, 10);
    return { weekStart, bookings: Number(row?.count ?? 0), revenue: Number(row?.revenue ?? 0) };
  });
  const n = (v: unknown) => Number(v ?? 0);
  const queues: OperatorQueue[] = [
    { key: "applications", label: "Seller applications", to: "/superadmin-panel/requests", count: n(figures?.applications) },
    {
      key: "packages",
      label: "Packages waiting for approval",
      to: "/superadmin-panel/seller-packages?state=pending",
      count: n(figures?.packagesWaiting),
    },
    { key: "edits", label: "Edits waiting for review", to: "/superadmin-panel/edits", count: n(figures?.editsWaiting) },
    { key: "reviews", label: "Reviews waiting for moderation", to: "/superadmin-panel/reviews", count: n(figures?.reviewsWaiting) },
    { key: "students", label: "Student IDs waiting", to: "/superadmin-panel/students", count: n(figures?.studentsWaiting) },
    { key: "refunds", label: "Refunds needing attention", to: "/superadmin-panel/refunds", count: n(figures?.refundsWaiting) },
    { key: "messages", label: "Undelivered messages", to: "/superadmin-panel/messages", count: n(figures?.messagesWaiting) },
  ];
  return {
    figures: {
      customers: n(figures?.customers),
      sellers: n(figures?.sellers),
      bookings: n(figures?.bookings),
      confirmed: n(figures?.confirmed),
      gross: n(figures?.gross),
      refunded: n(figures?.refunded),
      refundCount: n(figures?.refundCount),
    },
    weeks,
    queues,
  };
}
