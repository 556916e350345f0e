import { describe, expect, it } from "vitest";
import { isCalendarDate } from "../../worker/shared/calendar-date";

describe("isCalendarDate", () => {
  it("takes a day of the calendar written YYYY-MM-DD, leap days in leap years included", () => {
    for (const day of ["2027-01-10", "2027-12-31", "2028-02-29", "2000-02-29", "2027-04-30"]) expect(isCalendarDate(day), day).toBe(true);
  });

  it("refuses a month or day the calendar lacks, which Date would roll over or could not print", () => {
    for (const day of ["2027-13-45", "2027-02-29", "2027-02-30", "2027-04-31", "2027-00-10", "2027-01-00", "1900-02-29"])
      expect(isCalendarDate(day), day).toBe(false);
  });

  it("refuses any other shape", () => {
    for (const text of ["", "2027-1-10", "2027-01-10T00:00:00Z", " 2027-01-10", "10-01-2027", "2027/01/10", "२०२७-०१-१०"])
      expect(isCalendarDate(text), text).toBe(false);
  });
});
