import { describe, expect, it } from "vitest";
import {
  FULL_REFUND_DAYS,
  HALF_REFUND_DAYS,
  REFUND_POLICY,
  REQUEST_EXPIRY_HOURS,
  cancellationRefund,
  daysBefore,
} from "../../worker/domain/payments/policy";

const today = "2026-11-23";
const paid = 10_000_00;

describe("the cancellation refund policy", () => {
  it("refunds a request the seller has not confirmed in full, however close the trip", () => {
    expect(cancellationRefund({ status: "pending", startDate: "2026-11-24", paid }, today)).toEqual({ amount: paid, percent: 100 });
  });

  it("refunds a confirmed booking in full from 15 days before, half from 7 to 14, nothing within 7", () => {
    const at = (startDate: string) => cancellationRefund({ status: "confirmed", startDate, paid }, today);
    expect(daysBefore("2026-12-08", today)).toBe(15);
    expect(at("2026-12-08")).toEqual({ amount: paid, percent: 100 });
    expect(at("2026-12-07")).toEqual({ amount: paid / 2, percent: 50 });
    expect(at("2026-11-30")).toEqual({ amount: paid / 2, percent: 50 });
    expect(at("2026-11-29")).toEqual({ amount: 0, percent: 0 });
  });

  it("keeps whole paise and refunds nothing of nothing", () => {
    expect(cancellationRefund({ status: "confirmed", startDate: "2026-12-01", paid: 12_345 }, today).amount).toBe(6_172);
    expect(cancellationRefund({ status: "pending", startDate: "2026-12-30", paid: 0 }, today)).toEqual({ amount: 0, percent: 0 });
  });

  it("counts whole calendar days, across a month and a year end, and negative once the trip has begun", () => {
    expect(daysBefore("2027-01-07", "2026-12-23")).toBe(15);
    expect(daysBefore(today, today)).toBe(0);
    expect(daysBefore("2026-11-20", today)).toBe(-3);
    expect(cancellationRefund({ status: "confirmed", startDate: "2027-01-07", paid }, "2026-12-23").percent).toBe(100);
    expect(cancellationRefund({ status: "confirmed", startDate: "2026-11-20", paid }, today)).toEqual({ amount: 0, percent: 0 });
    expect(cancellationRefund({ status: "confirmed", startDate: today, paid }, today)).toEqual({ amount: 0, percent: 0 });
  });

  it("rounds half of an odd amount down to the paisa, and refunds nothing of a negative amount", () => {
    expect(cancellationRefund({ status: "confirmed", startDate: "2026-12-07", paid: 1 }, today)).toEqual({ amount: 0, percent: 50 });
    expect(cancellationRefund({ status: "confirmed", startDate: "2026-12-07", paid: 99_999 }, today).amount).toBe(49_999);
    expect(cancellationRefund({ status: "pending", startDate: "2026-12-30", paid: -500 }, today)).toEqual({ amount: 0, percent: 0 });
  });

  it("is stated on the page with the same numbers it applies", () => {
    expect([REQUEST_EXPIRY_HOURS, FULL_REFUND_DAYS, HALF_REFUND_DAYS]).toEqual([48, 15, 7]);
    expect(REFUND_POLICY).toEqual([
      "If the travel agent rejects your request, or does not answer it within 48 hours, the full amount is refunded automatically.",
      "If you cancel a request before the travel agent confirms it, the full amount is refunded.",
      "If you cancel a confirmed booking 15 or more days before the start date, the full amount is refunded; from 7 to 14 days before, half of it; within 7 days of the start date, nothing.",
      "Refunds go back to the card, UPI account or bank account you paid with. We start them at once; your bank usually shows them within 5 to 7 working days.",
    ]);
  });
});
