import type { HotelPolicies } from "@db/stays-and-buses";
import { addDays, daysBetween, indiaInstant, unit, weekday } from "../supplier";
import { MEAL_PLAN_NAMES, type MealPlan, type RoomOccupancy, type Stay, type SupplierRate, type TaxLine } from "./types";

/**
 * The offline hotel supplier's rates (ADR 0047): a deterministic function of the hotel, the room type, the nights and
 * the occupancy, so the same query always gives the same prices and a re-price finds the price it signed.
 */

export type PricedHotel = { id: string; stars: number; baseRate: number; policies: HotelPolicies };
export type PricedRoom = {
  code: string;
  name: string;
  maxAdults: number;
  maxChildren: number;
  maxTotal: number;
  rateFactor: number;
  inventory: number;
};

/**
 * GST on hotel accommodation by the value of a unit per day (Notification No. 15/2025-Central Tax (Rate) of
 * 17 September 2025, in force from 22 September 2025, and the CBIC's FAQ of the same month): up to ₹7,500 a room per
 * night, 5% (without input tax credit, a mandatory rate); above ₹7,500, 18%. Since 1 April 2025 the slab follows the
 * value actually charged, not a declared tariff (Notification No. 05/2025-Central Tax (Rate)). A meal plan sold with
 * the room is one composite supply, so the slab and the rate apply to room and meals together.
 */
export const GST_SLAB_LIMIT = 7_500_00;
export const gstRateOf = (unitPerNight: number) => (unitPerNight <= GST_SLAB_LIMIT ? 5 : 18);

const rupeesTen = (paise: number) => Math.round(paise / 10_00) * 10_00;

/** Season by month (Jan…Dec): the Christmas and New Year peak, the winter season, the monsoon's low. */
const SEASON = [1.15, 1.05, 1.05, 1, 1, 0.9, 0.85, 0.85, 0.9, 1.05, 1.1, 1.3];

/** A room of this type on this night, before meals and tax, for up to two adults. */
export function roomNight(hotel: PricedHotel, room: PricedRoom, date: string) {
  const month = Number(date.slice(5, 7)) - 1;
  const day = weekday(date);
  const weekend = day === 5 || day === 6 ? 1.12 : 1;
  const jitter = 0.92 + 0.16 * unit(`${hotel.id}|${room.code}|${date}`);
  return rupeesTen(((hotel.baseRate * room.rateFactor) / 100) * SEASON[month] * weekend * jitter);
}

/** Rooms of this type left on a night: the inventory less a share others booked, fuller on weekends. */
export function roomsLeftOn(hotel: PricedHotel, room: PricedRoom, date: string) {
  const day = weekday(date);
  const busy = unit(`${hotel.id}|${room.code}|${date}|busy`) * (day === 5 || day === 6 ? 0.95 : 0.7);
  return Math.max(0, room.inventory - Math.floor(room.inventory * busy));
}

/** Per person per night, in paise, for a 3-star hotel; scaled by the stars. */
const MEAL_SUPPLEMENT: Record<MealPlan, number> = { EP: 0, CP: 350_00, MAP: 900_00, AP: 1_500_00 };
const STAR_SCALE = [0.8, 0.8, 1, 1.3, 1.7];
const INCLUSIONS: Record<MealPlan, string[]> = {
  EP: ["Room only"],
  CP: ["Breakfast"],
  MAP: ["Breakfast", "Dinner"],
  AP: ["Breakfast", "Lunch", "Dinner"],
};

/** The rates a room type offers: the non-refundable room-only rate is the cheapest; all meals only at 4 stars and up. */
export function ratePlansOf(stars: number): { plan: MealPlan; refundable: boolean }[] {
  const plans: { plan: MealPlan; refundable: boolean }[] = [
    { plan: "EP", refundable: false },
    { plan: "CP", refundable: true },
    { plan: "MAP", refundable: true },
  ];
  if (stars >= 4) plans.push({ plan: "AP", refundable: true });
  return plans;
}

