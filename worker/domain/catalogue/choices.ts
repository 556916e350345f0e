import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BookedChoices } from "@db/bookings";
import { MEAL_PLAN_CODES, addons, hotels, packageAddons, packageHotels, packageMealPlans, roomTypes } from "@db/schema";
import { type Load, preparedRead } from "../../db/batcher";
import type { Db } from "../../db/client";
import { unprocessable } from "../errors";
import { type PricedChoices, addonAmount, nightsOf } from "../bookings/pricing";
import { MEAL_PLAN_LABELS, type PackageChoices, pricedChoicesOf, roomsFor } from "./labels";

export const ROOM_TYPE_MESSAGE = "Please choose one of this package's hotels and room types";
export const mealPlanNotOffered = (code: string) => `This package does not offer the ${code} meal plan`;
export const ADDON_MESSAGE = "Please choose add-ons this package offers";
export const addonAboveMaximum = (name: string, max: number) => `At most ${max} of “${name}” can be booked`;

/** A hotel's room type as a package offers it and a booking records it. */
const roomColumns = {
  // Aliased: rows of a D1 batch come back keyed by column name, and both tables have `id` and `name`.
  hotelId: sql<string>`${hotels.id}`.as("hotel_ref"),
  hotelName: sql<string>`${hotels.name}`.as("hotel_name"),
  city: hotels.city,
  stars: hotels.stars,
  roomId: sql<string>`${roomTypes.id}`.as("room_ref"),
  roomName: sql<string>`${roomTypes.name}`.as("room_name"),
  occupancy: roomTypes.occupancy,
  pricePerNight: roomTypes.pricePerNight,
};

const packageIdParam = sql.placeholder("packageId");
/** The package's hotels with their room types. Its SQL is built once per isolate (as the two reads below). */
const choiceRooms = preparedRead((db: Db) =>
  db
    .select({ ...roomColumns, image: hotels.image })
    .from(packageHotels)
    .innerJoin(hotels, and(eq(hotels.id, packageHotels.hotelId), eq(hotels.sellerId, packageHotels.sellerId)))
    .innerJoin(roomTypes, and(eq(roomTypes.hotelId, hotels.id), eq(roomTypes.sellerId, hotels.sellerId)))
    .where(eq(packageHotels.packageId, packageIdParam))
    .orderBy(asc(hotels.name), asc(roomTypes.pricePerNight), asc(roomTypes.id)),
);
const choiceMeals = preparedRead((db: Db) => db.select().from(packageMealPlans).where(eq(packageMealPlans.packageId, packageIdParam)));
const choiceAddons = preparedRead((db: Db) =>
  db
    .select({
      id: addons.id,
      name: addons.name,
      description: addons.description,
      price: addons.price,
      unit: addons.unit,
      maxQuantity: addons.maxQuantity,
    })
    .from(packageAddons)
    .innerJoin(addons, and(eq(addons.id, packageAddons.addonId), eq(addons.sellerId, packageAddons.sellerId)))
    .where(eq(packageAddons.packageId, packageIdParam))
    .orderBy(asc(addons.name)),
);

/**
 * What one package offers from its seller's catalogue: its hotels with their room types, its meal plans and its
 * add-ons. Three reads through `load`, so a page takes them in its one D1 round trip. SECURITY: every join keeps to
 * the package's own seller (the link rows carry seller_id and must match the hotel's and add-on's).
 */
export async function packageChoices(db: Db, packageId: string, load: Load): Promise<PackageChoices> {
  const values = { packageId };
  const [rooms, meals, extras] = await Promise.all([
    load(choiceRooms(db, values)),
    load(choiceMeals(db, values)),
    load(choiceAddons(db, values)),
  ]);
  const byHotel = new Map<string, PackageChoices["hotels"][number]>();
  for (const r of rooms) {
    const hotel = byHotel.get(r.hotelId) ?? { id: r.hotelId, name: r.hotelName, city: r.city, stars: r.stars, image: r.image, rooms: [] };
    hotel.rooms.push({ id: r.roomId, name: r.roomName, occupancy: r.occupancy, pricePerNight: r.pricePerNight });
    byHotel.set(r.hotelId, hotel);
  }
  const mealPlans = MEAL_PLAN_CODES.flatMap((code) => {
    const plan = meals.find((m) => m.code === code);
    return plan ? [{ code, label: MEAL_PLAN_LABELS[code], supplement: plan.supplement }] : [];
  });
  return { hotels: [...byHotel.values()], mealPlans, addons: extras };
}

