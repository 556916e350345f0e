import { describe, expect, it } from "vitest";
import { SITE_HEADER } from "../../worker/shared/seller-pages";
import type { Db } from "../../worker/db/client";
import type { AppConfig } from "../../worker/env";
import { resolveApiTenant } from "../../worker/tenant";
import { hostnameOf, resolveTenant } from "../../worker/tenant/resolve";
import { treeOf } from "../../worker/tenant/route-trees";

const platformHosts = ["localhost", "127.0.0.1"];
const resolve = (url: string, domainSellerId: string | null = null) => resolveTenant({ url: new URL(url), platformHosts, domainSellerId });

describe("resolveTenant", () => {
  it("is the platform on a platform host", () => {
    expect(resolve("http://localhost:8787/")).toEqual({ kind: "platform" });
    expect(resolve("http://127.0.0.1/seller-dashboard")).toEqual({ kind: "platform" });
  });

  it("is a seller site by path on a platform host", () => {
    expect(resolve("http://localhost:8787/seller/s_wanderlust/website")).toEqual({
      kind: "seller",
      mode: "path",
      sellerId: "s_wanderlust",
      basePath: "/seller/s_wanderlust/website",
    });
    expect(resolve("http://localhost/seller/s_x/website/package/all")).toMatchObject({ sellerId: "s_x", mode: "path" });
    // The landing's single-fetch data URL (a client navigation to Home) belongs to the seller site.
    expect(resolve("http://localhost/seller/s_x/website.data")).toMatchObject({ sellerId: "s_x", mode: "path" });
    expect(resolve("http://localhost/seller/s_x/websitedata")).toEqual({ kind: "platform" });
    expect(resolve("http://localhost/seller/s_x/websites")).toEqual({ kind: "platform" });
  });

  it("is a seller site on an active custom domain", () => {
    expect(resolve("http://wanderlust.localhost:8787/package/all", "s_wanderlust")).toEqual({
      kind: "seller",
      mode: "domain",
      sellerId: "s_wanderlust",
      basePath: "",
      hostname: "wanderlust.localhost",
    });
  });

  it("is an unknown host otherwise, even for a seller path", () => {
    expect(resolve("http://evil.example/seller/s_wanderlust/website")).toEqual({ kind: "unknown-host", hostname: "evil.example" });
  });

  it("never treats a custom domain's /seller path as path mode", () => {
    expect(resolve("http://wanderlust.localhost/seller/s_himalayan/website", "s_wanderlust")).toMatchObject({
      mode: "domain",
      sellerId: "s_wanderlust",
    });
  });
});

describe("a seller's id in the path", () => {
  it("is decoded once, and names the site by its canonical base path", () => {
    expect(resolve("http://localhost/seller/s%5Fx/website/about")).toEqual({
      kind: "seller",
      mode: "path",
      sellerId: "s_x",
      basePath: "/seller/s_x/website",
    });
  });
  it("is kept as it came when it is not valid percent-encoding (it names no seller)", () => {
    expect(resolve("http://localhost/seller/%E0%A4/website")).toMatchObject({ mode: "path", sellerId: "%E0%A4" });
  });
});

describe("hostnameOf", () => {
  it("drops the port and lower-cases", () => {
    expect(hostnameOf("Wanderlust.LOCALHOST:8787")).toBe("wanderlust.localhost");
    expect(hostnameOf("[::1]:8787")).toBe("[::1]");
  });
  it("ignores space around a Host header", () => {
    expect(hostnameOf(" localhost:8787 ")).toBe("localhost");
    expect(hostnameOf("\tShop.Example ")).toBe("shop.example");
  });
});

describe("treeOf (the route tree a page request is served from)", () => {
  it("is the tenant's mode for a seller site and the platform's otherwise", () => {
    expect(treeOf({ kind: "platform" })).toBe("platform");
    expect(treeOf({ kind: "seller", mode: "path", sellerId: "s_x", basePath: "/seller/s_x/website" })).toBe("path");
    expect(treeOf({ kind: "seller", mode: "domain", sellerId: "s_x", basePath: "", hostname: "shop.example" })).toBe("domain");
    expect(treeOf({ kind: "unknown-host", hostname: "evil.example" })).toBe("platform");
  });
});

describe("resolveApiTenant (the site an API call comes from)", () => {
  const config = { PLATFORM_HOSTS: platformHosts } as AppConfig;
  // A platform host never needs the custom-domain lookup, so no database is reached.
  const noDb = new Proxy({}, { get: () => expect.unreachable("the API tenant of a platform host needs no D1") }) as Db;
  const call = (headers: Record<string, string> = {}, url = "http://localhost:8787/api/auth/signup") =>
    resolveApiTenant(new Request(url, { method: "POST", headers }), config, noDb);

  it("is the seller site by path that the page names in x-tb-site", async () => {
    expect(await call({ [SITE_HEADER]: "/seller/s_wanderlust/website" })).toEqual({
      kind: "seller",
      mode: "path",
      sellerId: "s_wanderlust",
      basePath: "/seller/s_wanderlust/website",
    });
  });

  it("is the platform without the header, or with anything but an exact base path", async () => {
    expect(await call()).toEqual({ kind: "platform" });
    for (const value of [
      "s_wanderlust",
      "/seller/s_wanderlust/website/login",
      "/seller/s_wanderlust",
      "//evil.example/seller/x/website",
      "/seller/x/website/../../cart",
    ]) {
      expect(await call({ [SITE_HEADER]: value }), value).toEqual({ kind: "platform" });
    }
  });
});