/** A room's guests as the hotel counts them: children older than the policy's age count as adults. */
export function guestsOf(room: RoomOccupancy, policies: HotelPolicies) {
  const adults = room.adults + room.childAges.filter((age) => age > policies.childAgeMax).length;
  const children = room.childAges.filter((age) => age <= policies.childAgeMax);
  return { adults, children };
}

/** Whether every room of the stay fits this room type. */
export function fits(room: PricedRoom, stay: Stay, policies: HotelPolicies) {
  return stay.rooms.every((r) => {
    const { adults, children } = guestsOf(r, policies);
    return adults <= room.maxAdults && children.length <= room.maxChildren && adults + children.length <= room.maxTotal;
  });
}

/**
 * One rate for the stay, or null when the room type does not fit the guests or too few rooms are left. `now` only
 * decides whether the free-cancellation deadline has passed.
 */
export function priceRate(
  hotel: PricedHotel,
  room: PricedRoom,
  stay: Stay,
  plan: MealPlan,
  refundable: boolean,
  now: Date,
): Omit<SupplierRate, "roomName"> | null {
  if (!fits(room, stay, hotel.policies)) return null;
  const nights = daysBetween(stay.checkIn, stay.checkOut);
  if (nights < 1) return null;
  const scale = STAR_SCALE[Math.min(5, Math.max(1, hotel.stars)) - 1];
  const supplement = rupeesTen(MEAL_SUPPLEMENT[plan] * scale);
  let roomsLeft = Number.POSITIVE_INFINITY;
  const nightly: { date: string; amount: number }[] = [];
  const taxes = new Map<number, number>();
  for (let n = 0; n < nights; n++) {
    const date = addDays(stay.checkIn, n);
    roomsLeft = Math.min(roomsLeft, roomsLeftOn(hotel, room, date));
    let night = 0;
    for (const occupancy of stay.rooms) {
      const { adults, children } = guestsOf(occupancy, hotel.policies);
      const roomPrice = roomNight(hotel, room, date);
      // A third adult sleeps on an extra bed at a quarter of the room; children under 6 eat free, older ones at half.
      const extraAdults = Math.max(0, adults - 2) * rupeesTen(roomPrice * 0.25);
      const meals = supplement * adults + children.filter((age) => age >= 6).length * Math.round(supplement / 2);
      // Refundable rates cost a tenth more than the room-only non-refundable one.
      const unitPrice = rupeesTen((roomPrice + extraAdults) * (refundable ? 1.1 : 1)) + meals;
      const rate = gstRateOf(unitPrice);
      taxes.set(rate, (taxes.get(rate) ?? 0) + Math.round((unitPrice * rate) / 100));
      night += unitPrice;
    }
    nightly.push({ date, amount: night });
  }
  if (roomsLeft < stay.rooms.length) return null;
  const base = nightly.reduce((sum, n) => sum + n.amount, 0);
  const taxLines: TaxLine[] = [...taxes.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, amount]) => ({ label: `GST ${rate}%`, rate, amount }));
  const tax = taxLines.reduce((sum, t) => sum + t.amount, 0);
  // Free cancellation until 12:00 in India two days before check-in, while that is still ahead.
  const deadline = indiaInstant(addDays(stay.checkIn, -2), 12 * 60);
  const stillFree = refundable && deadline.getTime() > now.getTime();
  return {
    roomCode: room.code,
    mealPlan: plan,
    mealPlanName: MEAL_PLAN_NAMES[plan],
    refundable: stillFree,
    freeCancellationUntil: stillFree ? deadline.toISOString() : null,
    roomsLeft: Math.min(roomsLeft, 9),
    nightly,
    base,
    taxes: taxLines,
    tax,
    total: base + tax,
    inclusions: [...INCLUSIONS[plan], ...(stillFree ? ["Free cancellation"] : [])],
  };
}
