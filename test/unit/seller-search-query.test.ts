import { describe, expect, it } from "vitest";
import { parseSearchQuery } from "../../worker/domain/seller-website/search-query";
import { buildSearchQuery, siteHref } from "../../app/lib/seller-site";

/** What the server sees: the router decodes the path segment once. */
const roundTrip = (input: Parameters<typeof buildSearchQuery>[0]) => parseSearchQuery(decodeURIComponent(buildSearchQuery(input)));

describe("the searchpackages/{query} segment", () => {
  it("is all-packages when the landing's search is empty", () => {
    expect(buildSearchQuery({ destination: "  " })).toBe("all-packages");
    expect(roundTrip({}).data).toEqual({ destination: "" });
  });

  it("carries destination, check-in and duration through one path segment", () => {
    const segment = buildSearchQuery({ destination: "North Goa & beaches/5", checkIn: "2027-01-10", duration: "5" });
    expect(segment).not.toContain("/");
    expect(segment).not.toContain("&");
    expect(roundTrip({ destination: "North Goa & beaches/5", checkIn: "2027-01-10", duration: "5" }).data).toEqual({
      destination: "North Goa & beaches/5",
      checkIn: "2027-01-10",
      duration: 5,
    });
  });

  it("reads as a person would write it: a destination alone as itself, readable filters as key=value (issue 24)", () => {
    expect(buildSearchQuery({ destination: "Goa" })).toBe("Goa");
    expect(buildSearchQuery({ destination: " North Goa " })).toBe("North%20Goa");
    expect(buildSearchQuery({ duration: "4" })).toBe("duration=4");
    expect(buildSearchQuery({ destination: "Goa", checkIn: "2027-01-10", duration: "5" })).toBe(
      "destination=Goa&checkIn=2027-01-10&duration=5",
    );
    for (const input of [{ destination: "North Goa" }, { duration: "4" }, { destination: "Goa", checkIn: "2027-01-10", duration: "5" }]) {
      expect(buildSearchQuery(input)).not.toMatch(/%3D|%26/);
      expect(roundTrip(input).data).toEqual({ destination: "", ...input, ...(input.duration ? { duration: Number(input.duration) } : {}) });
    }
    // A destination called "all-packages" is still a search for it.
    expect(roundTrip({ destination: "All-Packages" }).data).toEqual({ destination: "All-Packages" });
  });

  it("reads a bare word as a destination", () => {
    expect(parseSearchQuery("goa").data).toEqual({ destination: "goa" });
  });

  it("rejects a duration or date that is not one", () => {
    expect(parseSearchQuery("duration=0").success).toBe(false);
    expect(parseSearchQuery("duration=2.5").success).toBe(false);
    expect(parseSearchQuery("checkIn=10-01-2027").success).toBe(false);
  });

  /** The first problem's message, which the search page answers with (400). */
  const problem = (raw: string) => parseSearchQuery(raw).error?.issues[0]?.message;

  it("says what is wrong with a duration, whether it is out of range, fractional or not a number", () => {
    for (const raw of ["duration=0", "duration=61", "duration=2.5", "duration=five"]) {
      expect(problem(raw), raw).toBe("Duration must be a whole number of days, from 1 to 60");
    }
    expect(parseSearchQuery("duration=1").data?.duration).toBe(1);
    expect(parseSearchQuery("duration=60").data?.duration).toBe(60);
  });

  it("takes the whole check-in value as the date, nothing before or after it", () => {
    for (const raw of ["checkIn=x2027-01-10", "checkIn=2027-01-10x", "checkIn=2027-1-10"]) {
      expect(problem(raw), raw).toBe("Check-in must be a date (YYYY-MM-DD)");
    }
  });

  it("treats an empty or blank check-in or duration as not given", () => {
    expect(parseSearchQuery("destination=goa&checkIn=&duration=").data).toEqual({ destination: "goa" });
    expect(parseSearchQuery("destination=goa&duration=+%20+").data).toEqual({ destination: "goa" });
    expect(parseSearchQuery("destination=goa&duration=+7+").data).toEqual({ destination: "goa", duration: 7 });
  });

  it("collapses the destination's spacing and ignores space around the whole segment", () => {
    expect(parseSearchQuery("destination=+North++Goa%09beaches+").data).toEqual({ destination: "North Goa beaches" });
    expect(parseSearchQuery("  North   Goa  ").data).toEqual({ destination: "North Goa" });
    expect(parseSearchQuery(" all-packages ").data).toEqual({ destination: "" });
    expect(parseSearchQuery("").data).toEqual({ destination: "" });
  });
});

describe("siteHref", () => {
  it("keeps links clean on a custom domain and prefixes them by path", () => {
    expect(siteHref({ basePath: "" }, "/package/all")).toBe("/package/all");
    expect(siteHref({ basePath: "/seller/s_x/website" }, "/")).toBe("/seller/s_x/website");
    expect(siteHref({ basePath: "/seller/s_x/website" }, "contact")).toBe("/seller/s_x/website/contact");
  });
});
