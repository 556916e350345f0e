import type { Reader } from "../../../db/batcher";
import type { AppConfig } from "../../../env";
import { notFound } from "../../errors";
import { type SearchContext, type SupplierContext, offerSecretOf, signOfferId } from "../offer";
import { throttleSearch } from "../throttle";
import { daysBetween, refusePast } from "../supplier";
import { hotelSupplierOf } from "./config";
import type { HotelRatesInput } from "./schemas";
import type { HotelSupplier, RoomOccupancy, SupplierHotelRates, SupplierRate } from "./types";

/**
 * Hotels for travellers (issue 27): content, facilities and rates from the configured supplier (ADR 0047). Every rate
 * leaves here with an offer id signed under OFFER_SECRET, which the cart verifies and re-prices (handler.ts).
 */

/** What a hotel offer id carries: the supplier, the hotel, room type and meal plan, the stay and the total when priced. */
export type HotelOfferData = { s: string; h: string; r: string; m: string; ci: string; co: string; o: number[][]; t: number };

export const packRooms = (rooms: RoomOccupancy[]) => rooms.map((r) => [r.adults, ...r.childAges]);
export const unpackRooms = (packed: number[][]): RoomOccupancy[] => packed.map(([adults, ...childAges]) => ({ adults, childAges }));

export async function signHotelRate(
  secret: string,
  supplier: string,
  hotelId: string,
  stay: HotelRatesInput,
  rate: SupplierRate,
  now: Date,
) {
  const data: HotelOfferData = {
    s: supplier,
    h: hotelId,
    r: rate.roomCode,
    m: rate.mealPlan,
    ci: stay.checkIn,
    co: stay.checkOut,
    o: packRooms(stay.rooms),
    t: rate.total,
  };
  return signOfferId(secret, { kind: "hotel", issuedAt: now.getTime(), data });
}

export async function hotelFacilities(reader: Reader, config: AppConfig, context: SupplierContext) {
  return hotelSupplierOf(config).facilities(reader, context);
}

export async function hotelContent(reader: Reader, config: AppConfig, hotelId: string, context: SupplierContext) {
  const hotel = await hotelSupplierOf(config).content(reader, hotelId, context);
  if (!hotel) throw notFound("Hotel not found");
  return hotel;
}

const withLowest = (hotel: SupplierHotelRates) => ({
  ...hotel,
  lowest: hotel.rates.length ? Math.min(...hotel.rates.map((r) => r.total)) : null,
});

/**
 * Rates per room type for a stay, every one with its signed offer id; `signed: false` leaves the ids out (the search
 * page shows only each hotel's lowest price and links to the hotel). A check-in before today in India is refused.
 */
export async function hotelRates(
  reader: Reader,
  config: AppConfig,
  input: HotelRatesInput,
  context: SearchContext,
  { signed = true, supplier = hotelSupplierOf(config) }: { signed?: boolean; supplier?: HotelSupplier } = {},
) {
  refusePast(input.checkIn, context.now, "checkIn", "Check-in");
  await throttleSearch(config, context.client);
  const query = input.hotelIds
    ? { ...input, hotelIds: input.hotelIds, city: undefined }
    : { ...input, city: input.city ?? "", hotelIds: undefined };
  const found = await supplier.rates(reader, query, context);
  const secret = offerSecretOf(config);
  const hotels = await Promise.all(
    found.map(async (hotel) => ({
      ...withLowest(hotel),
      rates: await Promise.all(
        hotel.rates.map(async (rate) => ({
          ...rate,
          offerId: signed ? await signHotelRate(secret, supplier.name, hotel.hotelId, input, rate, context.now) : "",
        })),
      ),
    })),
  );
  return {
    checkIn: input.checkIn,
    checkOut: input.checkOut,
    nights: daysBetween(input.checkIn, input.checkOut),
    rooms: input.rooms,
    hotels,
  };
}
