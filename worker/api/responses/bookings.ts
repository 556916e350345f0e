import { z } from "zod";
import { BOOKING_STATUSES, PAYMENT_STATUSES } from "@db/bookings";
import { count, day, instant, paise } from "./common";

const traveller = z.object({
  title: z.string(),
  fullName: z.string(),
  type: z.enum(["adult", "child"]),
  age: z.number().int(),
  gender: z.string(),
});

/** A trip's price, computed on the server (worker/domain/bookings/pricing.ts). */
export const pricing = z.object({
  basePrice: paise,
  discount: paise,
  studentDiscount: paise
    .optional()
    .describe("In paise: a verified student's discount on a package whose seller offers it (ADR 0049); only when it applied"),
  roomCharge: paise,
  transportCharge: paise,
  mealCharge: paise.optional().describe("In paise: the meal plan's supplement per person per night; only with catalogue choices"),
  addonCharge: paise.optional().describe("In paise: the add-ons chosen, each by its unit; only with catalogue choices"),
  taxes: paise.describe("In paise: the booking fee (spec §9), GST included"),
  total: paise.describe(
    "In paise, a whole number of rupees: the exact sum of the lines rounded once to the nearest rupee, 50 paise and more up",
  ),
  priceTerms: z
    .object({ discountPercent: z.number().int(), bookingFeePercent: z.number().int(), childrenDiscountPercent: z.number().int() })
    .optional()
    .describe("The platform's percentages the price was computed with (the operator's settings then); a booking keeps them"),
});

/** The catalogue choices a booking keeps, at the prices of the day (ADR 0045). */
export const bookedChoices = z
  .object({
    hotel: z
      .object({
        id: z.string(),
        name: z.string(),
        city: z.string(),
        stars: count,
        roomTypeId: z.string(),
        roomType: z.string(),
        occupancy: count,
        pricePerNight: paise,
        rooms: count,
        nights: count,
      })
      .optional(),
    mealPlan: z.object({ code: z.string(), label: z.string(), supplement: paise }).optional(),
    addons: z
      .array(z.object({ id: z.string(), name: z.string(), unit: z.string(), price: paise, quantity: count, amount: paise }))
      .optional(),
  })
  .nullable();

/** One booking as its customer and its seller see it (spec §7). */
export const bookingView = z.object({
  _id: z.string(),
  bookingId: z.string().describe("The booking number people read"),
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  createdAt: instant,
  travelDates: z.object({ startDate: day }),
  packageId: z.object({
    _id: z.string(),
    name: z.string(),
    location: z.string(),
    rating: z.number(),
    reviews: count,
    duration: z.string(),
    mainPhotos: z.array(z.string()),
  }),
  userId: z.object({ _id: z.string(), name: z.string(), email: z.string(), phone: z.string().nullable() }),
  sellerId: z.string(),
  customerDetails: z.object({ adults: count, children: count, travellers: z.array(traveller) }),
  preferences: z.object({
    hotel: z.object({ hotel: z.string().optional(), name: z.string().optional(), roomType: z.string().optional() }),
    transport: z.object({ name: z.string().optional(), type: z.string().optional() }),
  }),
  pricing,
  priceTier: z.object({ label: z.string(), price: paise }).nullable(),
  choices: bookedChoices.describe(
    "The package's hotel and room type, meal plan and add-ons chosen, at the prices of the day it was booked (ADR 0045)",
  ),
  specialRequests: z.string().nullable(),
  sellerResponse: z.object({ status: z.enum(["approved", "rejected"]), message: z.string(), respondedAt: instant.nullable() }).nullable(),
});

/** `{ success, data: booking, message }`: a booking read or changed. */
export const bookingAnswer = z.object({ success: z.literal(true), data: bookingView, message: z.string() });