export type ChoiceRequest = {
  roomTypeId?: string;
  mealPlan?: string;
  addons?: { addonId: string; quantity: number }[];
};

/**
 * A booking request's catalogue choices checked against the package as it is now and priced from it: the snapshot
 * the booking keeps (names and paise) and the prices the pricing function takes. Null when nothing was chosen.
 * SECURITY: a room type or add-on of another package or seller reads as not offered; prices come from the rows.
 */
export async function resolveChoices(
  db: Db,
  packageId: string,
  party: { travellers: number; durationDays: number },
  request: ChoiceRequest,
): Promise<{ choices: BookedChoices; priced: PricedChoices } | null> {
  const wanted = (request.addons ?? []).filter((a) => a.quantity > 0);
  if (!request.roomTypeId && !request.mealPlan && wanted.length === 0) return null;
  const ids = [...new Set(wanted.map((a) => a.addonId))];
  if (ids.length !== wanted.length) throw unprocessable(ADDON_MESSAGE);
  const [room, meal, extras] = await db.batch([
    db
      .select(roomColumns)
      .from(roomTypes)
      .innerJoin(hotels, and(eq(hotels.id, roomTypes.hotelId), eq(hotels.sellerId, roomTypes.sellerId)))
      .innerJoin(packageHotels, and(eq(packageHotels.hotelId, hotels.id), eq(packageHotels.sellerId, hotels.sellerId)))
      .where(and(eq(roomTypes.id, request.roomTypeId ?? ""), eq(packageHotels.packageId, packageId))),
    db
      .select()
      .from(packageMealPlans)
      .where(and(eq(packageMealPlans.packageId, packageId), eq(packageMealPlans.code, (request.mealPlan ?? "") as "EP"))),
    db
      .select({ id: addons.id, name: addons.name, price: addons.price, unit: addons.unit, maxQuantity: addons.maxQuantity })
      .from(packageAddons)
      .innerJoin(addons, and(eq(addons.id, packageAddons.addonId), eq(addons.sellerId, packageAddons.sellerId)))
      .where(and(eq(packageAddons.packageId, packageId), inArray(addons.id, ids.length ? ids : [""]))),
  ]);
  const choices: BookedChoices = {};
  if (request.roomTypeId) {
    const r = room[0];
    if (!r) throw unprocessable(ROOM_TYPE_MESSAGE, [{ path: "preferences.hotel.roomTypeId", message: ROOM_TYPE_MESSAGE }]);
    choices.hotel = {
      id: r.hotelId,
      name: r.hotelName,
      city: r.city,
      stars: r.stars,
      roomTypeId: r.roomId,
      roomType: r.roomName,
      occupancy: r.occupancy,
      pricePerNight: r.pricePerNight,
      rooms: roomsFor(party.travellers, r.occupancy),
      nights: nightsOf(party.durationDays),
    };
  }
  if (request.mealPlan) {
    const m = meal[0];
    const message = mealPlanNotOffered(request.mealPlan);
    if (!m) throw unprocessable(message, [{ path: "preferences.mealPlan", message }]);
    choices.mealPlan = { code: m.code, label: MEAL_PLAN_LABELS[m.code], supplement: m.supplement };
  }
  if (wanted.length) {
    const found = new Map(extras.map((e) => [e.id, e]));
    choices.addons = wanted.map((w) => {
      const addon = found.get(w.addonId);
      if (!addon) throw unprocessable(ADDON_MESSAGE, [{ path: "preferences.addons", message: ADDON_MESSAGE }]);
      if (w.quantity > addon.maxQuantity) {
        const message = addonAboveMaximum(addon.name, addon.maxQuantity);
        throw unprocessable(message, [{ path: "preferences.addons", message }]);
      }
      const amount = addonAmount({ ...addon, quantity: w.quantity }, party.travellers, nightsOf(party.durationDays));
      return { id: addon.id, name: addon.name, unit: addon.unit, price: addon.price, quantity: w.quantity, amount };
    });
  }
  return { choices, priced: pricedChoicesOf(choices) as PricedChoices };
}
