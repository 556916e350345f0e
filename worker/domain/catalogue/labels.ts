import type { BookedChoices } from "@db/bookings";
import { type PricedChoices, addonAmount, nightsOf } from "../bookings/pricing";

/**
 * The catalogue's words and the snapshot's prices, without zod or queries, so the booking form's chunk can carry them
 * (ADR 0019's script budgets).
 */
export const MEAL_PLAN_LABELS = {
  EP: "Room only",
  CP: "Breakfast",
  MAP: "Breakfast and one meal",
  AP: "All meals",
} as const;

export const ADDON_UNIT_LABELS = { person: "per person", booking: "per booking", night: "per night" } as const;

export const mealPlanName = (code: string) => `${code} (${MEAL_PLAN_LABELS[code as keyof typeof MEAL_PLAN_LABELS] ?? code})`;

/** The rooms a party needs of a room type: enough for every traveller at its occupancy. */
export const roomsFor = (travellers: number, occupancy: number) => Math.max(1, Math.ceil(travellers / Math.max(1, occupancy)));

/** A booking's snapshot as the pricing function takes it: the prices it was booked at, never today's. */
export function pricedChoicesOf(choices: BookedChoices | null | undefined): PricedChoices | null {
  if (!choices) return null;
  return {
    room: choices.hotel ? { pricePerNight: choices.hotel.pricePerNight, rooms: choices.hotel.rooms } : null,
    mealPlan: choices.mealPlan ? { supplement: choices.mealPlan.supplement } : null,
    addons: (choices.addons ?? []).map((a) => ({ price: a.price, unit: a.unit as "person" | "booking" | "night", quantity: a.quantity })),
  };
}

/** What a package offers a traveller from its seller's catalogue (the package pages and the booking form). */
export type PackageChoices = {
  hotels: {
    id: string;
    name: string;
    city: string;
    stars: number;
    image: string | null;
    rooms: { id: string; name: string; occupancy: number; pricePerNight: number }[];
  }[];
  mealPlans: { code: string; label: string; supplement: number }[];
  addons: { id: string; name: string; description: string; price: number; unit: "person" | "booking" | "night"; maxQuantity: number }[];
};

export const NO_CHOICES: PackageChoices = { hotels: [], mealPlans: [], addons: [] };

/**
 * The form's preview of a booking's choices from what the package offers, by the same rules the server applies
 * (roomsFor, addonAmount): the snapshot it would keep, or null when nothing is chosen. The server prices it again
 * from its own rows; this is only what the traveller sees first.
 */
export function previewChoices(
  offered: PackageChoices,
  chosen: { roomTypeId: string; mealPlan: string; addons: Record<string, string> },
  party: { travellers: number; durationDays: number },
): BookedChoices | null {
  const nights = nightsOf(party.durationDays);
  const snapshot: BookedChoices = {};
  for (const h of offered.hotels) {
    const r = h.rooms.find((room) => room.id === chosen.roomTypeId);
    if (r)
      snapshot.hotel = {
        id: h.id,
        name: h.name,
        city: h.city,
        stars: h.stars,
        roomTypeId: r.id,
        roomType: r.name,
        occupancy: r.occupancy,
        pricePerNight: r.pricePerNight,
        rooms: roomsFor(party.travellers, r.occupancy),
        nights,
      };
  }
  const meal = offered.mealPlans.find((m) => m.code === chosen.mealPlan);
  if (meal) snapshot.mealPlan = { code: meal.code, label: meal.label, supplement: meal.supplement };
  const addons = offered.addons.flatMap((a) => {
    const quantity = Math.min(a.maxQuantity, Math.max(0, Math.trunc(Number(chosen.addons[a.id] ?? 0)) || 0));
    if (!quantity) return [];
    return [
      { id: a.id, name: a.name, unit: a.unit, price: a.price, quantity, amount: addonAmount({ ...a, quantity }, party.travellers, nights) },
    ];
  });
  if (addons.length) snapshot.addons = addons;
  return snapshot.hotel || snapshot.mealPlan || snapshot.addons ? snapshot : null;
}
