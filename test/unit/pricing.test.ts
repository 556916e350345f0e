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
} from "../../worker/domain/bookings/pricing";

describe("spec §9 constants", () => {
  it("are the spec's numbers", () => {
    expect([DISCOUNT_PERCENT, BOOKING_FEE_PERCENT, MAX_TRAVELLERS, CHILDREN_DISCOUNT_PERCENT]).toEqual([10, 18, 12, 0]);
  });
});

// All money in integer paise. ₹15,999 = 1_599_900.
const cases = [
  {
    name: "one adult, standard room, included transport",
    input: { unitPrice: 1_599_900, adults: 1, children: 0, durationDays: 5, roomType: "standard", transportType: "included" },
    out: { basePrice: 1_599_900, discount: 159_990, roomCharge: 0, transportCharge: 0, taxes: 259_184, total: 1_699_094 },
  },
  {
    name: "two adults and a child (children at 0% discount), deluxe for 4 nights, SUV for 5 days",
    input: { unitPrice: 1_599_900, adults: 2, children: 1, durationDays: 5, roomType: "deluxe", transportType: "suv" },
    out: { basePrice: 4_799_700, discount: 479_970, roomCharge: 600_000, transportCharge: 1_250_000, taxes: 777_551, total: 6_947_281 },
  },
  {
    name: "suite and tempo traveller on a 1-day package (no nights)",
    input: { unitPrice: 1_000_000, adults: 1, children: 0, durationDays: 1, roomType: "suite", transportType: "tempo-traveller" },
    out: { basePrice: 1_000_000, discount: 100_000, roomCharge: 0, transportCharge: 400_000, taxes: 162_000, total: 1_462_000 },
  },
  {
    name: "rounding of odd paise: half a paisa rounds up",
    input: { unitPrice: 1_005, adults: 1, children: 0, durationDays: 2 },
    out: { basePrice: 1_005, discount: 101, roomCharge: 0, transportCharge: 0, taxes: 163, total: 1_067 },
  },
  {
    name: "twelve travellers, sedan",
    input: { unitPrice: 1_249_900, adults: 10, children: 2, durationDays: 4, roomType: "standard", transportType: "sedan" },
    out: { basePrice: 14_998_800, discount: 1_499_880, roomCharge: 0, transportCharge: 600_000, taxes: 2_429_806, total: 16_528_726 },
  },
  {
    name: "unknown room and transport types cost nothing extra",
    input: { unitPrice: 100_000, adults: 2, children: 0, durationDays: 3, roomType: "penthouse", transportType: "helicopter" },
    out: { basePrice: 200_000, discount: 20_000, roomCharge: 0, transportCharge: 0, taxes: 32_400, total: 212_400 },
  },
];

describe("priceBooking", () => {
  it.each(cases)("$name", ({ input, out }) => {
    const p = priceBooking(input);
    expect(p).toEqual(out);
    expect(p.total).toBe(p.basePrice - p.discount + p.roomCharge + p.transportCharge + p.taxes);
    for (const v of Object.values(p)) expect(Number.isInteger(v)).toBe(true);
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
