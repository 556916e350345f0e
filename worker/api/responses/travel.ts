import { z } from "zod";
import { count, ok, paise } from "./common";

/** The answers of the flight search (issue 27). They describe, never parse. */
const point = z.object({
  airport: z.string(),
  city: z.string(),
  terminal: z.string(),
  at: z.string().describe("Local time with its offset"),
});
const segment = z.object({
  carrier: z.string(),
  carrierName: z.string(),
  flightNumber: z.string(),
  aircraft: z.string(),
  departure: point,
  arrival: point,
  duration: count.describe("Minutes"),
});
const passengers = z.object({ adults: count, children: count, infants: count });

export const flightOffer = z.object({
  id: z.string().describe("Signed offer id: send it to the cart as is"),
  supplier: z.string(),
  cabin: z.enum(["ECONOMY", "PREMIUM_ECONOMY", "BUSINESS"]),
  slices: z.array(z.object({ segments: z.array(segment), duration: count.describe("Minutes, with layovers"), stops: count })),
  fare: z.object({
    base: paise,
    taxes: paise,
    total: paise,
    perPassenger: z.array(z.object({ type: z.enum(["adult", "child", "infant"]), count, base: paise, taxes: paise })),
  }),
  baggage: z.object({ cabinKg: count, checkedKg: count }),
  refundable: z.boolean(),
  cancellationFee: paise.describe("Per seated passenger, while the fare is refundable"),
  seatsLeft: count,
  validatingCarrier: z.string(),
});

export const flightSearchAnswer = z.object({
  success: ok,
  data: z.object({
    query: z.object({
      origin: z.string(),
      destination: z.string(),
      departureDate: z.string(),
      returnDate: z.string().optional(),
      passengers,
      cabin: z.enum(["ECONOMY", "PREMIUM_ECONOMY", "BUSINESS"]),
    }),
    offers: z.array(flightOffer),
    facets: z.object({
      airlines: z.array(z.object({ code: z.string(), name: z.string(), lowestFare: paise, count })),
      stops: z.array(z.object({ stops: count, lowestFare: paise, count })),
    }),
    count: count.describe("Offers after the filters"),
    total: count.describe("Offers before the filters"),
  }),
});
