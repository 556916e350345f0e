import { and, eq, gte, sql } from "drizzle-orm";
import { bookings } from "@db/schema";
import type { Reader } from "../../db/batcher";

export const CHART_WEEKS = 12;
const WEEK_MS = 7 * 86_400_000;

export type WeekFigures = { weekStart: string; bookings: number; revenue: number };

/**
 * The seller's last 12 weeks, oldest first: bookings made each week and the revenue of those confirmed (paise).
 * Week 12 ends now. One read, joining the page's batch; scoped by the seller.
 */
export async function weeklyFigures({ db, load }: Reader, sellerId: string, now: Date): Promise<WeekFigures[]> {
  const since = new Date(now.getTime() - CHART_WEEKS * WEEK_MS).toISOString();
  const weeksAgo = sql<number>`cast((julianday(${now.toISOString()}) - julianday(${bookings.createdAt})) / 7 as integer)`;
  const rows = await load(
    db
      .select({
        weeksAgo: weeksAgo.as("weeks_ago"),
        count: sql<number>`count(*)`.as("booking_count"),
        revenue: sql<number>`coalesce(sum(case when ${bookings.status} = 'confirmed' then ${bookings.total} else 0 end), 0)`.as("revenue"),
      })
      .from(bookings)
      .where(and(eq(bookings.sellerId, sellerId), gte(bookings.createdAt, since)))
      .groupBy(sql`weeks_ago`),
  );
  const byWeek = new Map(rows.map((r) => [Number(r.weeksAgo), r]));
  return Array.from({ length: CHART_WEEKS }, (_, i) => {
    const ago = CHART_WEEKS - 1 - i;
    const row = byWeek.get(ago);
    const weekStart = new Date(now.getTime() - (ago + 1) * WEEK_MS).toISOString().slice(0, 10);
    return { weekStart, bookings: Number(row?.count ?? 0), revenue: Number(row?.revenue ?? 0) };
  });
}
