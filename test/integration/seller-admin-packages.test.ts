import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_PATH_MESSAGE } from "../../worker/domain/seller-admin/schemas";
import { type Session, bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

let w: TestWorker;
let wanderlust: Session;
let himalayan: Session;
let asha: Session;
beforeAll(async () => {
  w = await startWorker();
  [wanderlust, himalayan, asha] = await Promise.all([
    loginViaApi(w, "owner@wanderlust.example"),
    loginViaApi(w, "owner@himalayan.example"),
    loginViaApi(w, "asha@example.com"),
  ]);
});
afterAll(() => w?.dispose());

const P = "/seller/wanderlust-journeys/website";
const asSeller = (method: string, path: string, body?: unknown, s = wanderlust) =>
  w.api(method, `/api/seller-admin${path}`, body, bearer(s));

const coorg = {
  name: "Coorg Coffee Trails",
  city: "Coorg",
  description: "Plantation walks, Abbey Falls and a night in a homestay.",
  durationDays: 3,
  images: ["/images/packages/goa-1.svg", "/media/sellers/s_wanderlust/coorg.jpg"],
  priceRanges: [
    { label: "Per person", price: 999_900 },
    { label: "Couple", price: 1_799_900 },
  ],
  inclusions: ["Homestay", "Breakfast"],
  exclusions: ["Flights"],
};

describe("seller packages API", () => {
  let id: string;

  it("lists only the seller's own packages, drafts included, with status, price, city and duration", async () => {
    const res = await asSeller("GET", "/packages");
    expect(res.status).toBe(200);
    const ids = res.body.packages.map((p: { id: string }) => p.id);
    expect(ids).toContain("p_goa");
    expect(ids).toContain("p_kerala_draft");
    const himalayanIds = (await asSeller("GET", "/packages", undefined, himalayan)).body.packages.map((p: { id: string }) => p.id);
    expect(himalayanIds.some((i: string) => ids.includes(i))).toBe(false);
    const goa = res.body.packages.find((p: { id: string }) => p.id === "p_goa");
    expect(goa).toMatchObject({
      status: "published",
      city: "Goa",
      durationDays: 5,
      priceRanges: [{ label: "Per person", price: 1_599_900 }, {}],
    });
    expect(goa.bookings).toBeGreaterThan(0);
  });

  it("creates a draft that the public site does not show", async () => {
    const res = await asSeller("POST", "/packages", coorg);
    expect(res.status).toBe(201);
    expect(res.body.package).toMatchObject({ ...coorg, status: "draft", bookings: 0 });
    id = res.body.package.id;
    const pub = await w.api("GET", "/api/seller-website/seller/s_wanderlust/website/package/all");
    expect(pub.body.packages.map((p: { id: string }) => p.id)).not.toContain(id);
  });

  it("publishes: the cached public page shows it on the very next request", async () => {
    await w.request(`${P}/package/all`);
    const cached = await w.request(`${P}/package/all`);
    expect(cached.headers.get("x-tb-cache")).toBe("hit");
    expect(await cached.text()).not.toContain("Coorg Coffee Trails");

    const res = await asSeller("PUT", `/packages/${id}/status`, { status: "published" });
    expect(res.status).toBe(200);
    expect(res.body.package.status).toBe("published");
    const fresh = await w.request(`${P}/package/all`);
    expect(fresh.headers.get("x-tb-cache")).toBe("miss");
    expect(await fresh.text()).toContain("Coorg Coffee Trails");
  });

  it("modifies: the package page shows the new price and name next time, even after a hit", async () => {
    await w.request(`${P}/package/${id}`);
    expect((await w.request(`${P}/package/${id}`)).headers.get("x-tb-cache")).toBe("hit");
    const res = await asSeller("PUT", `/packages/${id}`, {
      ...coorg,
      name: "Coorg Coffee & Clouds",
      priceRanges: [{ label: "Per person", price: 1_234_500 }],
    });
    expect(res.status).toBe(200);
    expect(res.body.package.name).toBe("Coorg Coffee & Clouds");
    const html = await (await w.request(`${P}/package/${id}`)).text();
    expect(html).toContain("Coorg Coffee &amp; Clouds");
    expect(html).toContain("12,345");
  });

  it("unpublishes: the package page becomes Package not found", async () => {
    expect((await asSeller("PUT", `/packages/${id}/status`, { status: "draft" })).status).toBe(200);
    const page = await w.request(`${P}/package/${id}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Package not found");
  });

  it("validates with clear messages and field paths (422)", async () => {
    const res = await asSeller("POST", "/packages", {
      ...coorg,
      name: "  ",
      durationDays: 0,
      priceRanges: [{ label: "Per person", price: 99.5 }],
      images: ["javascript:alert(1)", 'https://x.example/a.jpg" onerror="x', "https://tracker.example/pixel.gif", "/media/../api/x"],
    });
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    const byPath = Object.fromEntries(res.body.issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(byPath).toMatchObject({
      name: "Name cannot be empty",
      durationDays: "Duration is at least 1 day",
      "priceRanges.0.price": "Price must be whole paise",
      "images.0": IMAGE_PATH_MESSAGE,
      "images.1": IMAGE_PATH_MESSAGE,
      "images.2": IMAGE_PATH_MESSAGE,
      "images.3": IMAGE_PATH_MESSAGE,
    });
    expect(res.body.message).toBe(res.body.issues[0].message);
  });

  it("refuses to delete a package with bookings (409 with advice), deletes one without", async () => {
    const blocked = await asSeller("DELETE", "/packages/p_goa");
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toMatch(/has bookings.*Unpublish it instead/);
    expect((await asSeller("GET", "/packages/p_goa")).status).toBe(200);

    const deleted = await asSeller("DELETE", `/packages/${id}`);
    expect(deleted.status).toBe(200);
    expect((await asSeller("GET", `/packages/${id}`)).status).toBe(404);
    expect((await asSeller("DELETE", `/packages/${id}`)).status).toBe(404);
  });
});

describe("tenancy and roles", () => {
  it("seller B cannot read, modify, publish or delete seller A's package (404), and A's row is untouched", async () => {
    for (const [method, path, body] of [
      ["GET", "/packages/p_kerala_draft"],
      ["PUT", "/packages/p_kerala_draft", { ...coorg, name: "Hijacked" }],
      ["PUT", "/packages/p_kerala_draft/status", { status: "published" }],
      ["DELETE", "/packages/p_kerala_draft"],
    ] as const) {
      const res = await asSeller(method, path, body, himalayan);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe("Package not found");
    }
    const own = await asSeller("GET", "/packages/p_kerala_draft");
    expect(own.body.package).toMatchObject({ status: "draft" });
    expect(own.body.package.name).not.toBe("Hijacked");
  });

  it("a customer gets 403 and a visitor 401; a seller id in the body is ignored", async () => {
    expect((await asSeller("GET", "/packages", undefined, asha)).status).toBe(403);
    expect((await asSeller("POST", "/packages", coorg, asha)).status).toBe(403);
    expect((await w.api("GET", "/api/seller-admin/packages")).status).toBe(401);
    const res = await asSeller("POST", "/packages", { ...coorg, sellerId: "s_wanderlust", status: "published" }, himalayan);
    expect(res.status).toBe(201);
    expect(res.body.package.status).toBe("draft");
    expect((await asSeller("GET", `/packages/${res.body.package.id}`)).status).toBe(404);
    expect((await asSeller("GET", `/packages/${res.body.package.id}`, undefined, himalayan)).status).toBe(200);
  });
});
