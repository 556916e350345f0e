import { z } from "zod";
import { ADDON_UNITS, MEAL_PLAN_CODES, type MealPlanCode } from "@db/catalogue";

/**
 * The seller catalogue's forms (issue 26, ADR 0045), as a browser posts them: text fields, rupees typed as the
 * seller reads them and turned into integer paise here.
 */
const text = (max: number, message: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .max(max, `${message} (at most ${max} characters)`);
const id = (message: string) => z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(100, message);

/** Rupees as typed (up to two decimals, commas allowed) → paise; `min` in rupees. */
export const rupees = (label: string, min = 0) =>
  z
    .union([z.string(), z.number()], { required_error: `Please enter the ${label}`, invalid_type_error: `Please enter the ${label}` })
    .transform((v) => String(v).replace(/[,\s₹]/g, ""))
    .refine((v) => /^\d{1,7}(\.\d{1,2})?$/.test(v), `The ${label} must be an amount in rupees, such as 2500 or 2500.50`)
    .transform((v) => Math.round(Number(v) * 100))
    .refine((p) => p >= min * 100, `The ${label} must be at least ₹${min}`);

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ invalid_type_error: `The ${label} must be a whole number` })
    .int(`The ${label} must be a whole number`)
    .min(min, `The ${label} must be between ${min} and ${max}`)
    .max(max, `The ${label} must be between ${min} and ${max}`);

export const hotelBody = z.object({
  name: text(120, "Please enter the hotel's name"),
  city: text(80, "Please enter the hotel's city"),
  stars: whole("star category", 1, 5),
  image: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((v) => v || null),
});
export type HotelInput = z.infer<typeof hotelBody>;

export const roomTypeBody = z.object({
  hotelId: id("Please choose a hotel"),
  name: text(80, "Please enter the room type's name"),
  occupancy: whole("occupancy", 1, 12),
  pricePerNight: rupees("charge per night", 0),
});
export type RoomTypeInput = z.infer<typeof roomTypeBody>;

export const MEAL_PLAN_MESSAGE = `Meal plan must be one of ${MEAL_PLAN_CODES.join(", ")}`;
export const mealPlanCode = z.enum(MEAL_PLAN_CODES, { errorMap: () => ({ message: MEAL_PLAN_MESSAGE }) });

export const addonBody = z.object({
  name: text(100, "Please enter the add-on's name"),
  description: z.string().trim().max(500, "The description can have at most 500 characters").default(""),
  price: rupees("add-on's price", 0),
  unit: z.enum(ADDON_UNITS, { errorMap: () => ({ message: `Unit must be one of ${ADDON_UNITS.join(", ")}` }) }),
  maxQuantity: whole("maximum quantity", 1, 20),
});
export type AddonInput = z.infer<typeof addonBody>;

export const ITINERARY_MAX_DAYS = 30;
export const itineraryDay = z.object({
  title: z.string().trim().max(120, "A day's title can have at most 120 characters"),
  details: z.string().trim().max(2000, "A day's description can have at most 2000 characters"),
  overnight: z.string().trim().max(120, "The overnight stay can have at most 120 characters"),
  meals: z.string().trim().max(120, "The meals can have at most 120 characters"),
});

/** The choices a booking request makes from the package's catalogue (all optional: a package may have none). */
export const bookingChoicesSchema = {
  roomTypeId: z
    .string()
    .trim()
    .max(100)
    .optional()
    .nullable()
    .transform((v) => v || undefined),
  mealPlan: z
    .string({ invalid_type_error: MEAL_PLAN_MESSAGE })
    .trim()
    .optional()
    .nullable()
    .refine((v) => !v || (MEAL_PLAN_CODES as readonly string[]).includes(v), MEAL_PLAN_MESSAGE)
    .transform((v) => (v || undefined) as MealPlanCode | undefined),
  addons: z
    .array(
      z.object({
        addonId: id("Please name each add-on"),
        quantity: z.coerce
          .number({ invalid_type_error: "An add-on's quantity must be a whole number" })
          .int("An add-on's quantity must be a whole number")
          .min(0, "An add-on's quantity cannot be negative")
          .max(99, "An add-on's quantity is too large"),
      }),
      { invalid_type_error: "Add-ons must be a list" },
    )
    .max(20, "At most 20 add-ons")
    .default([]),
};

/**
 * The package form's tour part (issue 26): the seller's hotels and add-ons the package offers (ids; another seller's
 * link nothing), its meal plans with their supplements, and its day-by-day itinerary. Absent, a save leaves them.
 */
export const packageTourBody = z.object({
  hotelIds: z.array(id("Please name each hotel")).max(50, "At most 50 hotels").default([]),
  mealPlans: z
    .array(z.object({ code: mealPlanCode, supplement: rupees("meal plan's supplement", 0) }))
    .max(MEAL_PLAN_CODES.length, "Each meal plan at most once")
    .refine((plans) => new Set(plans.map((p) => p.code)).size === plans.length, "Each meal plan at most once")
    .default([]),
  addonIds: z.array(id("Please name each add-on")).max(50, "At most 50 add-ons").default([]),
  itinerary: z.array(itineraryDay).max(ITINERARY_MAX_DAYS, `At most ${ITINERARY_MAX_DAYS} days`).default([]),
});
export type PackageTourInput = z.infer<typeof packageTourBody>;
