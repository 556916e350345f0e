import { z } from "zod";
import { MEAL_PLANS } from "./types";
import { isCalendarDate } from "../../../shared/calendar-date";

/** Hotel requests (issue 27) and the answers' shapes: the API validates and documents with these; the aggregator adapter reads with them. */

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date as YYYY-MM-DD")
  .refine(isCalendarDate, "Not a real date");

export const MAX_ROOMS = 5;
export const MAX_GUESTS = 9;
export const MAX_NIGHTS = 30;

export const roomOccupancy = z.object({
  adults: z.number().int().min(1, "Each room needs an adult").max(4, "At most 4 adults in a room"),
  childAges: z
    .array(z.number().int().min(0, "A child's age is 0 to 17").max(17, "A child's age is 0 to 17"))
    .max(3, "At most 3 children in a room")
    .default([]),
});

const stayFields = {
  checkIn: isoDay,
  checkOut: isoDay,
  rooms: z.array(roomOccupancy).min(1, "Choose at least one room").max(MAX_ROOMS, `At most ${MAX_ROOMS} rooms`),
};

function checkStay(stay: { checkIn: string; checkOut: string; rooms: { adults: number; childAges: number[] }[] }, ctx: z.RefinementCtx) {
  if (stay.checkOut <= stay.checkIn) ctx.addIssue({ code: "custom", path: ["checkOut"], message: "Check-out must be after check-in" });
  else if ((Date.parse(stay.checkOut) - Date.parse(stay.checkIn)) / 86_400_000 > MAX_NIGHTS)
    ctx.addIssue({ code: "custom", path: ["checkOut"], message: `A stay is at most ${MAX_NIGHTS} nights` });
  const guests = stay.rooms.reduce((sum, r) => sum + r.adults + r.childAges.length, 0);
  if (guests > MAX_GUESTS) ctx.addIssue({ code: "custom", path: ["rooms"], message: `At most ${MAX_GUESTS} guests in one booking` });
}

export const hotelRatesInput = z
  .object({
    hotelIds: z.array(z.string().min(1).max(64)).min(1).max(20, "At most 20 hotels at a time").optional(),
    city: z.string().trim().min(2, "Name a city").max(60).optional(),
    ...stayFields,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.hotelIds === !v.city) ctx.addIssue({ code: "custom", path: ["city"], message: "Give either hotel ids or a city" });
    checkStay(v, ctx);
  });
export type HotelRatesInput = z.infer<typeof hotelRatesInput>;

export const hotelIdParam = z.object({ id: z.string().min(1).max(64) });

// Answers.
const money = z.number().int().nonnegative().describe("Integer paise");

export const facilityShape = z.object({ code: z.string(), group: z.string(), groupName: z.string(), name: z.string() });

export const hotelContentShape = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  area: z.string(),
  starRating: z.number().int().min(1).max(5),
  propertyType: z.string(),
  address: z.string(),
  geo: z.object({ lat: z.number(), lng: z.number() }),
  description: z.string(),
  images: z.array(z.object({ url: z.string(), caption: z.string() })),
  checkInTime: z.string(),
  checkOutTime: z.string(),
  facilities: z.array(facilityShape.extend({ paid: z.boolean() })),
  rooms: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      beds: z.string(),
      sizeSqm: z.number(),
      maxOccupancy: z.object({ adults: z.number().int(), children: z.number().int(), total: z.number().int() }),
      facilities: z.array(z.string()),
      image: z.string(),
    }),
  ),
  policies: z.object({
    childAgeMax: z.number().int(),
    coupleFriendly: z.boolean(),
    petsAllowed: z.boolean(),
    idRequired: z.boolean(),
    localIdAllowed: z.boolean(),
    notes: z.array(z.string()),
  }),
  rating: z.object({ average: z.number(), count: z.number().int() }),
});

export const supplierRateShape = z.object({
  roomCode: z.string(),
  roomName: z.string(),
  mealPlan: z.enum(MEAL_PLANS).describe("EP room only, CP breakfast, MAP breakfast and dinner, AP all meals"),
  mealPlanName: z.string(),
  refundable: z.boolean(),
  freeCancellationUntil: z.string().nullable().describe("ISO instant; cancelling before it refunds in full"),
  roomsLeft: z.number().int(),
  nightly: z.array(z.object({ date: z.string(), amount: money })).describe("Price per night before tax, all rooms"),
  base: money,
  taxes: z
    .array(z.object({ label: z.string(), rate: z.number(), amount: money }))
    .describe("GST by slab: 5% up to ₹7,500 a room per night, 18% above"),
  tax: money,
  total: money,
  inclusions: z.array(z.string()),
});

export const supplierHotelRatesShape = z.object({
  hotelId: z.string(),
  name: z.string(),
  city: z.string(),
  area: z.string(),
  starRating: z.number().int(),
  image: z.string().nullable(),
  rating: z.object({ average: z.number(), count: z.number().int() }),
  rates: z.array(supplierRateShape),
});

export const offerRateShape = supplierRateShape.extend({ offerId: z.string().describe("Signed offer id: POST /cart intent=add-offer") });
export const hotelRatesShape = supplierHotelRatesShape.extend({
  rates: z.array(offerRateShape),
  lowest: money.nullable().describe("The lowest total of the stay, tax included"),
});
