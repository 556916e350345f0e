/**
 * The terms a package's price is sold on: spec §9's business constants (the defaults; the operator's settings in D1
 * replace them, issue 28), when a price tier has a price, the per-person price a package advertises and what that
 * price leaves to checkout. No imports and no arithmetic, so a card can say it without loading the pricing itself
 * (the seller landing's script budget, ADR 0019).
 */
export const DISCOUNT_PERCENT = 10;
export const BOOKING_FEE_PERCENT = 18;
export const MAX_TRAVELLERS = 12;
export const CHILDREN_DISCOUNT_PERCENT = 0;

/**
 * The percentages a price is computed with: the platform's settings when it is priced (readPlatformSettings), kept
 * on the booking so a later change never alters it.
 */
export type PricingTerms = { discountPercent: number; bookingFeePercent: number; childrenDiscountPercent: number };

/** Spec §9's terms: what every booking priced before the settings existed was priced with. */
export const SPEC_TERMS: PricingTerms = {
  discountPercent: DISCOUNT_PERCENT,
  bookingFeePercent: BOOKING_FEE_PERCENT,
  childrenDiscountPercent: CHILDREN_DISCOUNT_PERCENT,
};

/** Only the pricing percentages of a settings row (or of anything carrying them). */
export const termsOf = (t: PricingTerms): PricingTerms => ({
  discountPercent: t.discountPercent,
  bookingFeePercent: t.bookingFeePercent,
  childrenDiscountPercent: t.childrenDiscountPercent,
});

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
export const perPersonNote = (t: Pick<PricingTerms, "discountPercent" | "bookingFeePercent">) =>
  `per person · ${t.discountPercent}% off, then ${t.bookingFeePercent}% booking fee incl. GST at checkout`;

/** The note with spec §9's figures; pages pass the current settings' note ({@link perPersonNote}) instead. */
export const PER_PERSON_NOTE = perPersonNote(SPEC_TERMS);
