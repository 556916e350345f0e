import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Session, bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

let w: TestWorker;
let wanderlust: Session;
let himalayan: Session;
let asha: Session;
let admin: Session;
beforeAll(async () => {
  w = await startWorker();
  [wanderlust, himalayan, asha, admin] = await Promise.all([
    loginViaApi(w, "owner@wanderlust.example"),
    loginViaApi(w, "owner@himalayan.example"),
    loginViaApi(w, "asha@example.com"),
    loginViaApi(w, "admin@tripbazaar.example"),
  ]);
});
afterAll(() => w?.dispose());

// 8x8 images as Chromium's canvas encodes them.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAOUlEQVR4AayNwQkAMAgDxWEKXaT/0kE6o9O4hfoN+fgxcI9AyOk6LxH/NxGVJgMD2yEIGwcUfMm9AAAA//9tSBROAAAABklEQVQDAJQ8GUEz6tl3AAAAAElFTkSuQmCC",
  "base64",
);
const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAgEAABAwIHAAAAAAAAAAAAAAAAERITAQUGFBUkQlFh/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAZEQADAQEBAAAAAAAAAAAAAAABAgMAEQT/2gAMAwEAAhEDEQA/AIYasWiZnczzN4NRF9r2AA1SjVYu56TqDCE/PMSkOKN//9k=",
  "base64",
);

const upload = (body: BodyInit, type: string, s: Session = wanderlust) =>
  w.request("/api/seller-admin/media", { method: "POST", body, headers: { "content-type": type, ...bearer(s) } });
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });

describe("media uploads to R2", () => {
  it("stores a real PNG under the seller's prefix and serves it back with its type, immutable and nosniff", async () => {
    const res = await json(await upload(PNG, "image/png"));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contentType: "image/png", size: PNG.length });
    expect(res.body.url).toMatch(/^\/media\/sellers\/s_wanderlust\/[0-9a-f-]{36}\.png$/);
    const served = await w.request(res.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    // Also on a seller's custom domain, where package images are shown.
    expect((await w.request(res.body.url, { host: "wanderlust.localhost" })).status).toBe(200);
  });

  it("accepts a JPEG as a multipart file", async () => {
    const form = new FormData();
    form.append("file", new Blob([JPEG], { type: "image/jpeg" }), "beach.jpg");
    // Encoded here: Miniflare's own fetch does not know this runtime's FormData.
    const encoded = new Response(form);
    const type = encoded.headers.get("content-type") ?? "";
    expect(type).toMatch(/^multipart\/form-data/);
    const res = await json(await upload(await encoded.arrayBuffer(), type));
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/\.jpg$/);
    expect((await w.request(res.body.url)).headers.get("content-type")).toBe("image/jpeg");
  });

  it("rejects SVG, an image/png header on a non-image body, a forged signature, and more than 2 MB", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const [body, type] of [
      [svg, "image/svg+xml"],
      [svg, "image/png"],
      ["<html><script>alert(1)</script></html>", "image/png"],
      [Buffer.concat([PNG.subarray(0, 8), Buffer.from("<script>alert(1)</script>".repeat(4))]), "image/png"],
      [PNG, "image/jpeg"],
    ] as const) {
      const res = await json(await upload(body as BodyInit, type));
      expect(res.status, `${type}: ${String(body).slice(0, 20)}`).toBe(415);
      expect(res.body.message).toBe("Upload a JPEG, PNG or WebP image");
    }
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await json(await upload(big, "image/png"));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe("Images are at most 2 MB");
    const bigForm = new FormData();
    bigForm.append("file", new Blob([big], { type: "image/png" }), "big.png");
    const encoded = new Response(bigForm);
    const bigMultipart = await upload(await encoded.arrayBuffer(), encoded.headers.get("content-type") ?? "");
    expect(bigMultipart.status).toBe(413);
  });

  it("uploads are for sellers only, and unknown media keys are 404", async () => {
    expect((await upload(PNG, "image/png", asha)).status).toBe(403);
    expect(
      (await w.request("/api/seller-admin/media", { method: "POST", body: PNG, headers: { "content-type": "image/png" } })).status,
    ).toBe(401);
    expect((await w.request("/media/sellers/s_wanderlust/00000000-0000-0000-0000-000000000000.png")).status).toBe(404);
    expect((await w.request("/media/sellers/s_wanderlust/evil.svg")).status).toBe(404);
  });
});

