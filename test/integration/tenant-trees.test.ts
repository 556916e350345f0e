import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestWorker, startWorker } from "../support/worker";

// One route tree per tenant (ADR 0024): the paths the main site and a seller's own domain share are
// separate routes in separate trees, and each host's lazy route discovery and data requests answer
// from its own tree only.

const DOMAIN = "wanderlust.localhost";
const SHARED = ["/", "/about", "/contact", "/login", "/signup", "/forgot-password", "/reset-password/u_x.token"];

let w: TestWorker;
beforeAll(async () => {
  w = await startWorker();
});
afterAll(() => w?.dispose());

async function discover(host: string | undefined, paths: string[]) {
  const html = await (await w.request("/", { host })).text();
  const version = /"version":\s*"([^"]+)"/.exec(html)?.[1];
  expect(version).toBeTruthy();
  const query = new URLSearchParams([...paths.map((p) => ["p", p]), ["version", version as string]]);
  const res = await w.request(`/__manifest?${query}`, { host });
  expect(res.status).toBe(200);
  return Object.keys(await res.json());
}

describe("route trees per tenant", () => {
  it("lets the platform discover the main site's pages and never a custom domain's", async () => {
    const ids = await discover(undefined, [...SHARED, "/package/all", "/seller/wanderlust-journeys/website/about"]);
    expect(ids).toEqual(
      expect.arrayContaining(["main/index", "main/about", "main/login", "main/reset-password/:token", "seller-path/about"]),
    );
    expect(ids.filter((id) => id.startsWith("seller-domain"))).toEqual([]);
  });

  it("lets a custom domain discover the seller's pages at the same paths and nothing of the main site", async () => {
    const ids = await discover(DOMAIN, [...SHARED, "/package/all", "/cart"]);
    expect(ids).toEqual(
      expect.arrayContaining(["seller-domain/index", "seller-domain/about", "seller-domain/login", "seller-domain/package/all"]),
    );
    expect(ids.filter((id) => id !== "root" && !id.startsWith("seller-domain"))).toEqual([]);
  });

  it("renders each shared path as the host's own page, for documents and single-fetch data", async () => {
    for (const path of ["/about", "/contact", "/login"]) {
      const main = await w.request(path);
      const seller = await w.request(path, { host: DOMAIN });
      expect([main.status, seller.status], path).toEqual([200, 200]);
      const [mainHtml, sellerHtml] = [await main.text(), await seller.text()];
      expect(mainHtml, path).not.toContain("Wanderlust Journeys");
      expect(sellerHtml, path).toContain("Wanderlust Journeys");
      expect(seller.headers.get("x-tb-d1-calls"), path).toMatch(/^[01]$/);
    }
    const data = await w.request("/about.data", { host: DOMAIN });
    expect(data.status).toBe(200);
    expect(await data.text()).toContain("Wanderlust Journeys");
    expect(await (await w.request("/about.data")).text()).not.toContain("Wanderlust Journeys");
  });

  it("keeps the seller's pages off the platform's root and the main site's off a custom domain", async () => {
    for (const path of ["/package/all", "/sitemap.xml", "/dashboard"]) expect((await w.request(path)).status, path).toBe(404);
    for (const path of ["/cart", "/team", "/seller-dashboard"]) expect((await w.request(path, { host: DOMAIN })).status, path).toBe(404);
  });
});
