import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, SELLER_B } from "../support/bookings";
import { type Session, bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * How soon a custom domain's activation or removal is seen (ADR 0026). Where the change is made, at once:
 * the host is forgotten in this isolate and this colo, and purged by tag everywhere else. Where a change is
 * not heard of (another colo without the purge), an answer is trusted for at most 5 s when the host was not
 * ours and 30 s when it was. The Worker's clock is moved with `x-tb-now` (TEST_CLOCK), never by sleeping.
 */
const UNKNOWN_HOST_BOUND_MS = 5_000;
const DOMAIN_BOUND_MS = 30_000;

/** What reached "Cloudflare's purge API". */
let purged: unknown[] = [];
let w: TestWorker;
let seller: Session;
let admin: Session;
beforeAll(async () => {
  w = await startWorker({
    bindings: { TEST_CLOCK: "1", CF_ZONE_ID: "zone-123", CF_PURGE_TOKEN: "purge-token" },
    outbound: async (request) => {
      purged.push(await request.json());
      return Response.json({ success: true });
    },
  });
  [seller, admin] = await Promise.all([loginViaApi(w, SELLER_B), loginViaApi(w, ADMIN)]);
});
afterAll(() => w?.dispose());

async function visit(host: string, path = "/", at?: number) {
  const res = await w.request(path, { host, headers: at === undefined ? {} : { "x-tb-now": String(at) } });
  return { status: res.status, cache: res.headers.get("x-tb-cache"), html: await res.text() };
}

async function addDomain(hostname: string): Promise<string> {
  const res = await w.api("POST", "/api/seller-admin/domains", { hostname }, bearer(seller));
  expect(res.status).toBe(201);
  return res.body.domain.id;
}

describe("custom domain activation and removal", () => {
  it("answers an unknown host with an accessible 'Website not found' page", async () => {
    const res = await w.request("/", { host: "nobody.example" });
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain("<title>Website not found</title>");
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(html).toMatch(/<main><h1>Website not found<\/h1><p>There is no website at this address\.<\/p><\/main>/);
  });

  it("serves a host visited just before its activation on the very next request", async () => {
    const host = "trips.activation.test";
    const id = await addDomain(host);
    expect((await visit(host)).status).toBe(404);
    expect((await visit(host)).status).toBe(404);

    purged = [];
    const activated = await w.api("POST", `/api/superadmin/domains/${id}/activate`, undefined, bearer(admin));
    expect(activated.status).toBe(200);
    // Other colos drop the remembered "not ours" with the seller's pages, in one purge.
    expect(purged).toEqual([{ tags: ["tb-seller-s_himalayan", `tb-host-${host}`] }]);

    const next = await visit(host);
    expect(next.status).toBe(200);
    expect(next.html).toContain("Himalayan Trails");
  });

  it("stops serving a removed domain, cached pages included, on the very next request", async () => {
    const host = "trips.removal.test";
    const id = await addDomain(host);
    expect((await w.api("POST", `/api/superadmin/domains/${id}/activate`, undefined, bearer(admin))).status).toBe(200);
    expect((await visit(host, "/about")).status).toBe(200);
    expect((await visit(host, "/about")).cache).toBe("hit");

    purged = [];
    const removed = await w.api("DELETE", `/api/seller-admin/domains/${id}`, undefined, bearer(seller));
    expect(removed.status).toBe(200);
    expect(purged).toEqual([{ tags: ["tb-seller-s_himalayan", `tb-host-${host}`] }]);

    for (const path of ["/about", "/"]) {
      const after = await visit(host, path);
      expect(after.status, path).toBe(404);
      expect(after.html, path).toContain("Website not found");
    }
  });

  it("sees an activation it was not told of within 5 s", async () => {
    // A change this Worker does not hear of, as in a colo the purge has not reached: D1 alone changes.
    const host = "trips.elsewhere-on.test";
    const id = await addDomain(host);
    expect((await visit(host)).status).toBe(404);
    const seen = Date.now();
    await w.d1.prepare("UPDATE custom_domains SET status = 'active' WHERE id = ?").bind(id).run();

    // Within the bound the remembered answer may stand (and here does: the lookup really is cached)...
    expect((await visit(host)).status).toBe(404);
    expect((await visit(host, "/", seen + 2_000)).status).toBe(404);
    // ...and once the bound has passed, the host is the seller's site.
    const later = await visit(host, "/", seen + UNKNOWN_HOST_BOUND_MS);
    expect(later.status).toBe(200);
    expect(later.html).toContain("Himalayan Trails");
  });

  it("sees a removal it was not told of within 30 s", async () => {
    const host = "trips.elsewhere-off.test";
    const id = await addDomain(host);
    expect((await w.api("POST", `/api/superadmin/domains/${id}/activate`, undefined, bearer(admin))).status).toBe(200);
    expect((await visit(host)).status).toBe(200);
    const seen = Date.now();
    await w.d1.prepare("DELETE FROM custom_domains WHERE id = ?").bind(id).run();

    expect((await visit(host)).status).toBe(200);
    expect((await visit(host, "/", seen + 2_000)).status).toBe(200);
    expect((await visit(host, "/", seen + DOMAIN_BOUND_MS)).status).toBe(404);
  });

  it("does not let a moved clock keep an answer: one dated in the future is checked again at the real time", async () => {
    const host = "trips.clock.test";
    const id = await addDomain(host);
    expect((await visit(host, "/", Date.now() + 60_000)).status).toBe(404);
    await w.d1.prepare("UPDATE custom_domains SET status = 'active' WHERE id = ?").bind(id).run();
    expect((await visit(host)).status).toBe(200);
  });
});
