import { z } from "zod";
import { busFacetsShape, busSeatShape, busTripShape } from "../../domain/travel/buses/schemas";
import { facilityShape, hotelContentShape, hotelRatesShape } from "../../domain/travel/hotels/schemas";
import { count, day, ok } from "./common";

/** Hotels and buses (issue 27, ADR 0047): the answers' shapes, shared with the suppliers' own. */
export const facilityList = z.object({ success: ok, facilities: z.array(facilityShape) });
export const hotelAnswer = z.object({ success: ok, hotel: hotelContentShape });
export const hotelRatesAnswer = z.object({
  success: ok,
  checkIn: day,
  checkOut: day,
  nights: count,
  rooms: z.array(z.object({ adults: count, childAges: z.array(count) })),
  hotels: z.array(hotelRatesShape),
});
export const busSearchAnswer = z.object({
  success: ok,
  origin: z.string(),
  destination: z.string(),
  date: day,
  passengers: count,
  trips: z.array(busTripShape).describe("Filtered and sorted; seats left are at least the passengers"),
  facets: busFacetsShape.describe("Counts and lowest fares per filter value, before filtering"),
  meta: z.object({ count, total: count }),
});
export const busTripAnswer = z.object({ success: ok, trip: busTripShape, seats: z.array(busSeatShape) });
