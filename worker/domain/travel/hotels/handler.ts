import type { OfferPayload, PricedOffer, RepriceOutcome, TravelChoice, TravelKindHandler } from "../offer";
import { todayInIndia } from "../supplier";
import { offlineHotelSupplier } from "./offline";
import { type HotelOfferData, unpackRooms } from "./service";
import { MEAL_PLANS, type HotelSupplier } from "./types";

/**
 * A hotel stay in the cart (issue 27, ADR 0047). The account holder is the guest unless the form names a lead guest;
 * no seats. Re-pricing asks the supplier for the same hotel, room type, meal plan and stay, and compares the total
 * with the one the offer id was signed with.
 */

const isDay = (v: unknown): v is string => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The offer's own facts, or null when the payload is not a hotel offer this code could have signed. */
export function hotelOfferData(payload: OfferPayload): HotelOfferData | null {
  if (payload.kind !== "hotel") return null;
  const d = payload.data as Partial<HotelOfferData>;
  if (typeof d.s !== "string" || typeof d.h !== "string" || typeof d.r !== "string" || typeof d.t !== "number") return null;
  if (!(MEAL_PLANS as readonly unknown[]).includes(d.m) || !isDay(d.ci) || !isDay(d.co) || d.co <= d.ci) return null;
  if (!Array.isArray(d.o) || d.o.length < 1 || d.o.length > 5) return null;
  if (
    !d.o.every(
      (room) => Array.isArray(room) && room.length >= 1 && room.every((n) => Number.isInteger(n) && n >= 0 && n <= 17) && room[0] >= 1,
    )
  )
    return null;
  return d as HotelOfferData;
}

export function hotelHandlerOf(supplier: HotelSupplier): TravelKindHandler {
  return {
    checkChoice(payload: OfferPayload, choice: TravelChoice) {
      if (!hotelOfferData(payload)) return "This is not a hotel offer";
      if (choice.seats.length) return "A hotel stay has no seats to choose";
      if (choice.travellers.length > 1) return "Name one lead guest, or none to stay in your own name";
      const lead = choice.travellers[0];
      if (lead && !lead.name.trim()) return "Give the lead guest's name";
      return null;
    },
    async reprice(reader, payload, _choice, context): Promise<RepriceOutcome> {
      const data = hotelOfferData(payload);
      if (!data) return { status: "invalid", message: "This is not a hotel offer" };
      if (data.s !== supplier.name) return { status: "invalid", message: "This offer came from another supplier; search again" };
      if (data.ci < todayInIndia(context.now)) return { status: "invalid", message: "The check-in date has passed; search again" };
      const stay = { checkIn: data.ci, checkOut: data.co, rooms: unpackRooms(data.o) };
      const [hotel] = await supplier.rates(reader, { ...stay, hotelIds: [data.h] }, context);
      if (!hotel) return { status: "invalid", message: "This hotel is no longer offered" };
      const rate = hotel.rates.find((r) => r.roomCode === data.r && r.mealPlan === data.m);
      if (!rate) return { status: "sold_out", message: `${hotel.name} has no ${data.m} rate left for these dates and guests` };
      const nights = rate.nightly.length;
      const guests = stay.rooms.reduce((sum, r) => sum + r.adults + r.childAges.length, 0);
      const offer: PricedOffer = {
        kind: "hotel",
        offerId: "",
        title: `${hotel.name}, ${hotel.city} · ${rate.roomName}`,
        subtitle: `${rate.mealPlan} (${rate.mealPlanName}) · ${nights} ${nights === 1 ? "night" : "nights"} · ${stay.rooms.length} ${stay.rooms.length === 1 ? "room" : "rooms"}, ${guests} ${guests === 1 ? "guest" : "guests"}`,
        startDate: data.ci,
        endDate: data.co,
        lines: [
          { label: `${rate.roomName} × ${stay.rooms.length}, ${nights} ${nights === 1 ? "night" : "nights"}`, amount: rate.base },
          ...rate.taxes.map((t) => ({ label: t.label, amount: t.amount })),
        ],
        total: rate.total,
        refundable: rate.refundable,
        ...(rate.freeCancellationUntil ? { freeCancellationUntil: rate.freeCancellationUntil } : {}),
        details: {
          supplier: data.s,
          hotelId: hotel.hotelId,
          hotelName: hotel.name,
          city: hotel.city,
          area: hotel.area,
          starRating: hotel.starRating,
          roomCode: rate.roomCode,
          roomName: rate.roomName,
          mealPlan: rate.mealPlan,
          mealPlanName: rate.mealPlanName,
          rooms: stay.rooms,
          nightly: rate.nightly,
          inclusions: rate.inclusions,
        },
      };
      return rate.total === data.t ? { status: "available", offer } : { status: "changed", offer, previousTotal: data.t };
    },
  };
}

/** The hotel handler over the built-in offline supplier (the registry maps kind "hotel" to it). */
export const hotelHandler = hotelHandlerOf(offlineHotelSupplier);
