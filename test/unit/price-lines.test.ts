import { describe, expect, it } from "vitest";
import { lineAmount, priceLines, SAVINGS_NOTE } from "../../worker/domain/bookings/price-lines";
import { PER_PERSON_NOTE, advertisedPrice } from "../../worker/domain/bookings/price-terms";
import { BOOKING_FEE_PERCENT, DISCOUNT_PERCENT, priceBooking } from "../../worker/domain/bookings/pricing";

const shown = (p: ReturnType<typeof priceBooking>) => priceLines(p).map((l) => [l.label, lineAmount(l)]);

describe("a price's lines (issue 24)", () => {
  it("name each part, sign the discount and the rounding, and end with the whole-rupee total", () => {
    // ₹15,999 for one: ₹16,990.94 of lines, ₹16,991 to pay.
    expect(shown(priceBooking({ unitPrice: 1_599_900, adults: 1, children: 0, durationDays: 5 }))).toEqual([
      ["Package price", "₹15,999"],
      ["Discount", "−₹1,599.90"],
      ["Room upgrade", "₹0"],
      ["Transport", "₹0"],
      ["Booking fee", "₹2,591.84"],
      ["Rounding", "+₹0.06"],
      ["Total", "₹16,991"],
    ]);
  });

  it("show a rounding down with a minus, and no rounding line when the lines are whole rupees", () => {
    const down = priceLines(priceBooking({ unitPrice: 102_400, adults: 1, children: 0, durationDays: 3 }));
    expect(down.find((l) => l.key === "rounding")).toMatchObject({ label: "Rounding", amount: -49 });
    expect(lineAmount(down.find((l) => l.key === "rounding") ?? down[0])).toBe("−₹0.49");
    const whole = priceLines(priceBooking({ unitPrice: 1_000_000, adults: 1, children: 0, durationDays: 1 }));
    expect(whole.map((l) => l.key)).toEqual(["base", "discount", "room", "transport", "fee", "total"]);
  });

  it("explain the discount and the fee with the spec's percentages", () => {
    const lines = priceLines(priceBooking({ unitPrice: 1_599_900, adults: 1, children: 0, durationDays: 5 }));
    const hint = (key: string) => lines.find((l) => l.key === key)?.hint ?? "";
    expect(hint("discount")).toBe(`${DISCOUNT_PERCENT}% off the package price, on every booking`);
    expect(hint("fee")).toBe(`Includes GST. ${BOOKING_FEE_PERCENT}% of the package price after discount`);
    expect(hint("rounding")).toContain("nearest rupee (50 paise and more round up)");
    expect(lines.find((l) => l.key === "total")?.hint).toBeUndefined();
  });

  it("keep every label short enough for one line on a phone", () => {
    const p = priceBooking({ unitPrice: 1_599_900, adults: 1, children: 0, durationDays: 5, roomType: "suite", transportType: "suv" });
    for (const line of priceLines(p)) expect(line.label.length, line.label).toBeLessThanOrEqual(14);
  });
});

describe("what a card says about its price", () => {
  it("advertises the first priced tier's price per person, the one the booking form starts at, or none", () => {
    const tiers = (...prices: number[]) => prices.map((price, i) => ({ label: `Tier ${i}`, price }));
    expect(advertisedPrice(tiers(1_599_900, 900_000))).toBe(1_599_900);
    expect(advertisedPrice(tiers(0, 2_199_900))).toBe(2_199_900);
    expect(advertisedPrice(tiers(0))).toBeUndefined();
    expect(advertisedPrice([])).toBeUndefined();
  });

  it("says what the per-person price leaves to checkout, and what Total Savings sums", () => {
    expect(PER_PERSON_NOTE).toBe(`per person · ${DISCOUNT_PERCENT}% off, then ${BOOKING_FEE_PERCENT}% booking fee incl. GST at checkout`);
    // Bookings keep the discount they were priced with (the percentage is a setting), and a student's too: no figure.
    expect(SAVINGS_NOTE).toBe("The discounts on your confirmed bookings, student discounts included");
  });
});
