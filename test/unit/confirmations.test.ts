import { describe, expect, it } from "vitest";
import { cancellationTerms, sellerWords } from "../../app/components/bookings/types";
import type { Booking } from "../../worker/domain/bookings/shapes";

const today = "2026-11-23";
const booking = (over: { status: string; paymentStatus: string; startDate: string }) =>
  ({
    status: over.status,
    paymentStatus: over.paymentStatus,
    travelDates: { startDate: over.startDate },
    pricing: { total: 16_990_00 },
  }) as unknown as Booking;

describe("what Cancel states before the dialog opens (and the dialog repeats)", () => {
  it("names the refund the policy gives, in rupees", () => {
    expect(cancellationTerms(booking({ status: "pending", paymentStatus: "completed", startDate: "2026-11-25" }), today)).toBe(
      "Cancelling now refunds ₹16,990 (the full amount, under the refund policy).",
    );
    expect(cancellationTerms(booking({ status: "confirmed", paymentStatus: "completed", startDate: "2026-12-01" }), today)).toBe(
      "Cancelling now refunds ₹8,495 (50% of ₹16,990, under the refund policy).",
    );
    expect(cancellationTerms(booking({ status: "confirmed", paymentStatus: "completed", startDate: "2026-11-26" }), today)).toMatch(
      /^Cancelling now refunds nothing/,
    );
  });

  it("says no refund is due when nothing was paid", () => {
    expect(cancellationTerms(booking({ status: "pending", paymentStatus: "pending", startDate: "2027-01-10" }), today)).toBe(
      "Nothing has been paid for this booking, so no refund is due.",
    );
  });
});

describe("the seller's own words on a booking", () => {
  it("never shows the default approval text as the seller's message", () => {
    const at = { respondedAt: "2026-11-20T10:00:00.000Z" };
    expect(sellerWords({ status: "approved", message: "Booking approved by seller", ...at } as Booking["sellerResponse"])).toBeNull();
    expect(sellerWords({ status: "approved", message: "See you in Goa", ...at } as Booking["sellerResponse"])).toBe("See you in Goa");
    expect(sellerWords({ status: "rejected", message: "Fully booked", ...at } as Booking["sellerResponse"])).toBe("Fully booked");
    expect(sellerWords(null as Booking["sellerResponse"])).toBeNull();
  });
});
