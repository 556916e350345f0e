import type { HotelImage, HotelPolicies } from "@db/stays-and-buses";
import type { Reader } from "../../../db/batcher";
import type { SupplierContext } from "../offer";

/** India's meal plans: EP room only, CP with breakfast, MAP breakfast and one meal, AP all meals. */
export const MEAL_PLANS = ["EP", "CP", "MAP", "AP"] as const;
export type MealPlan = (typeof MEAL_PLANS)[number];
export const MEAL_PLAN_NAMES: Record<MealPlan, string> = {
  EP: "Room only",
  CP: "Breakfast included",
  MAP: "Breakfast and dinner",
  AP: "All meals",
};

export type Facility = { code: string; group: string; groupName: string; name: string };

export type HotelRoom = {
  code: string;
  name: string;
  beds: string;
  sizeSqm: number;
  maxOccupancy: { adults: number; children: number; total: number };
  facilities: string[];
  image: string;
};

/** A hotel's content (GET /api/hotels/{id}): no prices. */
export type HotelContent = {
  id: string;
  name: string;
  city: string;
  area: string;
  starRating: number;
  propertyType: string;
  address: string;
  geo: { lat: number; lng: number };
  description: string;
  images: HotelImage[];
  checkInTime: string;
  checkOutTime: string;
  facilities: (Facility & { paid: boolean })[];
  rooms: HotelRoom[];
  policies: HotelPolicies;
  rating: { average: number; count: number };
};

/** One room of a stay: its adults and the ages of its children. */
export type RoomOccupancy = { adults: number; childAges: number[] };
export type Stay = { checkIn: string; checkOut: string; rooms: RoomOccupancy[] };

export type TaxLine = { label: string; rate: number; amount: number };

/** A rate as the supplier prices it, before it is given a signed offer id. */
export type SupplierRate = {
  roomCode: string;
  roomName: string;
  mealPlan: MealPlan;
  mealPlanName: string;
  refundable: boolean;
  /** ISO instant up to which cancelling refunds in full (India time, 12:00 two days before check-in). */
  freeCancellationUntil: string | null;
  roomsLeft: number;
  /** The stay's price per night before tax, all rooms together, in paise. */
  nightly: { date: string; amount: number }[];
  base: number;
  taxes: TaxLine[];
  tax: number;
  total: number;
  inclusions: string[];
};

export type SupplierHotelRates = {
  hotelId: string;
  name: string;
  city: string;
  area: string;
  starRating: number;
  image: string | null;
  rating: { average: number; count: number };
  rates: SupplierRate[];
};

export type HotelRatesQuery = Stay & ({ hotelIds: string[]; city?: undefined } | { city: string; hotelIds?: undefined });

/**
 * A hotel supplier (ADR 0047): the built-in offline one over seeded D1 tables, or an aggregator's adapter. The reader
 * is the request's, so the offline one's reads join the page's one D1 batch; an adapter ignores it.
 */
export interface HotelSupplier {
  readonly name: string;
  facilities(reader: Reader, context: SupplierContext): Promise<Facility[]>;
  content(reader: Reader, hotelId: string, context: SupplierContext): Promise<HotelContent | null>;
  rates(reader: Reader, query: HotelRatesQuery, context: SupplierContext): Promise<SupplierHotelRates[]>;
}
