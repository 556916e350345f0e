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

  it("reads a bare word as a destination", () => {
    expect(parseSearchQuery("goa").data).toEqual({ destination: "goa" });
  });

  it("rejects a duration or date that is not one", () => {
    expect(parseSearchQuery("duration=0").success).toBe(false);
    expect(parseSearchQuery("duration=2.5").success).toBe(false);
    expect(parseSearchQuery("checkIn=10-01-2027").success).toBe(false);
  });
});

describe("siteHref", () => {
  it("keeps links clean on a custom domain and prefixes them by path", () => {
    expect(siteHref({ basePath: "" }, "/package/all")).toBe("/package/all");
    expect(siteHref({ basePath: "/seller/s_x/website" }, "/")).toBe("/seller/s_x/website");
    expect(siteHref({ basePath: "/seller/s_x/website" }, "contact")).toBe("/seller/s_x/website/contact");
  });
});
