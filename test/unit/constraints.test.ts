import { describe, expect, it } from "vitest";
import { breaksUnique } from "../../worker/db/constraints";

// D1's words for a refused write, as workerd raises them (the cause carries SQLite's message).
const d1Error = (message: string) => new Error("D1_ERROR", { cause: new Error(message) });

describe("breaksUnique (issue 25: a clash is named, never swallowed whole)", () => {
  it("matches the unique index the caller names, by column or by index name", () => {
    expect(breaksUnique(d1Error("UNIQUE constraint failed: payment_events.id: SQLITE_CONSTRAINT"), "payment_events.id")).toBe(true);
    expect(breaksUnique(new Error("UNIQUE constraint failed: index 'users_email_unique'"), "users_email_unique")).toBe(true);
    expect(breaksUnique(d1Error("UNIQUE constraint failed: sellers.slug"), "payment_events.id", "sellers.slug")).toBe(true);
  });

  it("does not take another index's clash, another constraint or another error for the one expected", () => {
    expect(breaksUnique(d1Error("UNIQUE constraint failed: bookings.booking_ref"), "payment_events.id")).toBe(false);
    expect(breaksUnique(d1Error("CHECK constraint failed: seats"), "payment_events.id")).toBe(false);
    expect(breaksUnique(d1Error("FOREIGN KEY constraint failed"), "users_email_unique")).toBe(false);
    expect(breaksUnique(new Error("network lost"), "payment_events.id")).toBe(false);
    expect(breaksUnique("UNIQUE constraint failed: payment_events.id", "payment_events.id")).toBe(true);
    expect(breaksUnique(undefined, "payment_events.id")).toBe(false);
  });
});
