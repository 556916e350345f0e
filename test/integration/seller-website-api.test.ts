import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestWorker, startWorker } from "../support/worker";

let w: TestWorker;
beforeAll(async () => {
  w = await startWorker();
});
afterAll(() => w?.dispose());

const base = (sellerId: string) => `/api/seller-website/seller/${sellerId}/website`;
const search = (sellerId: string, query: string) => w.api("GET", `${base(sellerId)}/searchpackages/${encodeURIComponent(query)}`);
const ids = (body: { packages: { id: string }[] }) => body.packages.map((p) => p.id).sort();

describe("public seller website API (spec §7)", () => {
  it("returns the config with seller and websiteConfig shapes", async () => {
    const res = await w.api("GET", `${base("s_wanderlust")}/config`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["seller", "websiteConfig"]);
    expect(res.body.seller).toEqual({
      _id: "s_wanderlust",
      id: "s_wanderlust",
      logo: "/images/sellers/wanderlust-logo.svg",
      email: "owner@wanderlust.example",
      phone: "+91 98450 12345",
      name: "Wanderlust Journeys",
      bio: expect.stringContaining("Hand-crafted holidays"),
      backgroundImage: "/images/sellers/wanderlust-cover.svg",
      address: "14 Residency Road, Bengaluru, Karnataka 560025",
      // Opening hours only as the seller gives them; the seeded seller has given none (issue 24).
      hours: null,
      socialLinks: [],
    });
    expect(res.body.websiteConfig).toEqual({
      themeColor: "#0f766e",
      secondaryColor: "#f59e0b",
      websiteName: "Wanderlust Journeys",
      wallpaperImage: "/images/sellers/wanderlust-cover.svg",
    });
  });

  it("falls back to the defaults of spec §3 when the seller has no config", async () => {
    const res = await w.api("GET", `${base("s_himalayan")}/config`);
    expect(res.status).toBe(200);
    expect(res.body.websiteConfig).toEqual({
      themeColor: "#2563eb",
      secondaryColor: "#87ceeb",
      websiteName: "Himalayan Trails",
      wallpaperImage: null,
    });
  });

  it("replaces a colour that is not #RRGGBB and a blank website name", async () => {
    await w.d1
      .prepare(
        "INSERT INTO website_configs (seller_id, theme_color, secondary_color, website_name) VALUES ('s_himalayan', 'red;}', '#12345', '  ')",
      )
      .run();
    const res = await w.api("GET", `${base("s_himalayan")}/config`);
    expect(res.body.websiteConfig).toMatchObject({ themeColor: "#2563eb", secondaryColor: "#87ceeb", websiteName: "Himalayan Trails" });
    await w.d1.prepare("DELETE FROM website_configs WHERE seller_id = 's_himalayan'").run();
  });

  it("answers an unknown seller with 404 and the error shape", async () => {
    for (const path of ["/config", "/package/all", "/package/p_goa", "/searchpackages/all-packages"]) {
      const res = await w.api("GET", `${base("nobody")}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body.success, path).toBe(false);
      expect(typeof res.body.message, path).toBe("string");
    }
  });

  it("lists only published packages, newest first, with the public package shape", async () => {
    const res = await w.api("GET", `${base("s_wanderlust")}/package/all`);
    expect(res.status).toBe(200);
    expect(res.body.packages).toHaveLength(8);
    expect(res.body.packages.map((p: { id: string }) => p.id)).not.toContain("p_kerala_draft");
    const goa = res.body.packages.find((p: { id: string }) => p.id === "p_goa");
    expect(goa).toMatchObject({
      _id: "p_goa",
      name: "Goa Beach Escape",
      city: "Goa",
      duration: "5 Days / 4 Nights",
      images: expect.arrayContaining(["/images/packages/goa-1.svg"]),
      priceRanges: [
        { label: "Per person", price: 1599900 },
        { label: "Premium", price: 2199900 },
      ],
      inclusions: expect.any(Array),
      exclusions: expect.any(Array),
    });
    expect(goa.description).toContain("Mandovi");
  });

  it("returns one package, and 404 for a draft or another seller's package", async () => {
    const ok = await w.api("GET", `${base("s_wanderlust")}/package/p_goa`);
    expect(ok.status).toBe(200);
    expect(ok.body.package.id).toBe("p_goa");
    const draft = await w.api("GET", `${base("s_wanderlust")}/package/p_kerala_draft`);
    expect(draft.status).toBe(404);
    const foreign = await w.api("GET", `${base("s_wanderlust")}/package/p_spiti`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ success: false, message: "Package not found" });
  });

  it("searches the destination in name, city and description, case-insensitively", async () => {
    expect(ids((await search("s_wanderlust", "destination=GOA")).body)).toEqual(["p_goa"]);
    // "Pink City" is only in Jaipur's description; "leh" is Leh's city.
    expect(ids((await search("s_wanderlust", "destination=pink city")).body)).toEqual(["p_jaipur"]);
    expect(ids((await search("s_wanderlust", "destination=Leh&checkIn=2027-01-10")).body)).toEqual(["p_leh"]);
    // A bare word works too; a draft never matches.
    expect(ids((await search("s_wanderlust", "kerala")).body)).toEqual([]);
    // LIKE wildcards are literal.
    expect(ids((await search("s_wanderlust", "destination=%")).body)).toEqual([]);
  });

  it("filters by duration and returns everything published for all-packages", async () => {
    expect(ids((await search("s_wanderlust", "duration=5")).body)).toEqual(["p_goa", "p_munnar"]);
    expect(ids((await search("s_wanderlust", "destination=goa&duration=6")).body)).toEqual([]);
    const all = await search("s_wanderlust", "all-packages");
    expect(all.body.packages).toHaveLength(8);
  });

  it("never returns another seller's packages from search", async () => {
    expect(ids((await search("s_himalayan", "destination=goa")).body)).toEqual([]);
    expect(ids((await search("s_himalayan", "all-packages")).body)).toEqual(["p_darjeeling", "p_kedarnath", "p_sikkim", "p_spiti"]);
  });

  it("rejects an invalid duration or date with 422 and issues", async () => {
    const res = await search("s_wanderlust", "duration=abc");
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect(res.body.issues.length).toBeGreaterThan(0);
    expect((await search("s_wanderlust", "checkIn=tomorrow")).status).toBe(422);
  });
});
