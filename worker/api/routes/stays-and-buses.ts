import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app-env";
import { searchContextOf } from "../caller";
import { describeRoute } from "../route-info";
import { busSearchAnswer, busTripAnswer, facilityList, hotelAnswer, hotelRatesAnswer } from "../responses/stays-and-buses";
import { validate } from "../validate";
import { busSearchInput } from "../../domain/travel/buses/schemas";
import { busTrip, searchBuses } from "../../domain/travel/buses/service";
import { hotelIdParam, hotelRatesInput } from "../../domain/travel/hotels/schemas";
import { hotelContent, hotelFacilities, hotelRates } from "../../domain/travel/hotels/service";

/**
 * /api/hotels and /api/buses (spec §7, issue 27): public reads of the configured suppliers (ADR 0047). The request's
 * signal reaches the supplier, so a caller who gives up stops the work. Rates and trips carry signed offer ids for
 * POST /cart (intent=add-offer).
 */
export const hotelRoutes = new Hono<ApiEnv>()
  .get(
    "/facilities",
    describeRoute({ summary: "The hotel facility list, with codes and groups", responses: { 200: facilityList } }),
    async (c) => {
      const facilities = await hotelFacilities(c.var, c.var.config, { now: c.var.now, signal: c.req.raw.signal });
      return c.json({ success: true as const, facilities });
    },
  )
  .post(
    "/rates",
    describeRoute({
      summary: "Rates for a stay: per hotel and room type, by meal plan",
      description:
        "Hotel ids (up to 20) or a city; check-in and check-out (1 to 30 nights, check-in not before today in India); 1 to 5 rooms, each with 1 to 4 adults and the ages (0–17) of up to 3 children, at most 9 guests. Answers every room type that fits with its rates: meal plan (EP, CP, MAP, AP), refundability and free-cancellation deadline, nightly, tax (GST by slab: 5% up to ₹7,500 a room per night, 18% above) and total in paise, and a signed offer id.",
      responses: { 200: hotelRatesAnswer },
      errors: [429],
    }),
    validate("json", hotelRatesInput),
    async (c) => {
      const answer = await hotelRates(c.var, c.var.config, c.req.valid("json"), searchContextOf(c));
      return c.json({ success: true as const, ...answer });
    },
  )
  .get(
    "/:id",
    describeRoute({
      summary: "A hotel's content",
      description: "Description, address, star category, photos, facilities, rooms with occupancy and policies; no prices.",
      responses: { 200: hotelAnswer },
      errors: [404],
    }),
    validate("param", hotelIdParam),
    async (c) => {
      const hotel = await hotelContent(c.var, c.var.config, c.req.valid("param").id, { now: c.var.now, signal: c.req.raw.signal });
      return c.json({ success: true as const, hotel });
    },
  );

const tripParam = z.object({
  serviceId: z.string().min(1).max(80),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date as YYYY-MM-DD"),
});

export const busRoutes = new Hono<ApiEnv>()
  .post(
    "/search",
    describeRoute({
      summary: "Bus trips on a route and date, filtered and sorted, with facets",
      description:
        "Origin and destination cities (different), a date from today to 59 days ahead, 1 to 6 passengers (more than 9 is refused by the schema); filters bus type (ac, non_ac), seat type (sleeper, seater), departure bands (early <06, morning 06–12, afternoon 12–18, night 18+) and a maximum fare per seat in paise; sort by price, duration or departure. Each trip has operator, bus type, times, seats left, fare, boarding and dropping points and a signed offer id; facets count every trip of the route before filtering.",
      responses: { 200: busSearchAnswer },
      errors: [429],
    }),
    validate("json", busSearchInput),
    async (c) => {
      const answer = await searchBuses(c.var, c.var.config, c.req.valid("json"), searchContextOf(c));
      return c.json({ success: true as const, ...answer });
    },
  )
  .get(
    "/trips/:serviceId/:date",
    describeRoute({ summary: "One bus trip with its seat map and offer id", responses: { 200: busTripAnswer }, errors: [404] }),
    validate("param", tripParam),
    async (c) => {
      const { trip, seats, offerId } = await busTrip(c.var, c.var.config, c.req.valid("param"), {
        now: c.var.now,
        signal: c.req.raw.signal,
      });
      return c.json({ success: true as const, trip: { ...trip, offerId }, seats });
    },
  );
