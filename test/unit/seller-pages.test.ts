import type { ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { SELLER_LAYOUT_ID, SELLER_PAGES, matchSellerBase, sellerPageAt, sellerPageRouteId } from "../../worker/shared/seller-pages";
import { defineAppRoutes } from "../../app/routes";
import { routeTrees } from "../../worker/tenant/route-trees";

type Mounted = { id: string; path: string };

/** Every route app/routes.ts mounts, with its full path. */
function mountedRoutes(): Mounted[] {
  const out: Mounted[] = [];
  const parents: string[] = [];
  const route = (path: string | undefined, _file: string, options?: { id?: string } | (() => void), children?: () => void) => {
    const opts = typeof options === "function" ? {} : (options ?? {});
    const kids = typeof options === "function" ? options : children;
    out.push({ id: opts.id ?? _file, path: `/${[...parents, path].filter(Boolean).join("/")}` });
    if (kids) {
      parents.push(path ?? "");
      kids();
      parents.pop();
    }
  };
  defineAppRoutes(route as never);
  return out;
}

describe("the table of seller pages", () => {
  it("mounts every page once per mode: by path under /seller/:sellerId/website, on a custom domain at the root", () => {
    const routes = mountedRoutes();
    for (const page of SELLER_PAGES) {
      const byPath = routes.find((r) => r.id === sellerPageRouteId("path", page));
      const onDomain = routes.find((r) => r.id === sellerPageRouteId("domain", page));
      expect(byPath?.path).toBe(`/seller/:sellerId/website${page.path ? `/${page.path}` : ""}`);
      expect(onDomain?.path).toBe(`/${page.path}`);
    }
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
  });

  it("finds the page of a request path, single-fetch data requests included", () => {
    expect(sellerPageAt("/", "domain")?.file).toBe("landing");
    expect(sellerPageAt("/_root.data", "domain")?.file).toBe("landing");
    expect(sellerPageAt("/package/p_goa.data", "domain")?.file).toBe("package-detail");
    expect(sellerPageAt("/reset-password/u_1.abc", "domain")?.file).toBe("reset-password");
    expect(sellerPageAt("/seller/s_1/website", "path")?.file).toBe("landing");
    expect(sellerPageAt("/seller/s_1/website.data", "path")?.file).toBe("landing");
    expect(sellerPageAt("/seller/s_1/website/", "path")?.file).toBe("landing");
    expect(sellerPageAt("/seller/s_1/website/about.data", "path")?.file).toBe("about");
    expect(sellerPageAt("/seller/s_1/website/sitemap.xml", "path")?.file).toBe("sitemap");
    for (const [path, mode] of [
      ["/seller/s_1/website", "domain"],
      ["/about", "path"],
      ["/package/a/b", "domain"],
      ["/sitemapxxml", "domain"],
      ["/seller/s_1/websites", "path"],
      ["/cart", "domain"],
    ] as const) {
      expect(sellerPageAt(path, mode), `${mode} ${path}`).toBeUndefined();
    }
  });

  it("marks only the pages every signed-out visitor sees alike as cacheable", () => {
    const cacheable = SELLER_PAGES.filter((p) => p.cacheable).map((p) => p.path);
    expect(cacheable).toEqual([
      "",
      "package/all",
      "package/:packageId",
      "searchpackages/:query",
      "about",
      "contact",
      "sitemap.xml",
      "robots.txt",
    ]);
  });

  it("recognises the base path of a seller site by path, and nothing that merely starts like one", () => {
    expect(matchSellerBase("/seller/s_1/website/package/all")).toEqual({ basePath: "/seller/s_1/website", idSegment: "s_1" });
    expect(matchSellerBase("/seller/s%20x/website.data")).toEqual({ basePath: "/seller/s%20x/website", idSegment: "s%20x" });
    expect(matchSellerBase("/seller/s_1/websites")).toBeNull();
    expect(matchSellerBase("/seller//website")).toBeNull();
  });
});

describe("route trees per tenant", () => {
  const ids = mountedRoutes().map((r) => r.id);
  const table = Object.fromEntries(["root", ...ids].map((id) => [id, { id }]));
  const build = { routes: table, assets: { version: "v", routes: table } } as unknown as ServerBuild;
  const trees = routeTrees(build);
  const idsOf = (b: ServerBuild) => Object.keys(b.routes);

  it("never puts the main site and a custom domain's site in one tree", () => {
    expect(idsOf(trees.platform)).toContain("main/about");
    expect(idsOf(trees.platform)).toContain("seller-path/about");
    expect(idsOf(trees.platform).filter((id) => id.startsWith("seller-domain"))).toEqual([]);
    expect(idsOf(trees.domain).filter((id) => id !== "root" && !id.startsWith("seller-domain"))).toEqual([]);
    expect(idsOf(trees.domain)).toContain("seller-domain/index");
    expect(idsOf(trees.path).filter((id) => id !== "root" && !id.startsWith("seller-path"))).toEqual([]);
  });

  it("gives each seller tree the root and its own layout and pages, all of them", () => {
    for (const mode of ["path", "domain"] as const) {
      const own = ids.filter((id) => id === SELLER_LAYOUT_ID[mode] || id.startsWith(`${SELLER_LAYOUT_ID[mode]}/`));
      expect(own, mode).toEqual(expect.arrayContaining(SELLER_PAGES.map((page) => sellerPageRouteId(mode, page))));
      expect(idsOf(trees[mode]), mode).toEqual(["root", ...own]);
    }
    expect(idsOf(trees.platform)).toContain("root");
  });

  it("narrows the client manifest with the server routes, so lazy discovery only finds the tenant's own", () => {
    for (const tree of Object.values(trees)) expect(Object.keys(tree.assets.routes)).toEqual(idsOf(tree));
  });
});
