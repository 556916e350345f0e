/**
 * The server-side price of a booking: every line in exact integer paise, the total rounded once to whole rupees
 * (toNearestRupee). The business constants of spec §9 live in price-terms.ts (no arithmetic, for the cards) and are
 * re-exported here.
 */
import { type PriceTier, type PricingTerms, SPEC_TERMS, isPriced, termsOf } from "./price-terms";

export {
  advertisedPrice,
  BOOKING_FEE_PERCENT,
  CHILDREN_DISCOUNT_PERCENT,
  DISCOUNT_PERCENT,
  isPriced,
  MAX_TRAVELLERS,
  type PriceTier,
  type PricingTerms,
  SPEC_TERMS,
} from "./price-terms";

/** Nightly room supplements over the package's standard room. */
export const ROOM_SUPPLEMENT_PER_NIGHT: Record<string, number> = {
  standard: 0,
  deluxe: 1_500_00,
  suite: 4_000_00,
};

/** Daily transport charges; "included" is the package's own transfer. */
export const TRANSPORT_PER_DAY: Record<string, number> = {
  included: 0,
  sedan: 1_500_00,
  suv: 2_500_00,
  "tempo-traveller": 4_000_00,
};

/**
 * What the traveller chose from the package's catalogue, with the prices it is charged at (ADR 0045): a hotel's
 * room type per room per night, the meal plan's supplement per person per night, add-ons by their unit.
 */
export type PricedChoices = {
  room?: { pricePerNight: number; rooms: number } | null;
  mealPlan?: { supplement: number } | null;
  addons?: readonly PricedAddon[] | null;
};
export type PricedAddon = { price: number; unit: "person" | "booking" | "night"; quantity: number };

export type PricingInput = {
  unitPrice: number;
  adults: number;
  children: number;
  durationDays: number;
  roomType?: string | null;
  transportType?: string | null;
  choices?: PricedChoices | null;
  /**
   * The student discount's percent when it applies (a verified student, a package whose seller opted in; issue 28);
   * 0 or absent otherwise. The caller decides eligibility; this function only does the arithmetic.
   */
  studentDiscountPercent?: number | null;
};

export type Pricing = {
  basePrice: number;
  discount: number;
  /** A verified student's discount (ADR 0049); absent when it does not apply, so other breakdowns keep their shape. */
  studentDiscount?: number;
  roomCharge: number;
  transportCharge: number;
  /** Meal plan supplements; 0 (or absent, on bookings from before ADR 0045) without a meal plan. */
  mealCharge?: number;
  /** Add-ons, all of them; 0 (or absent) without any. */
  addonCharge?: number;
  taxes: number;
  total: number;
  /** The percentages it was priced with when they are not spec §9's (issue 28), which a booking keeps; absent means spec §9's. */
  priceTerms?: PricingTerms;
};

/** Whether two sets of terms are the same figures (a price made with spec §9's carries none, ADR 0051). */
export const sameTerms = (a: PricingTerms, b: PricingTerms) =>
  a.discountPercent === b.discountPercent &&
  a.bookingFeePercent === b.bookingFeePercent &&
  a.childrenDiscountPercent === b.childrenDiscountPercent;

const percentOf = (amount: number, percent: number) => Math.round((amount * percent) / 100);

/**
 * The stated rounding rule: a total is a whole number of rupees, the nearest one to the exact sum of its lines,
 * with 50 paise and more rounding up (₹16,990.50 → ₹16,991, ₹16,990.49 → ₹16,990). Applied once, to the total.
 */
export const toNearestRupee = (paise: number) => Math.floor((paise + 50) / 100) * 100;

/** The exact sum of a breakdown's lines, in paise, before the total is rounded. */
export const sumOfLines = (p: Omit<Pricing, "total" | "priceTerms">) =>
  p.basePrice -
  p.discount -
  (p.studentDiscount ?? 0) +
  p.roomCharge +
  p.transportCharge +
  (p.mealCharge ?? 0) +
  (p.addonCharge ?? 0) +
  p.taxes;

/** Nights of a package: its days less one. */
export const nightsOf = (durationDays: number) => Math.max(durationDays - 1, 0);

