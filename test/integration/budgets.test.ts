import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNTS, type Role, isDashboard, listVisits } from "../support/page-visits";
import { loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

const KB = 1024;
const gz = (path: string) => gzipSync(readFileSync(path)).length;

let w: TestWorker;
beforeAll(async () => {
  w = await startWorker();
});
afterAll(() => w?.dispose());

/** Every script the page's HTML loads or preloads, measured gzipped from build/client. */
async function pageScriptBytes(path: string, host?: string, headers: Record<string, string> = {}) {
  const res = await w.request(path, { host, headers });
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const srcs = new Set<string>();
  // Module preloads are inert until the first paint (rel="tb-modulepreload", ADR 0034); both forms count.
  for (const m of html.matchAll(/<link\b[^>]*\brel="(?:tb-)?modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0])?.[1];
    if (href) srcs.add(href);
  }
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)|from "([^"]+\.js)"|import "([^"]+\.js)"/g)) srcs.add(m[1] ?? m[2] ?? m[3]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) srcs.add(m[1]);
  const files = [...srcs].filter((s) => s.startsWith("/assets/"));
  expect(files.length).toBeGreaterThan(0);
  return files.reduce((sum, f) => sum + gz(`build/client${f}`), 0);
}

describe("size budgets", () => {
  it("keeps the Worker bundle under 1 MB gzip", () => {
    const bytes = gz("dist/index.js");
    console.log(`worker bundle: ${(bytes / KB).toFixed(1)} KB gzip`);
    expect(bytes).toBeLessThanOrEqual(1024 * KB);
  });

  it("holds one copy of worker/: the server build imports it, and the Worker's bundler bundles it once (ADR 0060)", () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
      );
    // Functions whose name the repository's code defines only once: in the server build, one of worker/'s.
    const definitions = new Map<string, string[]>();
    for (const file of [...sources("app"), ...sources("worker")])
      for (const [, name] of readFileSync(file, "utf8").matchAll(/\bfunction (\w+)\s*[<(]/g))
        definitions.set(name, [...(definitions.get(name) ?? []), file]);
    const ours = [...definitions].filter(([, files]) => files.length === 1 && files[0].startsWith("worker/")).map(([name]) => name);
    expect(ours.length).toBeGreaterThan(300);
    const server = readFileSync("build/server/index.js", "utf8");
    expect(server).toMatch(/from "@worker\/domain\//);
    expect(ours.filter((name) => new RegExp(`\\bfunction ${name}\\d*\\(`).test(server))).toEqual([]);
  });

  // Issue 22 (ADR 0034): about 80 KiB of each page is React, React DOM, Remix and the router, one chunk that
  // every page shares; the rest is the page's own code.
  it("keeps the seller landing page's client JS within 90 KiB gzip, by path and on a custom domain", async () => {
    for (const [path, host] of [
      ["/seller/wanderlust-journeys/website", undefined],
      ["/", "wanderlust.localhost"],
    ] as const) {
      const bytes = await pageScriptBytes(path, host);
      console.log(`seller landing JS (${host ?? "path"}): ${(bytes / KB).toFixed(1)} KiB gzip`);
      expect(bytes).toBeLessThanOrEqual(90 * KB);
    }
  });

  it("keeps a package page's client JS within 100 KiB gzip: a seller's, by path and on a custom domain, and the marketplace's", async () => {
    for (const [path, host] of [
      ["/seller/wanderlust-journeys/website/package/p_goa", undefined],
      ["/package/p_goa", "wanderlust.localhost"],
      ["/tour-package/p_goa", undefined],
    ] as const) {
      const bytes = await pageScriptBytes(path, host);
      console.log(`package page JS (${host ?? path}): ${(bytes / KB).toFixed(1)} KiB gzip`);
      expect(bytes).toBeLessThanOrEqual(100 * KB);
    }
  });

  // Every dashboard page of the route table is held to it, signed in as the role it is for, so a new one is too.
  it("keeps each signed-in dashboard page's client JS within 110 KiB gzip", async () => {
    const pages = (await listVisits()).filter(isDashboard);
    expect(new Set(pages.map((p) => p.role))).toEqual(new Set(["seller", "user", "superadmin"]));
    expect(pages.length).toBeGreaterThanOrEqual(30);
    const cookies = new Map<string, Promise<string>>();
    const cookieOf = (role: Exclude<Role, "guest">) => {
      if (!cookies.has(role))
        cookies.set(
          role,
          loginViaApi(w, ACCOUNTS[role]).then((s) => `tb_session=${s.token}`),
        );
      return cookies.get(role) as Promise<string>;
    };
    const over: string[] = [];
    for (const { path, role } of pages) {
      if (role === "guest") throw new Error(`${path} is a dashboard page for no role`);
      const bytes = await pageScriptBytes(path, undefined, { cookie: await cookieOf(role) });
      console.log(`dashboard JS ${path}: ${(bytes / KB).toFixed(1)} KiB gzip`);
      if (bytes > 110 * KB) over.push(`${path}: ${(bytes / KB).toFixed(1)} KiB`);
    }
    expect(over).toEqual([]);
  });
});
