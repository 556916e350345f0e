import { describe, expect, it } from "vitest";
import { type HighlightRow, landingHighlights } from "../../worker/domain/seller-website/highlights";

const row = (over: Partial<HighlightRow>): HighlightRow => ({
  city: "Goa",
  durationDays: 5,
  rating: 0,
  reviews: 0,
  image: null,
  lowestPrice: null,
  ...over,
});

describe("the landing's highlights", () => {
  it("promise nothing for a seller without packages", () => {
    expect(landingHighlights([])).toEqual({ destinations: [], tripLengths: [] });
  });

  it("group a city however it is typed, with its lowest price, review-weighted rating and most reviewed picture", () => {
    const { destinations } = landingHighlights([
      row({ city: "Goa", rating: 4, reviews: 100, lowestPrice: 20_000_00, image: "/a.svg" }),
      row({ city: " goa ", rating: 5, reviews: 300, lowestPrice: 15_000_00, image: "/b.svg" }),
      row({ city: "GOA", rating: 0, reviews: 0, lowestPrice: null, image: "/c.svg" }),
    ]);
    expect(destinations).toEqual([{ city: "Goa", packages: 3, rating: 4.8, reviews: 400, startingPrice: 15_000_00, image: "/b.svg" }]);
  });

  it("show no rating and no price a destination does not have", () => {
    const { destinations } = landingHighlights([row({ city: "Leh", reviews: 12, rating: 0 })]);
    expect(destinations[0]).toMatchObject({ city: "Leh", rating: null, reviews: 0, startingPrice: null });
  });

  it("rank destinations by reviews, then rating, and keep three", () => {
    const { destinations } = landingHighlights([
      row({ city: "A", rating: 4.5, reviews: 10 }),
      row({ city: "B", rating: 4.9, reviews: 50 }),
      row({ city: "C", rating: 4.2, reviews: 50 }),
      row({ city: "D", rating: 4.8, reviews: 80 }),
    ]);
    expect(destinations.map((d) => d.city)).toEqual(["D", "B", "C"]);
  });

  it("list the four most offered trip lengths, shortest first, with their cities and lowest price", () => {
    const { tripLengths } = landingHighlights([
      row({ durationDays: 9, city: "Kaza" }),
      row({ durationDays: 4, city: "Jaipur", lowestPrice: 12_499_00 }),
      row({ durationDays: 4, city: "Udaipur", lowestPrice: 14_999_00 }),
      row({ durationDays: 6, city: "Manali" }),
      row({ durationDays: 6, city: "Manali" }),
      row({ durationDays: 3, city: "Rishikesh", lowestPrice: 8_999_00 }),
      row({ durationDays: 2, city: "Agra" }),
    ]);
    expect(tripLengths.map((t) => t.days)).toEqual([2, 3, 4, 6]);
    expect(tripLengths[2]).toEqual({
      days: 4,
      label: "4 Days / 3 Nights",
      packages: 2,
      cities: ["Jaipur", "Udaipur"],
      startingPrice: 12_499_00,
    });
    expect(tripLengths[3]).toMatchObject({ packages: 2, cities: ["Manali"], startingPrice: null });
  });
});
