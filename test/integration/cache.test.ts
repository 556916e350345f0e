import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

let w: TestWorker;
beforeAll(async () => {
  // The build's files too: their caching headers are among what this file checks.
  w = await startWorker({ assets: true });
});
afterAll(() => w?.dispose());

const P = "/seller/wanderlust-journeys/website";

async function get(path: string, init: { host?: string; headers?: Record<string, string> } = {}) {
  const res = await w.request(path, init);
  return { res, html: await res.text(), cache: res.headers.get("x-tb-cache"), d1: Number(res.headers.get("x-tb-d1-calls")) };
}

const newConfig = (websiteName: string) => ({ themeColor: "#7c3aed", secondaryColor: "#fde68a", websiteName, wallpaperImage: null });

describe("edge cache for public seller pages", () => {
  it("serves the second signed-out GET from the cache without touching D1", async () => {
    // The site's address is looked up once and remembered, as a custom domain's host is (ADR 0040, 0026).
    await get(`${P}/about`, { headers: { cookie: "tb_session=not-a-real-session" } });
    const first = await get(`${P}/package/all`);
    expect(first.cache).toBe("miss");
    expect(first.res.headers.get("cache-control")).toMatch(/s-maxage=\d+/);
    expect(first.res.headers.get("cache-control")).toMatch(/stale-while-revalidate=\d+/);
    expect(first.res.headers.get("cache-tag")).toBe("tb-seller-s_wanderlust");
    expect(first.res.headers.get("x-tb-d1-calls")).toBe("1");
    const second = await get(`${P}/package/all`);
    expect(second.cache).toBe("hit");
    // Counted and reported on every answer (ADR 0033): a cache hit costs no round trip.
    expect(second.res.headers.get("x-tb-d1-calls")).toBe("0");
    expect(second.html).toBe(first.html);
  });

  it("keys by host: the custom domain has its own copy with its own links", async () => {
    const domain = await get("/package/all", { host: "wanderlust.localhost" });
    expect(domain.cache).toBe("miss");
    expect(domain.html).not.toContain("/seller/wanderlust-journeys/website");
    expect((await get("/package/all", { host: "wanderlust.localhost" })).cache).toBe("hit");
  });

  it("shows a change of the seller's config on the very next request", async () => {
    await get(P);
    expect((await get(P)).cache).toBe("hit");
    const { token } = await loginViaApi(w, "owner@wanderlust.example");
    const put = await w.api("PUT", "/api/seller-website/config", newConfig("Wanderlust Travels"), { authorization: `Bearer ${token}` });
    expect(put.status).toBe(200);
    expect(put.body.websiteConfig.websiteName).toBe("Wanderlust Travels");
    const next = await get(P);
    expect(next.cache).toBe("miss");
    expect(next.html).toContain("Wanderlust Travels");
    expect(next.html).toContain("--brand:#7c3aed");
    // And the domain copy is fresh as well.
    const domain = await get("/package/all", { host: "wanderlust.localhost" });
    expect(domain.html).toContain("Wanderlust Travels");
  });

  it("does not see a database change that skipped the version bump (the copy really is cached)", async () => {
    await get(`${P}/about`);
    await w.d1.prepare("UPDATE sellers SET bio = 'Changed behind the cache' WHERE id = 's_wanderlust'").run();
    const cached = await get(`${P}/about`);
    expect(cached.cache).toBe("hit");
    expect(cached.html).not.toContain("Changed behind the cache");
  });

  it("never stores or serves a signed-in request from the cache", async () => {
    const { cookie, token } = await loginViaApi(w, "asha@example.com");
    await get(`${P}/contact`);
    expect((await get(`${P}/contact`)).cache).toBe("hit");
    for (const headers of [{ cookie }, { authorization: `Bearer ${token}` }] as Record<string, string>[]) {
      const signedIn = await get(`${P}/contact`, { headers });
      expect(signedIn.cache).toBe("bypass");
      expect(signedIn.d1).toBeGreaterThan(0);
      expect(signedIn.res.headers.get("cache-control")).toBe("private, no-store");
      expect(signedIn.res.headers.get("vary")).toContain("Cookie");
    }
    // A first visit while signed in leaves nothing behind for the next visitor.
    const fresh = `${P}/searchpackages/${encodeURIComponent("destination=jaipur")}`;
    expect((await get(fresh, { headers: { cookie } })).cache).toBe("bypass");
    expect((await get(fresh)).cache).toBe("miss");
  });

  it("never caches errors, and refuses config writes from customers or with bad colours", async () => {
    await get(`${P}/package/nope`);
    const again = await get(`${P}/package/nope`);
    expect(again.res.status).toBe(404);
    expect(again.cache).toBe("bypass");
    const customer = await loginViaApi(w, "asha@example.com");
    const denied = await w.api("PUT", "/api/seller-website/config", newConfig("Hacked"), { authorization: `Bearer ${customer.token}` });
    expect(denied.status).toBe(403);
    const seller = await loginViaApi(w, "owner@wanderlust.example");
    const bad = await w.api(
      "PUT",
      "/api/seller-website/config",
      { ...newConfig("X"), themeColor: "red" },
      { authorization: `Bearer ${seller.token}` },
    );
    expect(bad.status).toBe(422);
    const anonymous = await w.api("PUT", "/api/seller-website/config", newConfig("X"));
    expect(anonymous.status).toBe(401);
  });
});