describe("website profile", () => {
  it("saves the public profile and the seller's public page shows it on the next request", async () => {
    const P = "/seller/wanderlust-journeys/website/about";
    await w.request(P);
    expect((await w.request(P)).headers.get("x-tb-cache")).toBe("hit");
    const res = await w.api(
      "PUT",
      "/api/seller-admin/profile",
      {
        logo: "/media/x.png",
        backgroundImage: null,
        bio: "<b>Small-group trips</b> since 2009",
        phone: "+91 99200 11223",
        address: "MG Road, Pune",
        hours: "Mon–Sat 10:00–19:00",
      },
      bearer(wanderlust),
    );
    expect(res.status).toBe(200);
    expect(res.body.seller).toMatchObject({
      bio: "<b>Small-group trips</b> since 2009",
      phone: "+91 99200 11223",
      address: "MG Road, Pune",
      hours: "Mon–Sat 10:00–19:00",
    });
    const html = await (await w.request(P)).text();
    for (const fact of ["+91 99200 11223", "MG Road, Pune", "Mon–Sat 10:00–19:00"]) expect(html, fact).toContain(fact);
    expect(html).toContain("&lt;b&gt;Small-group trips&lt;/b&gt; since 2009");
    expect(html).not.toContain("<b>Small-group trips</b>");
  });

  it("validates image URLs and phone", async () => {
    const res = await w.api(
      "PUT",
      "/api/seller-admin/profile",
      { logo: "https://x.example/a.png') ; background:url(evil", phone: "call me" },
      bearer(wanderlust),
    );
    expect(res.status).toBe(422);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["logo", "phone"]);
  });

  it("returns the site settings with the path link and domains of the signed-in seller only", async () => {
    const res = await w.api("GET", "/api/seller-admin/site", undefined, bearer(himalayan));
    expect(res.status).toBe(200);
    expect(res.body.sitePath).toBe("/seller/himalayan-trails/website");
    expect(res.body.domains).toEqual([]);
    expect(res.body.websiteConfig.themeColor).toBe("#2563eb");
    const mine = await w.api("GET", "/api/seller-admin/site", undefined, bearer(wanderlust));
    expect(mine.body.domains).toMatchObject([{ hostname: "wanderlust.localhost", status: "active" }]);
  });
});

describe("custom domains", () => {
  const add = (hostname: string, s = himalayan) => w.api("POST", "/api/seller-admin/domains", { hostname }, bearer(s));

  it("validates the hostname and refuses platform hosts and duplicates", async () => {
    for (const bad of ["https://trips.example.com", "trips.example.com/path", "localhost", "-bad.example.com", "10.0.0.1", "nodot"]) {
      const res = await add(bad);
      expect(res.status, bad).toBe(422);
      expect(res.body.issues[0].path).toBe("hostname");
    }
    const dup = await add("wanderlust.localhost");
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe("This hostname is already registered");
  });

  it("adds a pending domain with a token; it serves nothing until a superadmin activates it", async () => {
    const res = await add("Trips.Himalayan.Test.");
    expect(res.status).toBe(201);
    const domain = res.body.domain;
    expect(domain).toMatchObject({ hostname: "trips.himalayan.test", status: "pending", txtRecord: "_tripbazaar.trips.himalayan.test" });
    expect(domain.verificationToken).toMatch(/^tb-verify-[0-9a-f]{32}$/);

    // A second pending one proves pending domains are not served (this one is never activated).
    const other = await add("pending.himalayan.test");
    expect((await w.request("/", { host: "pending.himalayan.test" })).status).toBe(404);

    // Neither the seller, another seller nor a customer can activate it.
    for (const s of [himalayan, wanderlust, asha]) {
      expect((await w.api("POST", `/api/superadmin/domains/${domain.id}/activate`, undefined, bearer(s))).status).toBe(403);
    }
    const activated = await w.api("POST", `/api/superadmin/domains/${domain.id}/activate`, undefined, bearer(admin));
    expect(activated.status).toBe(200);
    expect(activated.body.domain.status).toBe("active");
    expect((await w.api("POST", `/api/superadmin/domains/${domain.id}/activate`, undefined, bearer(admin))).status).toBe(409);

    const site = await w.request("/", { host: "trips.himalayan.test" });
    expect(site.status).toBe(200);
    expect(await site.text()).toContain("Himalayan Trails");

    // Another seller cannot remove it; the owner can remove the pending one.
    expect((await w.api("DELETE", `/api/seller-admin/domains/${domain.id}`, undefined, bearer(wanderlust))).status).toBe(404);
    const removed = await w.api("DELETE", `/api/seller-admin/domains/${other.body.domain.id}`, undefined, bearer(himalayan));
    expect(removed.status).toBe(200);
    expect(removed.body.domains.map((d: { hostname: string }) => d.hostname)).toEqual(["trips.himalayan.test"]);
  });
});
