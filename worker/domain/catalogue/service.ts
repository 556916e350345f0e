import { and, asc, eq, sql } from "drizzle-orm";
import type { EdgeConfig } from "../../cache/purge";
import {
  MEAL_PLAN_CODES,
  type MealPlanCode,
  addons,
  hotels,
  packageAddons,
  packageHotels,
  packageMealPlans,
  packages,
  roomTypes,
} from "@db/schema";
import type { ItineraryDay } from "@db/packages";
import { writePackageChange } from "../moderation/package-writes";
import type { Reader } from "../../db/batcher";
import type { Db } from "../../db/client";
import { notFound } from "../errors";
import { announceVersion, bumpQuery } from "../seller-website/service";
import type { AddonInput, HotelInput, RoomTypeInput } from "./schemas";

/**
 * The seller's catalogue (issue 26, ADR 0045). SECURITY: every function takes the signed-in seller's id first and
 * every query is scoped by it; a row of another seller reads as missing, and a link row is written only when both
 * its package and its hotel or add-on are this seller's (the insert selects them under seller_id).
 * Every write bumps the seller's content version in the same batch, so the package pages show it at once.
 */
type Statement = Parameters<Db["batch"]>[0][number];

export const HOTEL_NOT_FOUND = "Hotel not found";
export const ROOM_TYPE_NOT_FOUND = "Room type not found";
export const ADDON_NOT_FOUND = "Add-on not found";
export const PACKAGE_NOT_FOUND = "Package not found";

const newId = (prefix: string) => `${prefix}_${crypto.randomUUID()}`;

/** Writes `statements` with the version bump in one batch; answers the statements' results. */
async function write(db: Db, edge: EdgeConfig, sellerId: string, statements: Statement[]) {
  const results = await db.batch([bumpQuery(db, sellerId), ...statements] as unknown as [Statement, ...Statement[]]);
  const bumped = results[0] as { version: number }[];
  if (bumped[0]) await announceVersion(edge, sellerId, bumped[0].version);
  return results.slice(1) as unknown[][];
}

const changed = (rows: unknown) => Array.isArray(rows) && rows.length > 0;

/** The seller's packages, for choosing which ones a hotel, meal plan or add-on belongs to. */
const ownPackages = ({ db, load }: Reader, sellerId: string) =>
  load(
    db
      .select({ id: packages.id, name: packages.name, durationDays: packages.durationDays, itinerary: packages.itinerary })
      .from(packages)
      .where(eq(packages.sellerId, sellerId))
      .orderBy(asc(packages.name), asc(packages.id)),
  );

/** The hotels page: hotels with their room types and the packages each is offered on. */
export async function readHotels(reader: Reader, sellerId: string) {
  const { db, load } = reader;
  const [hotelRows, rooms, links, pkgs] = await Promise.all([
    load(db.select().from(hotels).where(eq(hotels.sellerId, sellerId)).orderBy(asc(hotels.name), asc(hotels.id))),
    load(db.select().from(roomTypes).where(eq(roomTypes.sellerId, sellerId)).orderBy(asc(roomTypes.pricePerNight), asc(roomTypes.id))),
    load(db.select().from(packageHotels).where(eq(packageHotels.sellerId, sellerId))),
    ownPackages(reader, sellerId),
  ]);
  return {
    hotels: hotelRows.map((h) => ({
      id: h.id,
      name: h.name,
      city: h.city,
      stars: h.stars,
      image: h.image,
      rooms: rooms
        .filter((r) => r.hotelId === h.id)
        .map((r) => ({ id: r.id, name: r.name, occupancy: r.occupancy, pricePerNight: r.pricePerNight })),
      packageIds: links.filter((l) => l.hotelId === h.id).map((l) => l.packageId),
    })),
    packages: pkgs.map((p) => ({ id: p.id, name: p.name })),
  };
}

export async function addHotel(db: Db, edge: EdgeConfig, sellerId: string, input: HotelInput) {
  const id = newId("ht");
  await write(db, edge, sellerId, [db.insert(hotels).values({ id, sellerId, ...input })]);
  return id;
}

export async function editHotel(db: Db, edge: EdgeConfig, sellerId: string, hotelId: string, input: HotelInput) {
  const { image, ...rest } = input;
  const [rows] = await write(db, edge, sellerId, [
    db
      .update(hotels)
      // An edit without a new photo keeps the one it had.
      .set(image ? input : rest)
      .where(and(eq(hotels.id, hotelId), eq(hotels.sellerId, sellerId)))
      .returning({ id: hotels.id }),
  ]);
  if (!changed(rows)) throw notFound(HOTEL_NOT_FOUND);
}

