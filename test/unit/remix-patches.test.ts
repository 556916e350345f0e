import type { RouteObject } from "react-router-dom";
import { createStaticHandler, createStaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { siteRouteTree } from "../support/route-tree";

// Our patch to react-router-dom/server (patches/, ADR 0022) converts a route tree to data routes once and
// shares them across renders. Route matching, the third part, has its own test (route-matching.test.ts).

async function routerFor(routes: RouteObject[], path: string) {
  const context = await createStaticHandler(routes).query(new Request(`https://shop.test${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  return createStaticRouter(routes, context);
}

describe("static router (patched react-router-dom/server)", () => {
  it("converts a route tree once and shares the result across requests", async () => {
    const routes = siteRouteTree();
    const first = await routerFor(routes, "/seller/s_1/website/package/p_1");
    const second = await routerFor(routes, "/about");
    expect(second.routes).toBe(first.routes);
    expect(first.routes[0].children?.map((r) => r.id)).toEqual(["site", "about", "CaseSensitive", "catch-all"]);
  });

  it("keeps each request's location, matches and params its own", async () => {
    const routes = siteRouteTree();
    const pkg = await routerFor(routes, "/seller/s_1/website/package/p_1");
    const landing = await routerFor(routes, "/seller/s_2/website");
    expect(pkg.state.location.pathname).toBe("/seller/s_1/website/package/p_1");
    expect(pkg.state.matches.map((m) => m.route.id)).toEqual(["root", "site", "package"]);
    expect(pkg.state.matches[2].params).toEqual({ sellerId: "s_1", packageId: "p_1" });
    expect(pkg.state.matches[2].route).toBe(pkg.routes[0].children?.[0].children?.[1]);
    expect(landing.state.location.pathname).toBe("/seller/s_2/website");
    expect(landing.state.matches.map((m) => m.route.id)).toEqual(["root", "site", "landing"]);
    expect(landing.state.matches[1].params).toEqual({ sellerId: "s_2" });
  });

  it("converts each tree on its own, even when an equal tree came first", async () => {
    const first = await routerFor(siteRouteTree(), "/about");
    const other: RouteObject[] = [{ id: "root", path: "", children: [{ id: "elsewhere", path: "about/*" }] }];
    const second = await routerFor(other, "/about");
    expect(second.routes).not.toBe(first.routes);
    expect(second.state.matches.map((m) => m.route.id)).toEqual(["root", "elsewhere"]);
  });
});
