import type { PricingTerms } from "@worker/domain/bookings/price-terms";
import { type TravellerDraft, emptyTraveller } from "./traveller-fields";

/**
 * The trip form's fields as a browser posts them (flat names: `adults`, `travellers.0.fullName`, …), read back
 * into the form (its starting values: from the address after "Update travellers", or from a refused post) and,
 * on the server, into the booking request of `POST /api/bookings` (trip-actions.server.ts).
 */
export type Fields = Record<string, string>;

/**
 * The trip form's own address (`?book=1`) answered (`tripFormData`): the signed-in visitor's name, or a guest
 * (signedIn false), who is asked to sign in when they pay and comes back to the form as they left it.
 */
/** The platform's rules the form prices with (the operator's settings, issue 28): the server prices the same way. */
export type FormTerms = PricingTerms & { maxTravellers: number };
export type TripFormData = {
  traveller: string;
  signedIn: boolean;
  terms: FormTerms;
  /** A verified student's discount on this package (ADR 0049), for the preview; 0 when it does not apply. */
  studentDiscountPercent?: number;
} | null;

export type TripDraft = {
  priceTier: number;
  startDate: string;
  adults: number;
  children: number;
  adultList: TravellerDraft[];
  childList: TravellerDraft[];
  hotelName: string;
  roomType: string;
  transportName: string;
  transportType: string;
  specialRequests: string;
  /** The package's catalogue choices (ADR 0045): a room type's id, a meal plan's code, add-ons' quantities by id. */
  roomTypeId: string;
  mealPlan: string;
  addons: Record<string, string>;
};

/** An add-on's quantity field: `addon.<id>`. */
export const ADDON_FIELD = "addon.";

export const travellerField = (index: number, key: keyof TravellerDraft) => `travellers.${index}.${key}`;

function whole(text: string | undefined, min: number, max: number, fallback: number) {
  const n = Number(text);
  return Number.isInteger(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

/** The form's starting values: what `fields` says, else the defaults (one adult, named after the traveller). */
export function tripDraftOf(
  fields: Fields,
  { firstTier, traveller, maxTravellers }: { firstTier: number; traveller: string; maxTravellers: number },
): TripDraft {
  const adults = whole(fields.adults, 1, maxTravellers, 1);
  const children = whole(fields.children, 0, maxTravellers - adults, 0);
  const travellerAt = (index: number, type: "adult" | "child"): TravellerDraft => {
    const blank = emptyTraveller(type);
    if (index === 0 && type === "adult") blank.fullName = traveller;
    const read = (key: keyof TravellerDraft) => fields[travellerField(index, key)] ?? blank[key];
    return { title: read("title"), fullName: read("fullName"), age: read("age"), gender: read("gender") };
  };
  return {
    priceTier: whole(fields.priceTier, 0, 99, firstTier),
    startDate: fields.startDate ?? "",
    adults,
    children,
    adultList: Array.from({ length: adults }, (_, i) => travellerAt(i, "adult")),
    childList: Array.from({ length: children }, (_, i) => travellerAt(adults + i, "child")),
    hotelName: fields.hotelName ?? "",
    roomType: fields.roomType ?? "standard",
    transportName: fields.transportName ?? "",
    transportType: fields.transportType ?? "included",
    specialRequests: fields.specialRequests ?? "",
    roomTypeId: fields.roomTypeId ?? "",
    mealPlan: fields.mealPlan ?? "",
    addons: Object.fromEntries(
      Object.entries(fields)
        .filter(([k]) => k.startsWith(ADDON_FIELD))
        .map(([k, v]) => [k.slice(ADDON_FIELD.length), v]),
    ),
  };
}

/** Only the string fields of a parsed form or query (files and anything else are not ours). */
export function stringFields(input: Record<string, unknown> | URLSearchParams): Fields {
  const entries = input instanceof URLSearchParams ? [...input] : Object.entries(input);
  return Object.fromEntries(entries.filter((e): e is [string, string] => typeof e[1] === "string"));
}