/** One add-on's line, exact in paise: its price × quantity, times the travellers (per person) or nights (per night). */
export function addonAmount(addon: PricedAddon, travellers: number, nights: number) {
  const times = addon.unit === "person" ? travellers : addon.unit === "night" ? nights : 1;
  return addon.price * addon.quantity * times;
}

/**
 * What rounding added to (or took from) the lines: between −49 and +50 paise for a price made here, 0 for bookings
 * priced before totals were rounded. It is not stored; the spec's breakdown has no field for it.
 */
export const roundingOf = (p: Pricing) => p.total - sumOfLines(p);

/**
 * A price with `terms`, the platform's percentages as the request read them (readPlatformSettings); spec §9's when
 * none are given (a price that was made before the settings existed).
 */
export function priceBooking(input: PricingInput, terms: PricingTerms = SPEC_TERMS): Pricing {
  const priceTerms = termsOf(terms);
  const childPrice = input.unitPrice - percentOf(input.unitPrice, priceTerms.childrenDiscountPercent);
  const basePrice = input.unitPrice * input.adults + childPrice * input.children;
  const discount = percentOf(basePrice, priceTerms.discountPercent);
  const nights = nightsOf(input.durationDays);
  const travellers = input.adults + input.children;
  const { room, mealPlan, addons } = input.choices ?? {};
  // A hotel's room type, when the package has hotels, replaces the platform's room supplements.
  const roomCharge = room
    ? room.pricePerNight * nights * room.rooms
    : (ROOM_SUPPLEMENT_PER_NIGHT[input.roomType ?? "standard"] ?? 0) * nights;
  const transportCharge = (TRANSPORT_PER_DAY[input.transportType ?? "included"] ?? 0) * input.durationDays;
  const mealCharge = mealPlan ? mealPlan.supplement * travellers * nights : 0;
  const addonCharge = (addons ?? []).reduce((sum, a) => sum + addonAmount(a, travellers, nights), 0);
  // The student discount is a share of the package price after the platform's discount (ADR 0049).
  const studentPercent = input.studentDiscountPercent ?? 0;
  const studentDiscount = studentPercent > 0 ? percentOf(basePrice - discount, studentPercent) : 0;
  // The booking fee stays a share of the package price after discounts (spec §9), as before.
  const taxes = percentOf(basePrice - discount - studentDiscount, priceTerms.bookingFeePercent);
  const student = studentDiscount > 0 ? { studentDiscount } : {};
  // Without catalogue choices the breakdown keeps its spec §3 shape (no meal or add-on lines).
  const lines = input.choices
    ? { basePrice, discount, ...student, roomCharge, transportCharge, mealCharge, addonCharge, taxes }
    : { basePrice, discount, ...student, roomCharge, transportCharge, taxes };
  // The terms ride along only when they are not spec §9's: absent means spec §9's, so the spec §3 breakdown keeps its
  // shape wherever the operator kept the defaults.
  return { ...lines, total: toNearestRupee(sumOfLines(lines)), ...(sameTerms(priceTerms, SPEC_TERMS) ? {} : { priceTerms }) };
}

/**
 * Which of a package's prices a booking is for: its position in the package's list, counted from 0, or its
 * label (case and spacing aside). Without a choice it is the first, the package's advertised price (spec §2).
 */
export type PriceTierChoice = number | string;

const sameLabel = (a: string, b: string) => a.replace(/\s+/g, " ").trim().toLowerCase() === b.replace(/\s+/g, " ").trim().toLowerCase();

/** The tier `choice` names among `tiers`, or null when it names none. */
export function findPriceTier(tiers: readonly PriceTier[], choice?: PriceTierChoice | null): { index: number; tier: PriceTier } | null {
  const index =
    choice === undefined || choice === null ? 0 : typeof choice === "number" ? choice : tiers.findIndex((t) => sameLabel(t.label, choice));
  const tier = Number.isInteger(index) && index >= 0 ? tiers[index] : undefined;
  return tier ? { index, tier } : null;
}

/** The package's tiers a traveller may choose, with their positions in its list. */
export const bookableTiers = (tiers: readonly PriceTier[]) => tiers.flatMap((tier, index) => (isPriced(tier) ? [{ index, tier }] : []));
