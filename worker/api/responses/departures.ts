import { z } from "zod";
import { count, day } from "./common";

/** A departure as the seller sees it (ADR 0044). */
export const sellerDeparture = z.object({
  id: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  startDate: day,
  capacity: count.describe("Seats in all"),
  sold: count.describe("Seats of bookings"),
  held: count.describe("Seats held by checkouts not paid yet (15 minutes each)"),
  left: count,
  cutoffHours: count.describe("Bookings close this many hours before 00:00 in India on the start date"),
  minGroup: count.nullable().describe("The smallest group the seller runs it for (shown, not enforced per booking)"),
  status: z.enum(["open", "closed"]),
  state: z.enum(["available", "few", "sold-out", "closed"]).describe("What travellers see; `few` is under half left"),
  label: z.string().describe('"12 seats left", "Only 2 left", "Sold out", "Closed" or "Booking closed"'),
  past: z.boolean(),
});

export const departureList = z.object({ success: z.literal(true), departures: z.array(sellerDeparture) });
export const departureAnswer = z.object({ success: z.literal(true), departure: sellerDeparture, message: z.string() });
