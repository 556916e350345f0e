import { describe, expect, it } from "vitest";
import { formatDate, formatRupees, formatTime } from "../../worker/shared/format";

describe("en-IN formats", () => {
  it("formats dates with numeric year, long month and numeric day", () => {
    expect(formatDate("2027-01-15")).toBe("15 January 2027");
    expect(formatDate("2026-11-01T09:30:00.000Z")).toBe("1 November 2026");
  });
  it("formats times with two-digit hour and minute", () => {
    expect(formatTime("2026-11-01T09:30:00.000Z")).toMatch(/^03:00\s?pm$/i);
  });
  it("formats paise as rupees with Indian grouping", () => {
    expect(formatRupees(1_599_900)).toBe("₹15,999");
    expect(formatRupees(123_456_789_00)).toBe("₹12,34,56,789");
    expect(formatRupees(150)).toBe("₹1.50");
  });
});