export async function removeHotel(db: Db, edge: EdgeConfig, sellerId: string, hotelId: string) {
  // Bookings keep their snapshot of the hotel (ADR 0045), so a hotel can go whatever was booked with it.
  const [rows] = await write(db, edge, sellerId, [
    db
      .delete(hotels)
      .where(and(eq(hotels.id, hotelId), eq(hotels.sellerId, sellerId)))
      .returning({ id: hotels.id }),
  ]);
  if (!changed(rows)) throw notFound(HOTEL_NOT_FOUND);
}

export async function addRoomType(db: Db, edge: EdgeConfig, sellerId: string, input: RoomTypeInput) {
  const id = newId("rt");
  // SECURITY: the room is written only under a hotel of this seller (insert … select … where seller_id).
  const [rows] = await write(db, edge, sellerId, [
    db
      .insert(roomTypes)
      .select(
        sql`select ${id}, ${sellerId}, ${hotels.id}, ${input.name}, ${input.occupancy}, ${input.pricePerNight} from ${hotels}
            where ${hotels.id} = ${input.hotelId} and ${hotels.sellerId} = ${sellerId}`,
      )
      .returning({ id: roomTypes.id }),
  ]);
  if (!changed(rows)) throw notFound(HOTEL_NOT_FOUND);
  return id;
}

export async function editRoomType(db: Db, edge: EdgeConfig, sellerId: string, roomTypeId: string, input: Omit<RoomTypeInput, "hotelId">) {
  const [rows] = await write(db, edge, sellerId, [
    db
      .update(roomTypes)
      .set({ name: input.name, occupancy: input.occupancy, pricePerNight: input.pricePerNight })
      .where(and(eq(roomTypes.id, roomTypeId), eq(roomTypes.sellerId, sellerId)))
      .returning({ id: roomTypes.id }),
  ]);
  if (!changed(rows)) throw notFound(ROOM_TYPE_NOT_FOUND);
}

export async function removeRoomType(db: Db, edge: EdgeConfig, sellerId: string, roomTypeId: string) {
  const [rows] = await write(db, edge, sellerId, [
    db
      .delete(roomTypes)
      .where(and(eq(roomTypes.id, roomTypeId), eq(roomTypes.sellerId, sellerId)))
      .returning({ id: roomTypes.id }),
  ]);
  if (!changed(rows)) throw notFound(ROOM_TYPE_NOT_FOUND);
}

/**
 * Which of the seller's packages `linkTable` rows tie to one hotel or add-on: the old links go and the new ones are
 * written in one batch, each only for a package of this seller.
 */
function linkStatements(db: Db, sellerId: string, kind: "hotel" | "addon", ownerId: string, packageIds: string[]) {
  const table = kind === "hotel" ? packageHotels : packageAddons;
  const column = kind === "hotel" ? packageHotels.hotelId : packageAddons.addonId;
  const statements: Statement[] = [db.delete(table).where(and(eq(column, ownerId), eq(table.sellerId, sellerId)))];
  for (const packageId of [...new Set(packageIds)].slice(0, 100))
    statements.push(
      db
        .insert(table)
        .select(
          sql`select ${packages.id}, ${ownerId}, ${sellerId} from ${packages}
              where ${packages.id} = ${packageId} and ${packages.sellerId} = ${sellerId}`,
        )
        .onConflictDoNothing(),
    );
  return statements;
}

/** The packages a hotel is offered on (all others lose it). */
export async function setHotelPackages(db: Db, edge: EdgeConfig, sellerId: string, hotelId: string, packageIds: string[]) {
  const [own] = await db
    .select({ id: hotels.id })
    .from(hotels)
    .where(and(eq(hotels.id, hotelId), eq(hotels.sellerId, sellerId)));
  if (!own) throw notFound(HOTEL_NOT_FOUND);
  await write(db, edge, sellerId, linkStatements(db, sellerId, "hotel", hotelId, packageIds));
}

