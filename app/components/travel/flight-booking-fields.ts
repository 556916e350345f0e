import type { CheckoutSession } from "@worker/domain/payments/checkout";
import type { OfferLine } from "@worker/domain/travel/offer";

/** The flight booking form's shape, shared by its page and its action (browser-safe: types and plain functions only). */
export type PassengerKind = "adult" | "child" | "infant";

/** The fare's passengers in the form's order: adults, then children, then infants. */
export const passengerKindsOf = (p: { adults: number; children: number; infants: number }): PassengerKind[] => [
  ...Array.from({ length: p.adults }, () => "adult" as const),
  ...Array.from({ length: p.children }, () => "child" as const),
  ...Array.from({ length: p.infants }, () => "infant" as const),
];

export const PASSENGER_LABELS: Record<PassengerKind, string> = {
  adult: "Adult (12+)",
  child: "Child (2–11)",
  infant: "Infant (under 2)",
};

/**
 * The booking action's answer: a checkout to pay (Pay now), or a refusal with the message, each field's problem by
 * the field's name, the values to fill the form again, and, when the fare moved, the new one.
 */
export type FlightBookingAnswer = {
  ok: boolean;
  intent: string;
  message: string;
  status?: number;
  checkout?: CheckoutSession;
  fieldErrors?: Record<string, string>;
  issues?: { path: string; message: string }[];
  values?: Record<string, string>;
  fare?: { total: number; lines: OfferLine[]; previousTotal: number };
};
