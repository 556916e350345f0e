import { z } from "zod";
import { BOOKING_STATUSES, PAYMENT_STATUSES } from "@db/bookings";
import { searchTerm } from "../../db/text-search";
import { bookingChoicesSchema } from "../catalogue/schemas";
import { ROOM_SUPPLEMENT_PER_NIGHT, TRANSPORT_PER_DAY } from "./pricing";
import { isCalendarDate } from "../../shared/calendar-date";

/**
 * The most travellers the operator's setting may allow (migration 0016's CHECK); the request's schema holds this, and
 * pricing holds the setting itself (priceRequest), which starts at spec §9's 12.
 */
export const TRAVELLERS_CEILING = 50;
export const tooManyTravellers = (max: number) => `At most ${max} travellers can be booked at once`;

export const PRICE_TIER_MESSAGE = "Please choose one of this package's price tiers";

export const ROOM_TYPES = Object.keys(ROOM_SUPPLEMENT_PER_NIGHT) as [string, ...string[]];
export const TRANSPORT_TYPES = Object.keys(TRANSPORT_PER_DAY) as [string, ...string[]];

const text = (max: number, message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => v || undefined);

const isoDate = z
  .string({ required_error: "Please choose a travel start date", invalid_type_error: "Please choose a travel start date" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}($|T)/, "Please choose a travel start date")
  .transform((v) => v.slice(0, 10))
  .refine(isCalendarDate, {
    message: "Please choose a valid travel start date",
  });

export const travellerSchema = z
  .object({
    title: text(20, "Please choose a title for every traveller"),
    fullName: text(100, "Please enter the full name of every traveller"),
    type: z.enum(["adult", "child"], { errorMap: () => ({ message: "Each traveller must be an adult or a child" }) }),
    age: z.coerce
      .number({ invalid_type_error: "Please enter the age of every traveller" })
      .int("Age must be a whole number")
      .min(0, "Age cannot be negative")
      .max(120, "Please enter a real age"),
    gender: text(20, "Please choose a gender for every traveller"),
  })
  .refine((t) => t.type !== "child" || t.age < 18, { message: "A child traveller must be younger than 18", path: ["age"] });

const count = (message: string) => z.coerce.number({ invalid_type_error: message }).int(message);

/** The booking request (spec §3). Unknown keys, client pricing and status are stripped. */
export const createBookingSchema = z
  .object({
    packageId: text(100, "Please choose a package"),
    travelDates: z.object({ startDate: isoDate }, { required_error: "Please choose a travel start date" }),
    customerDetails: z.object(
      {
        adults: count("Adults must be a whole number").min(1, "At least one adult must travel"),
        children: count("Children must be a whole number").min(0, "Children cannot be negative").default(0),
        travellers: z
          .array(travellerSchema, { required_error: "Please add the travellers' details" })
          .max(TRAVELLERS_CEILING, tooManyTravellers(TRAVELLERS_CEILING)),
      },
      { required_error: "Please add the travellers' details" },
    ),
    preferences: z
      .object({
        hotel: z
          .object({
            hotel: optionalText(120),
            name: optionalText(120),
            roomType: z
              .enum(ROOM_TYPES, { errorMap: () => ({ message: `Room type must be one of ${ROOM_TYPES.join(", ")}` }) })
              .default("standard"),
            /** One of the package's hotels' room types (ADR 0045); it names its hotel and is priced per night. */
            roomTypeId: bookingChoicesSchema.roomTypeId,
          })
          .default({}),
        transport: z
          .object({
            name: optionalText(120),
            type: z
              .enum(TRANSPORT_TYPES, { errorMap: () => ({ message: `Transport must be one of ${TRANSPORT_TYPES.join(", ")}` }) })
              .default("included"),
          })
          .default({}),
        /** A meal plan the package offers: EP, CP, MAP or AP. */
        mealPlan: bookingChoicesSchema.mealPlan,
        /** Add-ons the package offers, each with a quantity up to its maximum. */
        addons: bookingChoicesSchema.addons,
      })
      .default({}),
    specialRequests: optionalText(1000),
    /**
     * The package's price tier (priceRanges): its position counted from 0, or its label. The server checks
     * it against the package and prices it; omitted, the first tier. No price is taken from the client.
     */
    priceTier: z
      .union([z.number().int(PRICE_TIER_MESSAGE).min(0, PRICE_TIER_MESSAGE).max(99, PRICE_TIER_MESSAGE), text(100, PRICE_TIER_MESSAGE)], {
        errorMap: () => ({ message: PRICE_TIER_MESSAGE }),
      })
      .optional()
      .nullable()
      .transform((v) => v ?? undefined),
  })
  .superRefine((b, ctx) => {
    const { adults, children, travellers } = b.customerDetails;
    if (adults + children > TRAVELLERS_CEILING) {
      ctx.addIssue({ code: "custom", path: ["customerDetails"], message: tooManyTravellers(TRAVELLERS_CEILING) });
      return;
    }
    if (travellers.length !== adults + children) {
      ctx.addIssue({
        code: "custom",
        path: ["customerDetails", "travellers"],
        message: `Please give the details of every traveller (${adults + children} expected, ${travellers.length} given)`,
      });
      return;
    }
    const adultCount = travellers.filter((t) => t.type === "adult").length;
    if (adultCount !== adults) {
      ctx.addIssue({
        code: "custom",
        path: ["customerDetails", "travellers"],
        message: `The travellers must be ${adults} ${adults === 1 ? "adult" : "adults"} and ${children} ${children === 1 ? "child" : "children"}`,
      });
    }
  });

export type CreateBookingInput = z.infer<typeof createBookingSchema>;

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const limit = z.coerce.number().int().min(1).max(50).default(10);

export const customerListQuery = z.object({
  status: z.enum(BOOKING_STATUSES).optional(),
  when: z.enum(["upcoming", "completed"]).optional(),
  sellerId: z.string().trim().min(1).max(100).optional(),
  page,
  limit,
});

const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates must look like 2026-12-31")
  .optional()
  .or(z.literal("").transform(() => undefined));

export const sellerListQuery = z.object({
  status: z
    .enum(BOOKING_STATUSES)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  paymentStatus: z
    .enum(PAYMENT_STATUSES)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  q: searchTerm.optional(),
  from: dateOnly,
  to: dateOnly,
  page,
  limit,
});

export const statusBody = z.object({
  status: z.enum(BOOKING_STATUSES, { errorMap: () => ({ message: `Status must be one of ${BOOKING_STATUSES.join(", ")}` }) }),
});

export const approveBody = z.object({ message: z.string().trim().max(1000).optional() }).default({});
/** What an approval records when the seller wrote nothing (spec §5); never presented as the seller's words. */
import { REASON_REQUIRED } from "./texts";

export { APPROVED_BY_SELLER } from "./texts";
export { REASON_REQUIRED };
export const rejectBody = z.object({
  message: z.string({ required_error: REASON_REQUIRED, invalid_type_error: REASON_REQUIRED }).trim().min(1, REASON_REQUIRED).max(1000),
});
