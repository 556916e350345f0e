import { describe, expect, it } from "vitest";
import { accessibleTextColor, contrastRatio, readableTextOn, safeHexColor } from "../../worker/shared/colors";

describe("safeHexColor", () => {
  it("accepts only #RRGGBB", () => {
    expect(safeHexColor("#0F766E", "#000000")).toBe("#0f766e");
    for (const bad of ["red", "#fff", "#12345g", "#123456; background:url(x)", "", null, 42, "#1234567"]) {
      expect(safeHexColor(bad, "#2563eb")).toBe("#2563eb");
    }
  });
});

describe("contrast", () => {
  it("computes WCAG ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 0);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
  });
  it("picks readable text on a background", () => {
    expect(readableTextOn("#0f766e")).toBe("#ffffff");
    expect(readableTextOn("#f59e0b")).toBe("#111111");
  });
  it("darkens a light brand colour until it reads as text at 4.5:1", () => {
    const text = accessibleTextColor("#87ceeb", "#ffffff");
    expect(contrastRatio(text, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(accessibleTextColor("#0f766e", "#ffffff")).toBe("#0f766e");
    expect(contrastRatio(accessibleTextColor("#0f766e", "#181b2e"), "#181b2e")).toBeGreaterThanOrEqual(4.5);
  });
});
