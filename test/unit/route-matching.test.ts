import { type AgnosticRouteObject as R, matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { siteRouteTree } from "../support/route-tree";

// Our patch to @remix-run/router (patches/, ADR 0012 and 0016) remembers matches on the server per
// route tree and pathname. These are the properties it must keep.
const tree = siteRouteTree;

describe("route matching (patched, server side)", () => {
  it("returns the routes of the tree it is given, even when an equal tree matched first", () => {
    const first = tree();
    const second = tree();
    matchRoutes(first, "/seller/s_1/website/package/p_1");
    const matches = matchRoutes(second, "/seller/s_1/website/package/p_1");
    expect(matches?.map((m) => m.route.id)).toEqual(["root", "site", "package"]);
    expect(matches?.[2].route).toBe(second[0].children?.[0].children?.[1]);
    expect(matches?.[1].pathname).toBe("/seller/s_1/website");
  });

  it("gives every caller its own params, shared by the matches of one call as before", () => {
    const routes = tree();
    const a = matchRoutes(routes, "/seller/s_1/website/package/p_1");
    expect(a?.[0].params).toBe(a?.[2].params);
    (a?.[0].params as Record<string, string>).packageId = "tampered";
    const b = matchRoutes(routes, "/seller/s_1/website/package/p_1");
    expect(b?.[2].params).toEqual({ sellerId: "s_1", packageId: "p_1" });
  });

  it("tells trees of different shapes apart", () => {
    matchRoutes(tree(), "/about");
    const other: R[] = [{ id: "root", path: "", children: [{ id: "elsewhere", path: "about/*" }] }];
    expect(matchRoutes(other, "/about")?.map((m) => m.route.id)).toEqual(["root", "elsewhere"]);
  });

  it("keeps ranking, index routes, case sensitivity, splats and misses", () => {
    const routes = tree();
    expect(matchRoutes(routes, "/seller/s_2/website")?.map((m) => m.route.id)).toEqual(["root", "site", "landing"]);
    expect(matchRoutes(routes, "/about")?.map((m) => m.route.id)).toEqual(["root", "about"]);
    expect(matchRoutes(routes, "/Exact")?.map((m) => m.route.id)).toEqual(["root", "CaseSensitive"]);
    expect(matchRoutes(routes, "/exact")?.map((m) => m.route.id)).toEqual(["root", "catch-all"]);
    expect(matchRoutes(routes, "/nowhere/x")?.[1].params).toEqual({ "*": "nowhere/x" });
    expect(matchRoutes([{ id: "only", path: "a" }], "/b")).toBeNull();
    expect(matchRoutes([{ id: "only", path: "a" }], "/b")).toBeNull();
  });
});
