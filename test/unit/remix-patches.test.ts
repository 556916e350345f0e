import { matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { routeIds, siteRouteTree } from "../support/route-tree";
// Internal modules of the two packages our patches change (patches/, ADR 0017).
// @ts-expect-error getPartialManifestJson is ours, so the module's types do not declare it
import { getPartialManifest, getPartialManifestJson } from "@remix-run/react/dist/fog-of-war.js";
import { callRouteLoader } from "@remix-run/server-runtime/dist/data.js";

async function requestSeenByLoader(request: Request): Promise<Request> {
  let seen: Request | undefined;
  await callRouteLoader({
    loadContext: {} as never,
    params: {},
    request,
    routeId: "r",
    singleFetch: true,
    loader: ({ request: r }: { request: Request }) => {
      seen = r;
      return null;
    },
  });
  if (!seen) throw new Error("loader not called");
  return seen;
}

describe("loader requests (patched @remix-run/server-runtime)", () => {
  it("hands a GET without a query string to the loader as it came", async () => {
    const request = new Request("https://shop.test/seller/s_1/website", { headers: { cookie: "a=b" } });
    expect(await requestSeenByLoader(request)).toBe(request);
  });

  it("still strips Remix's own parameters and keeps the rest", async () => {
    const seen = await requestSeenByLoader(new Request("https://shop.test/package/all?index&_routes=x&q=goa"));
    expect(new URL(seen.url).search).toBe("?q=goa");
  });

  it("re-creates every non-GET request as before", async () => {
    const request = new Request("https://shop.test/contact", { method: "POST", body: "x=1" });
    const seen = await requestSeenByLoader(request);
    expect(seen).not.toBe(request);
    expect(await seen.text()).toBe("x=1");
  });
});

describe("inlined partial manifest (patched @remix-run/react)", () => {
  const routes = siteRouteTree();
  const manifest = {
    version: "v1",
    url: "/manifest.js",
    entry: { module: "/entry.js", imports: [] },
    routes: Object.fromEntries(routeIds(routes).map((id) => [id, { id, module: `/${id}.js`, hasLoader: id !== "root" }])),
  };
  const routerAt = (pathname: string) => ({
    routes,
    basename: "/",
    state: { location: { pathname }, matches: matchRoutes(routes, pathname) ?? [] },
  });

  it("is the JSON Remix built on every render", () => {
    for (const path of ["/seller/s_1/website", "/seller/s_1/website/package/p_1", "/about"]) {
      expect(getPartialManifestJson(manifest, routerAt(path))).toBe(
        JSON.stringify(getPartialManifest(manifest as never, routerAt(path) as never), null, 2),
      );
    }
  });

  it("follows the routes a page matches, not one page's address", () => {
    const goa = getPartialManifestJson(manifest, routerAt("/seller/s_1/website/package/p_goa"));
    expect(getPartialManifestJson(manifest, routerAt("/seller/s_2/website/package/p_x"))).toBe(goa);
    expect(JSON.parse(goa).routes).toHaveProperty("package");
    expect(JSON.parse(getPartialManifestJson(manifest, routerAt("/about"))).routes).not.toHaveProperty("package");
  });

  it("keeps builds apart", () => {
    const next = { ...manifest, version: "v2" };
    expect(JSON.parse(getPartialManifestJson(next, routerAt("/about"))).version).toBe("v2");
  });
});
