import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, startE2E } from "../support/e2e";
import { eventually, whenHydrated } from "../support/page";

let e2e: E2E;
let browser: Browser;
let port: string;

beforeAll(async () => {
  e2e = await startE2E();
  ({ browser } = e2e);
  port = e2e.port;
});
afterAll(() => e2e?.close());

describe("seller site on a custom domain", () => {
  it("keeps links clean and navigates on the client", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => m.type() === "error" && errors.push(`console: ${m.text()}`));
    page.on("requestfailed", (r) => errors.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
    await page.goto(`http://wanderlust.localhost:${port}/`);
    await page.getByRole("link", { name: "Wanderlust Journeys" }).first().waitFor();
    // A marker on window survives only a client-side navigation, not a document load.
    await whenHydrated(page);
    await page.evaluate(() => {
      (window as any).__marker = "still here";
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Packages" }).click();
    await page.waitForURL(`http://wanderlust.localhost:${port}/package/all`);
    expect(await page.evaluate(() => (window as any).__marker), errors.join("\n")).toBe("still here");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await page.waitForURL(`http://wanderlust.localhost:${port}/`);
    // The URL can change a moment before React commits the new page, so wait for the heading itself.
    await page.getByRole("heading", { level: 1, name: /Wanderlust Journeys/ }).waitFor();
    expect(await page.evaluate(() => (window as any).__marker), errors.join("\n")).toBe("still here");
    expect(errors).toEqual([]);
  });

  it("navigates on the client to the paths the main site has too, answered from the seller's own route tree", async () => {
    const page = await browser.newPage();
    const base = `http://wanderlust.localhost:${port}`;
    const documents: string[] = [];
    page.on("request", (r) => r.resourceType() === "document" && documents.push(r.url()));
    await page.goto(`${base}/`);
    await whenHydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Contact" }).click();
    await page.waitForURL(`${base}/contact`);
    await nav.getByRole("link", { name: "Login" }).click();
    await page.waitForURL(`${base}/login`);
    await page.getByRole("heading", { level: 1, name: "Welcome Back" }).waitFor();
    await page.getByText("Sign in to your Wanderlust Journeys account").waitFor();
    expect(documents).toEqual([`${base}/`]);
    // The browser learnt only the seller's routes (ADR 0024): nothing of the main site's tree.
    const routes = await page.evaluate(() => Object.keys((window as any).__remixManifest.routes));
    expect(routes.filter((id) => id !== "root" && !id.startsWith("seller-domain"))).toEqual([]);
  });

  it("serves the same site by path on the platform host", async () => {
    const page = await browser.newPage();
    const res = await page.goto(`http://localhost:${port}/seller/wanderlust-journeys/website`);
    expect(res?.status()).toBe(200);
    await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("Wanderlust Journeys");
  });
});
