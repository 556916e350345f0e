import { and, asc, eq, sql } from "drizzle-orm";
import { MEAL_PLAN_CODES, addons, hotels, packageAddons, packageHotels, packageMealPlans, packages, roomTypes } from "@db/schema";
import type { Reader } from "../../db/batcher";
import type { Db } from "../../db/client";
import type { PackageTourInput } from "./schemas";

/**
 * The package form's tour part (issue 26): which of the seller's hotels, meal plans and add-ons a package offers, and
 * its day-by-day itinerary, edited on the package form itself beside the catalogue pages. SECURITY: every read and
 * write is scoped by the signed-in seller's id; a link row is written only when both its package and its hotel or
 * add-on are this seller's (insert … select … where seller_id), so a forged id links nothing.
 */
type Statement = Parameters<Db["batch"]>[0][number];

/** What the package form offers (the seller's hotels and add-ons) and what `packageId` has chosen (none for a new one). */
export async function readPackageTour({ db, load }: Reader, sellerId: string, packageId: string | null) {
  const pid = packageId ?? "";
  const [hotelRows, rooms, addonRows, hotelLinks, plans, addonLinks, pkg] = await Promise.all([
    load(
      db
        .select({ id: hotels.id, name: hotels.name, city: hotels.city, stars: hotels.stars })
        .from(hotels)
        .where(eq(hotels.sellerId, sellerId))
        .orderBy(asc(hotels.name), asc(hotels.id)),
    ),
    load(db.select({ hotelId: roomTypes.hotelId, name: roomTypes.name }).from(roomTypes).where(eq(roomTypes.sellerId, sellerId))),
    load(
      db
        .select({ id: addons.id, name: addons.name, price: addons.price, unit: addons.unit })
        .from(addons)
        .where(eq(addons.sellerId, sellerId))
        .orderBy(asc(addons.name), asc(addons.id)),
    ),
    load(
      db
        .select({ id: packageHotels.hotelId })
        .from(packageHotels)
        .where(and(eq(packageHotels.packageId, pid), eq(packageHotels.sellerId, sellerId))),
    ),
    load(
      db
        .select({ code: packageMealPlans.code, supplement: packageMealPlans.supplement })
        .from(packageMealPlans)
        .where(and(eq(packageMealPlans.packageId, pid), eq(packageMealPlans.sellerId, sellerId))),
    ),
    load(
      db
        .select({ id: packageAddons.addonId })
        .from(packageAddons)
        .where(and(eq(packageAddons.packageId, pid), eq(packageAddons.sellerId, sellerId))),
    ),
    load(
      db
        .select({ itinerary: packages.itinerary })
        .from(packages)
        .where(and(eq(packages.id, pid), eq(packages.sellerId, sellerId))),
    ),
  ]);
  return {
    hotels: hotelRows.map((h) => ({ ...h, rooms: rooms.filter((r) => r.hotelId === h.id).map((r) => r.name) })),
    addons: addonRows,
    chosen: {
      hotelIds: hotelLinks.map((l) => l.id),
      mealPlans: MEAL_PLAN_CODES.flatMap((code) => plans.filter((p) => p.code === code)),
      addonIds: addonLinks.map((l) => l.id),
      itinerary: pkg[0]?.itinerary ?? [],
    },
  };
}
export type PackageTour = Awaited<ReturnType<typeof readPackageTour>>;

/**
 * The statements that make `packageId` offer exactly `tour` (the old links go, the new ones are written), for the
 * package's own save batch: the package and its tour are one write. Days with nothing written are left out and the
 * rest numbered in order, as the itinerary page does.
 */
export const tourItinerary = (tour: PackageTourInput) =>
  tour.itinerary.filter((d) => d.title || d.details || d.overnight || d.meals).map((d, i) => ({ day: i + 1, ...d }));

/**
 * `withItinerary: false` leaves the itinerary to the caller: a change to a live package's itinerary goes through
 * moderation (ADR 0048) like its other text.
 */
export function packageTourStatements(
  db: Db,
  sellerId: string,
  packageId: string,
  tour: PackageTourInput,
  { withItinerary = true } = {},
): Statement[] {
  const ownPackage = and(eq(packages.id, packageId), eq(packages.sellerId, sellerId));
  const itinerary = tourItinerary(tour);
  return [
    db.delete(packageHotels).where(and(eq(packageHotels.packageId, packageId), eq(packageHotels.sellerId, sellerId))),
    db.delete(packageMealPlans).where(and(eq(packageMealPlans.packageId, packageId), eq(packageMealPlans.sellerId, sellerId))),
    db.delete(packageAddons).where(and(eq(packageAddons.packageId, packageId), eq(packageAddons.sellerId, sellerId))),
    ...[...new Set(tour.hotelIds)].map((hotelId) =>
      db
        .insert(packageHotels)
        .select(
          sql`select ${packages.id}, ${hotels.id}, ${sellerId} from ${packages}, ${hotels}
              where ${ownPackage} and ${hotels.id} = ${hotelId} and ${hotels.sellerId} = ${sellerId}`,
        )
        .onConflictDoNothing(),
    ),
    ...tour.mealPlans.map((plan) =>
      db
        .insert(packageMealPlans)
        .select(sql`select ${packages.id}, ${plan.code}, ${sellerId}, ${plan.supplement} from ${packages} where ${ownPackage}`)
        .onConflictDoNothing(),
    ),
    ...[...new Set(tour.addonIds)].map((addonId) =>
      db
        .insert(packageAddons)
        .select(
          sql`select ${packages.id}, ${addons.id}, ${sellerId} from ${packages}, ${addons}
              where ${ownPackage} and ${addons.id} = ${addonId} and ${addons.sellerId} = ${sellerId}`,
        )
        .onConflictDoNothing(),
    ),
    ...(withItinerary ? [db.update(packages).set({ itinerary }).where(ownPackage)] : []),
  ];
}
