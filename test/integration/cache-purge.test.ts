import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectConsoleError } from "../support/console-guard";
import { bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/** What reached "Cloudflare's API": the Worker's outbound requests, answered here. */
type Seen = { url: string; authorization: string | null; body: unknown };
let seen: Seen[] = [];
let answer = 200;
let w: TestWorker;
let plain: TestWorker;
beforeAll(async () => {
  [w, plain] = await Promise.all([
    startWorker({
      bindings: { CF_ZONE_ID: "zone-123", CF_PURGE_TOKEN: "purge-token" },
      outbound: async (request) => {
        seen.push({ url: request.url, authorization: request.headers.get("authorization"), body: await request.json() });
        return Response.json({ success: answer === 200 }, { status: answer });
      },
    }),
    startWorker({
      outbound: (request) => {
        seen.push({ url: request.url, authorization: null, body: null });
        return new Response("unexpected", { status: 500 });
      },
    }),
  ]);
});
afterAll(() => Promise.all([w?.dispose(), plain?.dispose()]));

const packageBody = {
  name: "Hampi Ruins Trail",
  city: "Hampi",
  description: "Boulders, temples and a coracle ride.",
  durationDays: 3,
  images: [],
  priceRanges: [{ label: "Per person", price: 9999 }],
  inclusions: [],
  exclusions: [],
};

describe("purging Cloudflare's cache when a seller's content changes", () => {
  it("asks Cloudflare to purge the seller's tag after a change, with the zone and token", async () => {
    const seller = await loginViaApi(w, "owner@wanderlust.example");
    seen = [];
    const res = await w.api(
      "PUT",
      "/api/seller-website/config",
      {
        themeColor: "#7c3aed",
        secondaryColor: "#fde68a",
        websiteName: "Wanderlust Journeys",
        wallpaperImage: null,
      },
      bearer(seller),
    );
    expect(res.status).toBe(200);
    expect(seen).toEqual([
      {
        url: "https://api.cloudflare.com/client/v4/zones/zone-123/purge_cache",
        authorization: "Bearer purge-token",
        body: { tags: ["tb-seller-s_wanderlust"] },
      },
    ]);
  });

  it("purges after a change saved from the dashboard page too, not only through the API", async () => {
    const seller = await loginViaApi(w, "owner@wanderlust.example");
    seen = [];
    const res = await w.request("/seller-dashboard/website.data", {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": "application/json", cookie: `tb_session=${seller.token}` },
      body: JSON.stringify({ intent: "profile", bio: "Small groups since 2009." }),
    });
    expect(res.status).toBe(200);
    expect(seen).toEqual([
      {
        url: "https://api.cloudflare.com/client/v4/zones/zone-123/purge_cache",
        authorization: "Bearer purge-token",
        body: { tags: ["tb-seller-s_wanderlust"] },
      },
    ]);
  });

  it("purges only the seller whose content changed, and reading purges nothing", async () => {
    const seller = await loginViaApi(w, "owner@himalayan.example");
    seen = [];
    await w.request("/seller/himalayan-trails/website");
    await w.api("GET", "/api/seller-admin/packages", undefined, bearer(seller));
    expect(seen).toEqual([]);
    const created = await w.api("POST", "/api/seller-admin/packages", packageBody, bearer(seller));
    expect(created.status).toBe(201);
    expect(seen.map((s) => s.body)).toEqual([{ tags: ["tb-seller-s_himalayan"] }]);
  });

  it("keeps the seller's change when Cloudflare refuses the purge", async () => {
    expectConsoleError("Cache purge for s_himalayan answered 403");
    const seller = await loginViaApi(w, "owner@himalayan.example");
    answer = 403;
    const created = await w.api("POST", "/api/seller-admin/packages", { ...packageBody, name: "Hampi Again" }, bearer(seller));
    answer = 200;
    expect(created.status).toBe(201);
    expect((await w.api("GET", `/api/seller-admin/packages/${created.body.package.id}`, undefined, bearer(seller))).status).toBe(200);
  });

  it("sends nothing when no zone is configured (local runs)", async () => {
    const seller = await loginViaApi(plain, "owner@wanderlust.example");
    seen = [];
    const res = await plain.api("POST", "/api/seller-admin/packages", packageBody, bearer(seller));
    expect(res.status).toBe(201);
    expect(seen).toEqual([]);
  });
});
