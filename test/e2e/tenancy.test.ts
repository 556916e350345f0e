import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { type TestWorker, startWorker } from "../support/worker";

let w: TestWorker;
let browser: Browser;
let port: string;

beforeAll(async () => {
  [w, browser] = await Promise.all([startWorker({ port: 0 }), launchBrowser()]);
  port = w.url.port;
});
afterAll(async () => {
  await browser?.close();
  await w?.dispose();
});

describe("seller site on a custom domain", () => {
  it("keeps links clean and navigates on the client", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => m.type() === "error" && errors.push(`console: ${m.text()}`));
    page.on("requestfailed", (r) => errors.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
    await page.goto(`http://wanderlust.localhost:${port}/`);
    await expect(page.getByRole("link", { name: "Wanderlust Journeys" }).first().isVisible()).resolves.toBe(true);
    // A marker on window survives only a client-side navigation, not a document load.
    await page.waitForSelector("html[data-hydrated]");
    await page.evaluate(() => {
      (window as any).__marker = "still here";
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Packages" }).click();
    await page.waitForURL(`http://wanderlust.localhost:${port}/package/all`);
    expect(await page.evaluate(() => (window as any).__marker), errors.join("\n")).toBe("still here");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await page.waitForURL(`http://wanderlust.localhost:${port}/`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("Wanderlust Journeys");
    expect(await page.evaluate(() => (window as any).__marker), errors.join("\n")).toBe("still here");
    expect(errors).toEqual([]);
  });

  it("serves the same site by path on the platform host", async () => {
    const page = await browser.newPage();
    const res = await page.goto(`http://localhost:${port}/seller/s_wanderlust/website`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("Wanderlust Journeys");
  });
});
