import { describe, expect, it } from "vitest";
import { RESERVED_SLUGS, SLUG_MAX, SLUG_PATTERN, baseSlug, firstFreeSlug, slugify } from "../../worker/shared/slug";

describe("slugify (ADR 0040)", () => {
  it("makes a business name lowercase ascii words joined by single hyphens", () => {
    expect(slugify("Himalayan Trails & Treks")).toBe("himalayan-trails-treks");
    expect(slugify("  Goa -- Sun & Sand!! ")).toBe("goa-sun-sand");
    expect(slugify("Café Côte d'Azur Tours")).toBe("cafe-cote-d-azur-tours");
    expect(slugify("ROYAL_RAJASTHAN/2026")).toBe("royal-rajasthan-2026");
    expect(slugify("ऋषिकेश")).toBe("");
  });

  it("cuts a long name at a word boundary within the limit", () => {
    const slug = slugify("The Very Long Name Of A Travel Agency That Plans Trips Across India");
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug).toBe("the-very-long-name-of-a-travel-agency");
    expect(slugify("x".repeat(60))).toBe("x".repeat(SLUG_MAX));
  });

  it("always yields a valid slug: short, unspellable and reserved names fall back to 'seller-N'", () => {
    for (const name of ["Himalayan Trails & Treks", "AB", "ऋषिकेश", "Admin", "Website", "x".repeat(60), "A very long name ".repeat(5)]) {
      const slug = firstFreeSlug(baseSlug(name), new Set());
      expect(slug, name).toMatch(SLUG_PATTERN);
      expect(slug.length, name).toBeLessThanOrEqual(SLUG_MAX);
      expect(slug.length, name).toBeGreaterThanOrEqual(3);
      expect(RESERVED_SLUGS.has(slug), name).toBe(false);
    }
    expect(firstFreeSlug(baseSlug("Admin"), new Set())).toBe("seller-2");
    expect(firstFreeSlug(baseSlug("AB"), new Set(["seller-2"]))).toBe("seller-3");
  });
});

describe("firstFreeSlug", () => {
  it("appends -2, -3… past the taken ones and never answers a reserved word", () => {
    expect(firstFreeSlug("goa-trips", new Set())).toBe("goa-trips");
    expect(firstFreeSlug("goa-trips", new Set(["goa-trips", "goa-trips-2"]))).toBe("goa-trips-3");
    expect(firstFreeSlug("seller", new Set())).toBe("seller-2");
  });
});