/** The meal plans page: each package with the plans it offers and their supplements. */
export async function readMealPlans(reader: Reader, sellerId: string) {
  const { db, load } = reader;
  const [plans, pkgs] = await Promise.all([
    load(db.select().from(packageMealPlans).where(eq(packageMealPlans.sellerId, sellerId))),
    ownPackages(reader, sellerId),
  ]);
  return {
    packages: pkgs.map((p) => ({
      id: p.id,
      name: p.name,
      plans: MEAL_PLAN_CODES.map((code) => {
        const plan = plans.find((m) => m.packageId === p.id && m.code === code);
        return { code, offered: Boolean(plan), supplement: plan?.supplement ?? 0 };
      }),
    })),
  };
}

/** The meal plans one package offers: those given replace the rest. */
export async function setMealPlans(
  db: Db,
  edge: EdgeConfig,
  sellerId: string,
  packageId: string,
  plans: { code: MealPlanCode; supplement: number }[],
) {
  const [own] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(and(eq(packages.id, packageId), eq(packages.sellerId, sellerId)));
  if (!own) throw notFound(PACKAGE_NOT_FOUND);
  await write(db, edge, sellerId, [
    db.delete(packageMealPlans).where(and(eq(packageMealPlans.packageId, packageId), eq(packageMealPlans.sellerId, sellerId))),
    ...plans.map((p) => db.insert(packageMealPlans).values({ packageId, sellerId, code: p.code, supplement: p.supplement })),
  ]);
}

/** The add-ons and itinerary page: add-ons with their packages, and the packages with their itineraries. */
export async function readAddons(reader: Reader, sellerId: string) {
  const { db, load } = reader;
  const [rows, links, pkgs] = await Promise.all([
    load(db.select().from(addons).where(eq(addons.sellerId, sellerId)).orderBy(asc(addons.name), asc(addons.id))),
    load(db.select().from(packageAddons).where(eq(packageAddons.sellerId, sellerId))),
    ownPackages(reader, sellerId),
  ]);
  return {
    addons: rows.map((a) => ({
      id: a.id,
      name: a.name,
      description: a.description,
      price: a.price,
      unit: a.unit,
      maxQuantity: a.maxQuantity,
      packageIds: links.filter((l) => l.addonId === a.id).map((l) => l.packageId),
    })),
    packages: pkgs,
  };
}

export async function addAddon(db: Db, edge: EdgeConfig, sellerId: string, input: AddonInput) {
  const id = newId("ad");
  await write(db, edge, sellerId, [db.insert(addons).values({ id, sellerId, ...input })]);
  return id;
}

/** The add-on's details and the packages it is offered on, in one batch. */
export async function editAddon(db: Db, edge: EdgeConfig, sellerId: string, addonId: string, input: AddonInput, packageIds: string[]) {
  const [own] = await db
    .select({ id: addons.id })
    .from(addons)
    .where(and(eq(addons.id, addonId), eq(addons.sellerId, sellerId)));
  if (!own) throw notFound(ADDON_NOT_FOUND);
  const [rows] = await write(db, edge, sellerId, [
    db
      .update(addons)
      .set(input)
      .where(and(eq(addons.id, addonId), eq(addons.sellerId, sellerId)))
      .returning({ id: addons.id }),
    ...linkStatements(db, sellerId, "addon", addonId, packageIds),
  ]);
  if (!changed(rows)) throw notFound(ADDON_NOT_FOUND);
}

export async function removeAddon(db: Db, edge: EdgeConfig, sellerId: string, addonId: string) {
  const [rows] = await write(db, edge, sellerId, [
    db
      .delete(addons)
      .where(and(eq(addons.id, addonId), eq(addons.sellerId, sellerId)))
      .returning({ id: addons.id }),
  ]);
  if (!changed(rows)) throw notFound(ADDON_NOT_FOUND);
}

/**
 * A package's day-by-day itinerary, days numbered in order; empty days are left out. It is reviewed text: while
 * approval is required, a change to an approved package's itinerary waits for the operator (`held`, ADR 0048).
 */
export async function setItinerary(db: Db, edge: EdgeConfig, sellerId: string, packageId: string, days: Omit<ItineraryDay, "day">[]) {
  const itinerary = days.filter((d) => d.title || d.details || d.overnight || d.meals).map((d, i) => ({ day: i + 1, ...d }));
  const outcome = await writePackageChange(db, edge, sellerId, packageId, {}, { itinerary });
  if (!outcome.found) throw notFound(PACKAGE_NOT_FOUND);
  return { held: outcome.held };
}
