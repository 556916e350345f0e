/**
 * The voucher's optional sections, in the order they print (ADR 0046), and its text limits: what the pdf-template
 * page shows and the template's schema checks. Kept apart from the schema so the page's client code carries no zod.
 */
export const VOUCHER_SECTIONS = [
  ["travellers", "Travellers"],
  ["departure", "Departure"],
  ["hotels", "Hotels and meal plans"],
  ["itinerary", "Day-by-day itinerary"],
  ["inclusions", "Inclusions and exclusions"],
  ["addons", "Add-ons"],
  ["payments", "Paid and refunded"],
  ["policy", "Cancellation policy"],
] as const;
export type VoucherSection = (typeof VOUCHER_SECTIONS)[number][0];

export const MAX_HEADER = 120;
export const MAX_FOOTER = 300;
