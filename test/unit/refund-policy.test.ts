import { describe, expect, it } from "vitest";
import { cancellationRefund, daysBefore } from "../../worker/domain/payments/policy";

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
});
