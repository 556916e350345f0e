import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestWorker, startWorker } from "../support/worker";

let w: TestWorker;
beforeAll(async () => {
  w = await startWorker();
});
afterAll(() => w?.dispose());

describe("the Worker on workerd with local D1", () => {
  it("answers the health check", async () => {
    const res = await w.api("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it("keeps the benchmark's D1 route closed unless the bench server enables it", async () => {
    expect((await w.request("/__bench/trivial")).status).toBe(200);
    const res = await w.request("/__bench/d1");
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('"ok"');
  });

  it("renders the seller site by path", async () => {
    const res = await w.request("/seller/wanderlust-journeys/website");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Wanderlust Journeys");
    expect(html).toContain('href="/seller/wanderlust-journeys/website/package/all"');
  });

  it("renders the same site on its custom domain with clean links", async () => {
    const res = await w.request("/", { host: "wanderlust.localhost:8787" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Wanderlust Journeys");
    expect(html).toContain('href="/package/all"');
    expect(html).not.toContain("/seller/wanderlust-journeys/website");
  });

  it("shows Website not found with 404 for an unknown seller", async () => {
    const res = await w.request("/seller/does-not-exist/website");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Website not found");
  });

  it("shows Website not found with 404 for a host that is not an active custom domain", async () => {
    await w.d1
      .prepare(
        "INSERT INTO custom_domains (id, hostname, seller_id, status, verification_token) VALUES ('d2', 'pending.example', 's_himalayan', 'pending', 't')",
      )
      .run();
    for (const host of ["unknown.example", "pending.example"]) {
      const res = await w.request("/", { host });
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("Website not found");
    }
  });

  it("does not serve main-site routes on a custom domain", async () => {
    const res = await w.request("/seller-dashboard", { host: "wanderlust.localhost" });
    expect(res.status).toBe(404);
  });

  it("does not serve clean seller routes on the platform host", async () => {
    const res = await w.request("/package/all");
    expect(res.status).toBe(404);
  });

  it("serves the main site on the platform host", async () => {
    const res = await w.request("/");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Tripbazaar");
  });

  it("answers unknown API routes with the error shape", async () => {
    const res = await w.api("GET", "/api/nope");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: "No such API route" });
  });
});
