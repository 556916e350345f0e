import { describe, expect, it } from "vitest";
import { priceLines } from "../../worker/domain/bookings/price-lines";
import { addonAmount, priceBooking, sumOfLines, toNearestRupee } from "../../worker/domain/bookings/pricing";
import { type PackageChoices, pricedChoicesOf, previewChoices, roomsFor } from "../../worker/domain/catalogue/labels";

const base = { unitPrice: 1_000_000, adults: 2, children: 1, durationDays: 4, roomType: "standard", transportType: "included" };

describe("priceBooking with catalogue choices (ADR 0045)", () => {
  it("charges the room type per room per night, the meal plan per person per night, add-ons by unit", () => {
    const p = priceBooking({
      ...base,
      choices: {
        room: { pricePerNight: 350_050, rooms: 2 },
        mealPlan: { supplement: 75_025 },
        addons: [
          { price: 100_000, unit: "person", quantity: 2 },
          { price: 50_000, unit: "booking", quantity: 1 },
          { price: 20_000, unit: "night", quantity: 1 },
        ],
      },
    });
    expect(p.roomCharge).toBe(350_050 * 3 * 2);
    expect(p.mealCharge).toBe(75_025 * 3 * 3);
    expect(p.addonCharge).toBe(100_000 * 2 * 3 + 50_000 + 20_000 * 3);
    // The booking fee stays on the package price after discount; the lines are exact and the total rounded once.
    expect(p.taxes).toBe(Math.round((3_000_000 - 300_000) * 0.18));
    expect(p.total).toBe(toNearestRupee(sumOfLines(p)));
    expect(p.total % 100).toBe(0);
  });

  it("keeps today's room supplement and the spec §3 shape without choices", () => {
    const p = priceBooking({ ...base, roomType: "deluxe" });
    expect(p.roomCharge).toBe(1_500_00 * 3);
    expect(Object.keys(p)).toEqual(["basePrice", "discount", "roomCharge", "transportCharge", "taxes", "total"]);
  });

  it("a room type replaces the platform's room supplement", () => {
    const p = priceBooking({ ...base, roomType: "suite", choices: { room: { pricePerNight: 100_000, rooms: 1 } } });
    expect(p.roomCharge).toBe(300_000);
  });

  it("a 1-day package has no nights: no room, meal or per-night add-on charge", () => {
    const p = priceBooking({
      ...base,
      durationDays: 1,
      choices: {
        room: { pricePerNight: 100_000, rooms: 1 },
        mealPlan: { supplement: 10_000 },
        addons: [{ price: 5_000, unit: "night", quantity: 1 }],
      },
    });
    expect([p.roomCharge, p.mealCharge, p.addonCharge]).toEqual([0, 0, 0]);
  });

  it("rooms: enough for every traveller at the room's occupancy", () => {
    expect([roomsFor(1, 2), roomsFor(2, 2), roomsFor(3, 2), roomsFor(5, 4), roomsFor(3, 0)]).toEqual([1, 1, 2, 2, 3]);
    expect(addonAmount({ price: 1, unit: "person", quantity: 3 }, 4, 2)).toBe(12);
  });
});

describe("the form's preview and the breakdown's lines", () => {
  const offered: PackageChoices = {
    hotels: [
      {
        id: "h",
        name: "Hill View",
        city: "Ooty",
        stars: 3,
        image: null,
        rooms: [{ id: "r", name: "Twin", occupancy: 2, pricePerNight: 200_000 }],
      },
    ],
    mealPlans: [{ code: "MAP", label: "Breakfast and one meal", supplement: 50_000 }],
    addons: [{ id: "a", name: "Toy train", description: "", price: 30_000, unit: "person", maxQuantity: 1 }],
  };

  it("prices what the server would, with one line per choice adding up to the total", () => {
    const choices = previewChoices(offered, { roomTypeId: "r", mealPlan: "MAP", addons: { a: "5" } }, { travellers: 3, durationDays: 4 });
    // The add-on's quantity is held to its maximum.
    expect(choices?.addons?.[0].quantity).toBe(1);
    expect(choices?.hotel?.rooms).toBe(2);
    const p = priceBooking({ ...base, choices: pricedChoicesOf(choices) });
    const lines = priceLines(p, choices);
    expect(lines.map((l) => l.key).filter((k) => k !== "rounding")).toEqual([
      "base",
      "discount",
      "room",
      "transport",
      "meal",
      "addon:a",
      "fee",
      "total",
    ]);
    expect(lines.find((l) => l.key === "room")?.label).toBe("Hotel: Hill View");
    expect(lines.find((l) => l.key === "addon:a")?.amount).toBe(p.addonCharge);
    expect(lines.filter((l) => l.key !== "total").reduce((s, l) => s + l.amount, 0)).toBe(p.total);
  });

  it("nothing chosen is no choices at all", () => {
    expect(previewChoices(offered, { roomTypeId: "", mealPlan: "", addons: {} }, { travellers: 1, durationDays: 2 })).toBeNull();
  });
});
