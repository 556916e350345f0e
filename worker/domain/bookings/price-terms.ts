/**
 * The terms a package's price is sold on: the business constants of spec §9, when a price tier has a price, the
 * per-person price a package advertises and what that price leaves to checkout. No imports and no arithmetic, so a
 * card can say it without loading the pricing itself (the seller landing's script budget, ADR 0019).
 */
export const DISCOUNT_PERCENT = 10;
export const BOOKING_FEE_PERCENT = 18;
export const MAX_TRAVELLERS = 12;
export const CHILDREN_DISCOUNT_PERCENT = 0;

/** One of a package's prices (spec §3 priceRanges), in integer paise. */
export type PriceTier = { label: string; price: number };

/** A tier can be booked at its price only when it has one; 0 or less means "on request". */
export const isPriced = (tier: PriceTier) => typeof tier.price === "number" && Number.isFinite(tier.price) && tier.price > 0;

/**
 * The per-person price a package advertises: its first tier's (spec §2), skipping tiers on request, which is the tier
 * the booking form starts at; none when no tier has a price.
 */
export const advertisedPrice = (tiers: readonly PriceTier[]) => tiers.find(isPriced)?.price;

/**
 * What an advertised per-person price leaves to the booking form, said the same way on every card and package
 * page, so the form's total surprises nobody (issue 24).
 */
export const PER_PERSON_NOTE = `per person · ${DISCOUNT_PERCENT}% off, then ${BOOKING_FEE_PERCENT}% booking fee incl. GST at checkout`;
