import { describe, expect, it } from "vitest";
import {
  BOOKING_FEE_PERCENT,
  CHILDREN_DISCOUNT_PERCENT,
  DISCOUNT_PERCENT,
  MAX_TRAVELLERS,
  bookableTiers,
  findPriceTier,
  isPriced,
  priceBooking,
  roundingOf,
  sumOfLines,
  toNearestRupee,
} from "../../worker/domain/bookings/pricing";

describe("spec §9 constants", () => {
  it("are the spec's numbers", () => {
    expect([DISCOUNT_PERCENT, BOOKING_FEE_PERCENT, MAX_TRAVELLERS, CHILDREN_DISCOUNT_PERCENT]).toEqual([10, 18, 12, 0]);
  });
});

// All money in integer paise. ₹15,999 = 1_599_900. Every line is exact to the paisa; the total is whole rupees.
const cases = [
  {
    name: "one adult, standard room, included transport: ₹16,990.94 of lines is ₹16,991",
    input: { unitPrice: 1_599_900, adults: 1, children: 0, durationDays: 5, roomType: "standard", transportType: "included" },
    out: { basePrice: 1_599_900, discount: 159_990, roomCharge: 0, transportCharge: 0, taxes: 259_184, total: 1_699_100 },
    rounding: 6,
  },
  {
    name: "two adults and a child (children at 0% discount), deluxe for 4 nights, SUV for 5 days: ₹69,472.81 is ₹69,473",
    input: { unitPrice: 1_599_900, adults: 2, children: 1, durationDays: 5, roomType: "deluxe", transportType: "suv" },
    out: { basePrice: 4_799_700, discount: 479_970, roomCharge: 600_000, transportCharge: 1_250_000, taxes: 777_551, total: 6_947_300 },
    rounding: 19,
  },
  {
    name: "suite and tempo traveller on a 1-day package (no nights): already whole rupees",
    input: { unitPrice: 1_000_000, adults: 1, children: 0, durationDays: 1, roomType: "suite", transportType: "tempo-traveller" },
    out: { basePrice: 1_000_000, discount: 100_000, roomCharge: 0, transportCharge: 400_000, taxes: 162_000, total: 1_462_000 },
    rounding: 0,
  },
  {
    name: "odd paise: half a paisa of a line rounds up, and ₹10.67 is ₹11",
    input: { unitPrice: 1_005, adults: 1, children: 0, durationDays: 2 },
    out: { basePrice: 1_005, discount: 101, roomCharge: 0, transportCharge: 0, taxes: 163, total: 1_100 },
    rounding: 33,
  },
  {
    name: "half a rupee rounds up: ₹1,070.50 of lines is ₹1,071",
    input: { unitPrice: 100_800, adults: 1, children: 0, durationDays: 3 },
    out: { basePrice: 100_800, discount: 10_080, roomCharge: 0, transportCharge: 0, taxes: 16_330, total: 107_100 },
    rounding: 50,
  },
  {
    name: "49 paise round down: ₹1,087.49 of lines is ₹1,087",
    input: { unitPrice: 102_400, adults: 1, children: 0, durationDays: 3 },
    out: { basePrice: 102_400, discount: 10_240, roomCharge: 0, transportCharge: 0, taxes: 16_589, total: 108_700 },
    rounding: -49,
  },
  {
    name: "twelve travellers, sedan: ₹1,65,287.26 is ₹1,65,287",
    input: { unitPrice: 1_249_900, adults: 10, children: 2, durationDays: 4, roomType: "standard", transportType: "sedan" },
    out: { basePrice: 14_998_800, discount: 1_499_880, roomCharge: 0, transportCharge: 600_000, taxes: 2_429_806, total: 16_528_700 },
    rounding: -26,
  },
  {
    name: "unknown room and transport types cost nothing extra",
    input: { unitPrice: 100_000, adults: 2, children: 0, durationDays: 3, roomType: "penthouse", transportType: "helicopter" },
    out: { basePrice: 200_000, discount: 20_000, roomCharge: 0, transportCharge: 0, taxes: 32_400, total: 212_400 },
    rounding: 0,
  },
];

