import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../worker/db/seed-data";
import { type E2E, startE2E } from "../support/e2e";
import { eventually, whenHydrated } from "../support/page";

let e2e: E2E;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  e2e = await startE2E();
  ({ browser, origin } = e2e);
});
afterAll(() => e2e?.close());

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function phonePage(path: string) {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${origin}${path}`);
  await whenHydrated(page);
  return { page, errors };
}

describe("the main site's frame on a phone", () => {
  it("opens the menu from the keyboard, moves through it, closes on Escape and follows a link", async () => {
    const { page, errors } = await phonePage("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    // The wide navigation and the account links are folded away; the menu button stands in for them.
    await nav.getByRole("link", { name: "Tours" }).waitFor({ state: "hidden" });
    const menu = page.getByRole("button", { name: "Menu", exact: true });
    await eventually(() => menu.getAttribute("aria-expanded")).toBe("false");

    // Tab from the top of the page: skip link, brand, theme toggle, then the menu button.
    await page.keyboard.press("Tab");
    await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    for (let i = 0; i < 5 && !(await menu.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await eventually(() => menu.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: "Menu" });
    await dialog.waitFor();
    await eventually(() => menu.getAttribute("aria-expanded")).toBe("true");
    // Focus is inside the menu, and stays there: Tab past the last item wraps to the first.
    await eventually(() => page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);
    const items = await dialog.locator("a, button").count();
    for (let i = 0; i < items; i++) await page.keyboard.press("Tab");
    await eventually(() => page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);
    for (const name of ["Tours", "Flights", "Hotels", "Reviews", "About", "Contact", "Login", "Sign up"])
      await dialog.getByRole("link", { name, exact: true }).waitFor();

    // Escape closes it and gives focus back to the button.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await eventually(() => menu.evaluate((el) => el === document.activeElement)).toBe(true);

    // Open again and follow "About" with the keyboard.
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await dialog.getByRole("link", { name: "About" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${origin}/about`);
    await dialog.waitFor({ state: "hidden" });
    await eventually(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(errors).toEqual([]);
  });

  it("answers an unknown address with a 404 in the site's frame, with a way back", async () => {
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    const response = await page.goto(`${origin}/no-such/page`);
    expect(response?.status()).toBe(404);
    await eventually(() => page.title()).toBe("Page not found | Tripbazaar");
    await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
    await page.getByRole("button", { name: "Menu", exact: true }).waitFor();
    await page.getByRole("navigation", { name: "Policies" }).waitFor();
    const html = await page.content();
    expect(html).not.toMatch(/No route matches|Error: |at [\w.]+ \(/);
    await whenHydrated(page);
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await page.waitForURL(`${origin}/`);
  });

  it("keeps the footer at the bottom of a short page", async () => {
    const { page } = await phonePage("/login");
    const { footerBottom, viewport } = await page.evaluate(() => ({
      footerBottom: document.querySelector(".site-footer")?.getBoundingClientRect().bottom ?? 0,
      viewport: window.innerHeight,
    }));
    expect(Math.round(footerBottom)).toBeGreaterThanOrEqual(viewport);
  });
});

describe("where a login lands", () => {
  async function logIn(email: string, path = "/login") {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${origin}${path}`);
    await whenHydrated(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: /sign in|login/i }).click();
    return page;
  }

  it("takes a seller to the seller dashboard, whose header offers My account from the server's HTML", async () => {
    const page = await logIn("owner@wanderlust.example");
    await page.waitForURL(`${origin}/seller-dashboard`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    const header = page.getByRole("navigation", { name: "Main" });
    await eventually(() => header.getByRole("link", { name: "My account" }).getAttribute("href")).toBe("/seller-dashboard");
    // A fresh document: the server already knows the visitor (no "Login" flash before hydration).
    const html = await (await page.request.get(`${origin}/about`)).text();
    expect(html).toContain(">My account<");
    expect(html).not.toContain(">Sign up<");
  });

  it("takes a superadmin to the panel", async () => {
    const page = await logIn("admin@tripbazaar.example");
    await page.waitForURL(`${origin}/superadmin-panel`);
  });

  it("takes a traveller back to the site, and anyone to a redirect when one is given", async () => {
    const traveller = await logIn("asha@example.com");
    await traveller.waitForURL(`${origin}/`);
    const seller = await logIn("owner@himalayan.example", "/login?redirect=%2Fseller-dashboard%2Forders");
    await seller.waitForURL(`${origin}/seller-dashboard/orders`);
  });
});