describe("browser caching of the build's files and of pages", () => {
  const YEAR_IMMUTABLE = "public, max-age=31536000, immutable";
  /** The hashed scripts and stylesheets a page links to (Vite's output in build/client/assets). */
  const hashedAssets = (html: string) => [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+-[\w-]{8}\.(?:js|css))"/g)].map((m) => m[1]);

  it("serves the hashed files under /assets immutable for a year, on the platform and on a custom domain", async () => {
    for (const host of ["localhost", "wanderlust.localhost"]) {
      const assets = hashedAssets(await (await w.request("/", { host })).text());
      expect(assets.some((a) => a.endsWith(".js")) && assets.some((a) => a.endsWith(".css")), host).toBe(true);
      for (const asset of [assets.find((a) => a.endsWith(".js")), assets.find((a) => a.endsWith(".css"))] as string[]) {
        const res = await w.request(asset, { host });
        await res.arrayBuffer();
        expect(res.status, `${host}${asset}`).toBe(200);
        expect(res.headers.get("cache-control"), `${host}${asset}`).toBe(YEAR_IMMUTABLE);
      }
    }
  });

  it("keeps the build's pictures a day and other files whose names do not change revalidated, and does not serve the rules file", async () => {
    for (const host of ["localhost", "wanderlust.localhost"]) {
      for (const file of ["/images/packages/goa-1.svg", "/images/sellers/wanderlust-cover.svg"]) {
        const res = await w.request(file, { host });
        await res.arrayBuffer();
        expect(res.status, `${host}${file}`).toBe(200);
        expect(res.headers.get("cache-control"), `${host}${file}`).toBe("public, max-age=86400");
      }
    }
    const favicon = await w.request("/favicon.svg");
    await favicon.arrayBuffer();
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("cache-control")).not.toContain("immutable");
    expect(favicon.headers.get("cache-control")).toMatch(/max-age=0\b/);
    const rules = await w.request("/_headers");
    expect(await rules.text()).not.toContain("Cache-Control");
  });

  it("never lets a browser keep a page: no immutable, no max-age, and no-store once signed in", async () => {
    const { cookie } = await loginViaApi(w, "asha@example.com");
    const pages: [string, { host?: string; headers?: Record<string, string> }][] = [
      ["/", {}],
      ["/tour-package", {}],
      [P, {}],
      ["/", { host: "wanderlust.localhost" }],
    ];
    for (const [path, init] of pages) {
      const res = await w.request(path, init);
      await res.arrayBuffer();
      expect(res.headers.get("content-type"), path).toContain("text/html");
      const cacheControl = res.headers.get("cache-control") ?? "";
      expect(cacheControl, path).not.toContain("immutable");
      expect(cacheControl, path).not.toMatch(/(^|[^-])max-age=[1-9]/);
    }
    const signedIn = await w.request("/user-dashboard", { headers: { cookie } });
    await signedIn.arrayBuffer();
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toContain("no-store");
    expect(signedIn.headers.get("cache-control")).not.toContain("immutable");
  });
});
