import { type Placeholder, and, asc, eq, gt, gte, inArray, sql } from "drizzle-orm";
import { departures, packages, seatHolds } from "@db/schema";
import { type Reader, preparedRead } from "../../db/batcher";
import type { Db } from "../../db/client";
import { todayInIndia } from "../bookings/transitions";
import { type DepartureFacts, type DepartureView, departureView } from "./view";

/**
 * Departures read with the seats they have left now: a hold whose 15 minutes are over no longer counts, even
 * before the scheduled run gives it back (ADR 0044). `now` is the request's clock, or the placeholder of a prepared
 * read that binds it (its ISO string) per request.
 */
export const liveHeld = (now: Date | Placeholder) =>
  sql<number>`(select coalesce(sum(h.seats), 0) from seat_holds h where h.departure_id = "departures"."id" and h.status = 'held' and h.expires_at > ${now instanceof Date ? now.toISOString() : now})`;

/** A departure's date, seats (held counted live) and state: what every read of departures selects. */
const seatColumns = (now: Date | Placeholder) => ({
  startDate: departures.startDate,
  capacity: departures.capacity,
  sold: departures.sold,
  held: liveHeld(now).as("held_live"),
  cutoffHours: departures.cutoffHours,
  minGroup: departures.minGroup,
  status: departures.status,
});

export function departureFacts(db: Db, now: Date | Placeholder) {
  return db
    .select({
      id: departures.id,
      packageId: departures.packageId,
      ...seatColumns(now),
    })
    .from(departures);
}

/** How many departures a package page lists at most. */
export const PAGE_DEPARTURES = 24;

/** A package page's departures: its SQL built once per isolate, the package and the clock bound per request. */
const pageDepartures = preparedRead((db: Db) =>
  departureFacts(db, sql.placeholder("now"))
    .where(and(eq(departures.packageId, sql.placeholder("packageId")), gt(departures.startDate, sql.placeholder("today"))))
    .orderBy(asc(departures.startDate))
    .limit(PAGE_DEPARTURES),
);

/** A package's departures from tomorrow on, as its page and booking form show them. Joins the page's one batch. */
export async function packageDepartures({ db, load }: Reader, packageId: string, now: Date): Promise<DepartureView[]> {
  const rows = await load(pageDepartures(db, { packageId, now: now.toISOString(), today: todayInIndia(now) }));
  return rows.map((r) => departureView(r as DepartureFacts, now));
}

/** Whether the package has any departure at all (then a traveller must pick one), and the one on `startDate`. */
export function departureOn(db: Db, packageId: string, startDate: string, now: Date) {
  return db
    .select({
      any: sql<number>`(select count(*) from departures d where d.package_id = ${packageId})`.as("any_departure"),
      id: departures.id,
      ...seatColumns(now),
      sellerId: departures.sellerId,
    })
    .from(sql`(select 1)`)
    .leftJoin(departures, and(eq(departures.packageId, packageId), eq(departures.startDate, startDate)));
}

/** The seller's departures with their package, newest start last; every query is scoped by the seller. */
export async function sellerDepartures({ db, load }: Reader, sellerId: string, now: Date, { from }: { from?: string } = {}) {
  const rows = await load(
    db
      .select({
        id: departures.id,
        packageId: departures.packageId,
        packageName: packages.name,
        ...seatColumns(now),
      })
      .from(departures)
      .innerJoin(packages, eq(packages.id, departures.packageId))
      .where(and(eq(departures.sellerId, sellerId), from ? gte(departures.startDate, from) : undefined))
      .orderBy(asc(departures.startDate), asc(packages.name))
      .limit(200),
  );
  return rows.map((r) => sellerDeparture(r, now));
}

export function sellerDeparture(r: DepartureFacts & { packageId: string; packageName: string }, now: Date) {
  const view = departureView(r, now);
  return {
    ...view,
    packageId: r.packageId,
    packageName: r.packageName,
    sold: r.sold,
    held: r.held,
    cutoffHours: r.cutoffHours,
    status: r.status,
    past: r.startDate <= todayInIndia(now),
  };
}
export type SellerDeparture = ReturnType<typeof sellerDeparture>;

/** One departure of the seller, or null (another seller's reads as missing). */
export function ownDeparture(db: Db, sellerId: string, id: string, now: Date) {
  return departureFacts(db, now)
    .where(and(eq(departures.id, id), eq(departures.sellerId, sellerId)))
    .get();
}

/** The holds of a payment's items, with what their departures have left, for the capture's check. */
export function holdsOf(db: Db, bookingIds: string[]) {
  return db
    .select({
      id: seatHolds.id,
      status: seatHolds.status,
      seats: seatHolds.seats,
      departureId: seatHolds.departureId,
      left: sql<number>`${departures.capacity} - ${departures.sold} - ${departures.held}`,
    })
    .from(seatHolds)
    .innerJoin(departures, eq(departures.id, seatHolds.departureId))
    .where(inArray(seatHolds.id, bookingIds.length ? bookingIds : [""]));
}

/** The seller's packages a departure can be added to (drafts too: a seller may set dates before publishing). */
export async function departurePackages({ db, load }: Reader, sellerId: string) {
  return load(
    db.select({ id: packages.id, name: packages.name }).from(packages).where(eq(packages.sellerId, sellerId)).orderBy(asc(packages.name)),
  );
}
