import { z } from "zod";
import { BUS_TYPES, DEPARTURE_BANDS, SEAT_TYPES } from "./types";
import { isCalendarDate } from "../../../shared/calendar-date";

/** Bus search (issue 27) in the style of the flight search, and the answers' shapes (the API and the adapter use them). */

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date as YYYY-MM-DD")
  .refine(isCalendarDate, "Not a real date");
const city = z.string().trim().min(2, "Name a city").max(60, "A city is at most 60 characters");

export const BUS_SORTS = ["price", "duration", "departure"] as const;
export const MAX_PASSENGERS = 9;

export const busSearchInput = z
  .object({
    origin: city,
    destination: city,
    date: isoDay,
    passengers: z.number().int().min(1, "At least one passenger").max(MAX_PASSENGERS, `At most ${MAX_PASSENGERS} passengers`).default(1),
    filters: z
      .object({
        busTypes: z.array(z.enum(BUS_TYPES)).max(2).optional().describe("ac, non_ac"),
        seatTypes: z.array(z.enum(SEAT_TYPES)).max(2).optional().describe("sleeper, seater"),
        departure: z
          .array(z.enum(DEPARTURE_BANDS))
          .max(4)
          .optional()
          .describe("early (<06), morning (06–12), afternoon (12–18), night (18+)"),
        maxPrice: z.number().int().positive().max(10_000_000).optional().describe("Per seat with tax, in paise"),
      })
      .strict()
      .default({}),
    sort: z.enum(BUS_SORTS).default("departure"),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.origin.trim().toLowerCase() === v.destination.trim().toLowerCase())
      ctx.addIssue({ code: "custom", path: ["destination"], message: "The destination must differ from the origin" });
  });
export type BusSearchInput = z.infer<typeof busSearchInput>;

const money = z.number().int().nonnegative().describe("Integer paise");
const stop = z.object({
  id: z.string(),
  name: z.string(),
  landmark: z.string(),
  address: z.string(),
  time: z.string(),
  phone: z.string().nullable(),
});

export const supplierTripShape = z.object({
  serviceId: z.string(),
  date: z.string(),
  origin: z.string(),
  destination: z.string(),
  operator: z.object({ id: z.string(), name: z.string(), rating: z.number(), phone: z.string(), stateTransport: z.boolean() }),
  busType: z.object({ label: z.string(), ac: z.boolean(), sleeper: z.boolean() }),
  departureAt: z.string(),
  arrivalAt: z.string(),
  durationMin: z.number().int(),
  seatsTotal: z.number().int(),
  seatsLeft: z.number().int(),
  windowSeatsLeft: z.number().int(),
  fare: money.describe("Per seat before tax"),
  gstRate: z.number().describe("GST in percent: 5 on an AC bus, 0 on a non-AC one"),
  farePerSeat: money.describe("Per seat with tax"),
  boardingPoints: z.array(stop),
  droppingPoints: z.array(stop),
  amenities: z.array(z.string()),
  cancellation: z.array(z.object({ hoursBefore: z.number(), chargePercent: z.number() })),
  maxSeatsPerBooking: z.number().int(),
});

export const busSeatShape = z.object({
  name: z.string(),
  deck: z.enum(["lower", "upper"]),
  row: z.number().int(),
  col: z.number().int(),
  berth: z.boolean(),
  window: z.boolean(),
  available: z.boolean(),
});

const facet = z.object({ count: z.number().int(), minFare: money.nullable() });
export const busFacetsShape = z.object({
  busTypes: z.object({ ac: facet, non_ac: facet }),
  seatTypes: z.object({ sleeper: facet, seater: facet }),
  departure: z.object({ early: facet, morning: facet, afternoon: facet, night: facet }),
  operators: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int(), minFare: money })),
});

export const busTripShape = supplierTripShape.extend({
  offerId: z.string().describe("Signed offer id: POST /cart intent=add-offer with seats"),
});
