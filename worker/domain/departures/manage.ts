import { and, eq, sql } from "drizzle-orm";
import { departures, packages } from "@db/schema";
import type { EdgeConfig } from "../../cache/purge";
import { breaksUnique } from "../../db/constraints";
import type { Db } from "../../db/client";
import { formatDate } from "../../shared/format";
import { todayInIndia } from "../bookings/transitions";
import { conflict, notFound, unprocessable } from "../errors";
import { announceVersion, bumpQuery } from "../seller-website/service";
import { releaseExpiredStatements, seatsRanOut } from "./holds";
import { ownDeparture, sellerDeparture } from "./read";
import type { DepartureChange, DepartureInput } from "./schemas";

/**
 * The seller's departures (ADR 0044). SECURITY: every function takes the signed-in seller's id first and every
 * statement is scoped by it, so another seller's departure or package reads as missing.
 */

export const DEPARTURE_NOT_FOUND = "Departure not found";
export const PAST_DATE = "The departure date must be after today";
export const HAS_SALES = "This departure has seats sold or held, so it cannot be deleted. Close it instead.";
export const belowSold = (taken: number) =>
  `This departure already has ${taken} ${taken === 1 ? "seat" : "seats"} sold or held, so it needs at least ${taken} seats`;

type Statement = Parameters<Db["batch"]>[0][number];

async function announce(edge: EdgeConfig, sellerId: string, bumped: unknown) {
  const version = (bumped as { version: number }[])[0]?.version;
  if (version !== undefined) await announceVersion(edge, sellerId, version);
}

export async function addDeparture(db: Db, edge: EdgeConfig, sellerId: string, input: DepartureInput, now: Date) {
  if (input.startDate <= todayInIndia(now)) throw unprocessable(PAST_DATE, [{ path: "startDate", message: PAST_DATE }]);
  const pkg = await db
    .select({ id: packages.id, name: packages.name })
    .from(packages)
    .where(and(eq(packages.id, input.packageId), eq(packages.sellerId, sellerId)))
    .get();
  if (!pkg) throw notFound("Package not found");
  const id = `dp_${crypto.randomUUID()}`;
  const at = now.toISOString();
  try {
    const [, bumped] = await db.batch([
      db.insert(departures).values({ id, sellerId, ...input, createdAt: at, updatedAt: at }),
      bumpQuery(db, sellerId),
    ]);
    await announce(edge, sellerId, bumped);
  } catch (error) {
    if (breaksUnique(error, "departures.package_id"))
      throw conflict(`${pkg.name} already has a departure on ${formatDate(input.startDate)}`);
    throw error;
  }
  return sellerDeparture(
    { ...input, id, packageId: pkg.id, packageName: pkg.name, sold: 0, held: 0, minGroup: input.minGroup ?? null },
    now,
  );
}

/** New seats, cut-off, group size or status; never fewer seats than are sold and held. */
export async function changeDeparture(db: Db, edge: EdgeConfig, sellerId: string, id: string, input: DepartureChange, now: Date) {
  const current = await ownDeparture(db, sellerId, id, now);
  if (!current) throw notFound(DEPARTURE_NOT_FOUND);
  const taken = current.sold + Number(current.held);
  if (input.capacity < taken) throw conflict(belowSold(taken));
  try {
    const statements: Statement[] = [
      ...releaseExpiredStatements(db, now),
      db
        .update(departures)
        .set({ ...input, updatedAt: now.toISOString() })
        .where(and(eq(departures.id, id), eq(departures.sellerId, sellerId))),
      bumpQuery(db, sellerId),
    ];
    const results = await db.batch(statements as [Statement, ...Statement[]]);
    const bumped = results[results.length - 1];
    await announce(edge, sellerId, bumped);
  } catch (error) {
    // Seats were taken between the read and the write.
    if (seatsRanOut(error)) throw conflict(belowSold(taken));
    throw error;
  }
}

/** Only a departure nobody has bought or is buying a seat of can go; the seller closes the others. */
export async function removeDeparture(db: Db, edge: EdgeConfig, sellerId: string, id: string, now: Date) {
  const statements: Statement[] = [
    ...releaseExpiredStatements(db, now),
    db
      .delete(departures)
      .where(and(eq(departures.id, id), eq(departures.sellerId, sellerId), eq(departures.sold, 0), eq(departures.held, 0)))
      .returning({ id: departures.id }),
    bumpQuery(db, sellerId, sql`changes() > 0`),
  ];
  const results = await db.batch(statements as [Statement, ...Statement[]]);
  const removed = results[results.length - 2] as { id: string }[];
  if (removed.length === 0) {
    const exists = await ownDeparture(db, sellerId, id, now);
    throw exists ? conflict(HAS_SALES) : notFound(DEPARTURE_NOT_FOUND);
  }
  await announce(edge, sellerId, results[results.length - 1]);
}
