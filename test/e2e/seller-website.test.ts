import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPage } from "../support/page";
import { type E2E, startE2E } from "../support/e2e";

let e2e: E2E;
let browser: Browser;
let port: string;

beforeAll(async () => {
  e2e = await startE2E();
  ({ browser } = e2e);
  port = e2e.port;
});
afterAll(() => e2e?.close());

const MODES = [
  { name: "by path", origin: () => `http://localhost:${port}`, base: "/seller/s_wanderlust/website" },
  { name: "on the custom domain", origin: () => `http://wanderlust.localhost:${port}`, base: "" },
];

async function browseAndSearch(page: Page, origin: string, base: string) {
  await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("Wanderlust Journeys");
  await page.getByLabel("Destination", { exact: true }).fill("goa");
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(`${origin}${base}/searchpackages/destination%3Dgoa`);
  await page.getByRole("heading", { name: "Search Results" }).waitFor();
  const results = page.getByRole("main").getByRole("listitem");
  await expect(results.count()).resolves.toBe(1);
  await page.getByRole("link", { name: "Goa Beach Escape" }).click();
  await page.waitForURL(`${origin}${base}/package/p_goa`);
  await page.getByRole("heading", { level: 1, name: "Goa Beach Escape" }).waitFor();
  expect(await page.getByRole("main").textContent()).toContain("₹15,999");
  await page.getByRole("link", { name: "View all packages" }).click();
  await page.waitForURL(`${origin}${base}/package/all`);
  await page.getByRole("heading", { level: 1, name: "All Packages" }).waitFor();
  await expect(page.getByRole("main").getByRole("listitem").count()).resolves.toBe(8);
  // Home through the navbar: the landing's data comes from its own .data URL on a client navigation.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await page.waitForURL(`${origin}${base || "/"}`);
  await page.getByRole("heading", { level: 1, name: "Discover your next journey with Wanderlust Journeys" }).waitFor();
  await page.getByRole("heading", { name: "Recently Added" }).waitFor();
}

describe("seller website in Chromium", () => {
  for (const mode of MODES) {
    it(`browses, searches "goa", opens the package and returns to all packages ${mode.name}`, async () => {
      const { page, errors } = await openPage(browser, `${mode.origin()}${mode.base || "/"}`);
      await browseAndSearch(page, mode.origin(), mode.base);
      // Client-side navigation throughout: the document was never reloaded.
      expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it("lays the seller's wallpaper behind the hero's heading and search, on a phone and on a desktop", async () => {
    for (const viewport of [
      { width: 390, height: 800 },
      { width: 1280, height: 800 },
    ]) {
      const page = await browser.newPage({ viewport });
      await page.goto(`http://wanderlust.localhost:${port}/`);
      const box = async (selector: string) => {
        const b = await page.locator(selector).boundingBox();
        if (!b) throw new Error(`${selector} is not shown`);
        return b;
      };
      const [wallpaper, hero, content] = [await box(".hero-bg"), await box("section.hero"), await box(".hero > .container")];
      // The wallpaper fills the hero, and the heading and search sit on it, not below it.
      expect(wallpaper).toEqual(hero);
      expect(content.y).toBeGreaterThanOrEqual(wallpaper.y);
      expect(content.y + content.height).toBeLessThanOrEqual(wallpaper.y + wallpaper.height);
      await page.close();
    }
  });

  it("opens the mobile menu with the keyboard, locks scrolling and closes on Escape", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await page.goto(`http://localhost:${port}/seller/s_wanderlust/website`);
    await page.waitForSelector("html[data-hydrated]");
    const button = page.getByRole("button", { name: "Open menu" });
    await button.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    // Focus moved into the menu and stays there.
    expect(await page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);
    for (let i = 0; i < 8; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe("seller-mobile-menu");
    await page.close();
  });

  it("sends the contact form to the seller's inbox, where the seller reads it and marks it read", async () => {
    const { page, errors } = await openPage(browser, `http://wanderlust.localhost:${port}/contact`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("This field is required").count()).resolves.toBe(4);
    await page.getByLabel("Full Name*").fill("Meera Iyer");
    await page.getByLabel("Email Address*").fill("meera@example");
    await page.getByLabel("Subject*").fill("Goa in January");
    await page.getByLabel("Message*").fill("Is the Goa package available for four people?");
    await page.getByRole("button", { name: "Send Message" }).click();
    // The server's check, shown on its field; nothing is sent.
    await page.getByText("Enter a valid email address").waitFor();
    await page.getByLabel("Email Address*").fill("meera@example.com");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Thank you for your message! We will get back to you soon.").waitFor();
    expect(await page.getByLabel("Full Name*").inputValue()).toBe("");
    expect(errors).toEqual([]);
    await page.close();

    const context = await browser.newContext();
    const seller = await context.newPage();
    await e2e.signIn(seller, "owner@wanderlust.example");
    await seller.goto(`http://localhost:${port}/seller-dashboard`);
    await seller.getByRole("navigation", { name: "Seller dashboard" }).getByRole("link", { name: "Messages" }).click();
    const message = seller.getByRole("article", { name: /Goa in January/ });
    await message.waitFor();
    expect(await message.textContent()).toContain("From Meera Iyer");
    expect(await message.textContent()).toContain("Is the Goa package available for four people?");
    await seller.getByRole("heading", { level: 1, name: /Messages \(\d+ unread\)/ }).waitFor();
    await message.getByRole("button", { name: "Mark as read" }).click();
    await seller.getByText("Marked as read").waitFor();
    await message.getByRole("button", { name: "Mark as unread" }).waitFor();
    expect(await message.getByText("New", { exact: true }).count()).toBe(0);
    await context.close();
  });

  it("shows Website not found for an unknown seller, by path and on a domain no seller has", async () => {
    for (const url of [`http://localhost:${port}/seller/nobody/website`, `http://nobody.localhost:${port}/`]) {
      const page = await browser.newPage();
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(404);
      await page.getByRole("heading", { name: "Website not found" }).waitFor();
      await page.close();
    }
  });
});