describe("priceBooking", () => {
  it.each(cases)("$name", ({ input, out, rounding }) => {
    const p = priceBooking(input);
    // Priced with spec §9's terms when none are given, and it says so.
    expect(p).toEqual(out); // spec §9's figures: no terms ride along (absent means spec §9's)
    // The rule: the lines are exact, the total is their sum rounded once to the nearest rupee, half a rupee up.
    expect(p.total % 100).toBe(0);
    expect(roundingOf(p)).toBe(rounding);
    expect(p.total).toBe(sumOfLines(p) + rounding);
    for (const [k, v] of Object.entries(p)) if (k !== "priceTerms") expect(Number.isInteger(v)).toBe(true);
  });
});

describe("the rounding rule (toNearestRupee)", () => {
  it("rounds a sum of paise to the nearest whole rupee, 50 paise and more up", () => {
    expect([0, 1, 49, 50, 51, 99, 100].map(toNearestRupee)).toEqual([0, 0, 0, 100, 100, 100, 100]);
    expect(toNearestRupee(1_699_049)).toBe(1_699_000);
    expect(toNearestRupee(1_699_050)).toBe(1_699_100);
  });
  it("moves a total by at most half a rupee, so the lines still explain it", () => {
    for (let unitPrice = 100_000; unitPrice < 100_400; unitPrice++) {
      const p = priceBooking({ unitPrice, adults: 1, children: 0, durationDays: 2 });
      expect(roundingOf(p)).toBeGreaterThanOrEqual(-49);
      expect(roundingOf(p)).toBeLessThanOrEqual(50);
    }
  });
  it("is nothing for a breakdown that was never rounded (bookings priced before the rule)", () => {
    expect(
      roundingOf({ basePrice: 1_599_900, discount: 159_990, roomCharge: 0, transportCharge: 0, taxes: 259_184, total: 1_699_094 }),
    ).toBe(0);
  });
});

describe("a booking's price tier", () => {
  const tiers = [
    { label: "On request", price: 0 },
    { label: "Per person", price: 15_999_00 },
    { label: "Premium Suite", price: 21_999_00 },
  ];
  it("is found by position or by label, case and spacing aside, and is the first without a choice", () => {
    expect(findPriceTier(tiers, 2)).toEqual({ index: 2, tier: tiers[2] });
    expect(findPriceTier(tiers, "  premium   suite ")).toEqual({ index: 2, tier: tiers[2] });
    expect(findPriceTier(tiers)).toEqual({ index: 0, tier: tiers[0] });
  });
  it("is none for a position or label the package does not have", () => {
    for (const choice of [3, -1, 1.5, "Gold", ""]) expect(findPriceTier(tiers, choice), String(choice)).toBeNull();
    expect(findPriceTier([], undefined)).toBeNull();
  });
  it("is the first when the choice is null, as when there is none", () => {
    expect(findPriceTier(tiers, null)).toEqual({ index: 0, tier: tiers[0] });
  });
  it("matches a label however either side is spaced", () => {
    const spaced = [{ label: "  Premium \t Suite ", price: 21_999_00 }];
    expect(findPriceTier(spaced, "premium suite")).toEqual({ index: 0, tier: spaced[0] });
    expect(findPriceTier(spaced, "PREMIUM\nSUITE  ")).toEqual({ index: 0, tier: spaced[0] });
    expect(findPriceTier(spaced, "premiumsuite")).toBeNull();
  });
  it("can be booked only when it has a price", () => {
    expect(bookableTiers(tiers).map((t) => t.index)).toEqual([1, 2]);
    expect(isPriced(tiers[0])).toBe(false);
    expect(isPriced({ label: "One paisa", price: 1 })).toBe(true);
  });
  it("is not bookable at a price that is not a finite number of paise", () => {
    for (const price of [-100, Number.NaN, Number.POSITIVE_INFINITY, "1500" as unknown as number]) {
      expect(isPriced({ label: "Odd", price }), String(price)).toBe(false);
    }
  });
});

describe("priceBooking with the operator's settings (issue 28)", () => {
  it("takes the discount, the booking fee and the children's discount it is given, and keeps them", () => {
    const input = { unitPrice: 1_000_000, adults: 2, children: 1, durationDays: 1 };
    const terms = { discountPercent: 5, bookingFeePercent: 12, childrenDiscountPercent: 50 };
    const p = priceBooking(input, terms);
    expect(p.basePrice).toBe(2_000_000 + 500_000);
    expect(p.discount).toBe(125_000);
    expect(p.taxes).toBe(285_000);
    expect(p.total).toBe(2_660_000);
    expect(p.priceTerms).toEqual(terms);
    expect(priceBooking(input).total).not.toBe(p.total);
  });
});
