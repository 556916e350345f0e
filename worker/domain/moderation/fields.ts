import type { ModeratedFields } from "@db/packages";

/**
 * What the operator reviews in a change to an approved package (ADR 0048): the text and photos a traveller reads.
 * Prices (`priceRanges`), the length in days and departures apply at once.
 */
export const MODERATED_FIELDS = ["name", "city", "description", "images", "inclusions", "exclusions", "itinerary"] as const;
export type ModeratedField = (typeof MODERATED_FIELDS)[number];
export type { ModeratedFields };

export const FIELD_LABELS: Record<ModeratedField, string> = {
  name: "Name",
  city: "City",
  description: "Description",
  images: "Photos",
  inclusions: "Inclusions",
  exclusions: "Exclusions",
  itinerary: "Itinerary",
};

/** Values compare by their JSON: lists and itinerary days compare item by item, in order. */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The reviewed fields `values` holds (others are left out). */
export function moderatedOf(values: Partial<Record<string, unknown>>): Partial<ModeratedFields> {
  const out: Record<string, unknown> = {};
  for (const f of MODERATED_FIELDS) if (values[f] !== undefined) out[f] = values[f];
  return out as Partial<ModeratedFields>;
}

/** The fields a change names, in the form's order. */
export const fieldsOf = (changes: Partial<ModeratedFields>) => MODERATED_FIELDS.filter((f) => changes[f] !== undefined);
