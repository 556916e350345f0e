import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, startE2E } from "../support/e2e";
import { answerConfirm, eventually, whenHydrated } from "../support/page";
import { loginViaApi } from "../support/session";

let e2e: E2E;
let browser: Browser;
let origin: string;
let page: Page;
const errors: string[] = [];
const apiCalls: string[] = [];

// An 8x8 PNG as Chromium's canvas encodes it.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAOUlEQVR4AayNwQkAMAgDxWEKXaT/0kE6o9O4hfoN+fgxcI9AyOk6LxH/NxGVJgMD2yEIGwcUfMm9AAAA//9tSBROAAAABklEQVQDAJQ8GUEz6tl3AAAAAElFTkSuQmCC",
  "base64",
);

beforeAll(async () => {
  e2e = await startE2E();
  ({ browser } = e2e);
  origin = e2e.origin;
  page = await browser.newPage();
  page.on("pageerror", (e) => errors.push(String(e)));
  await e2e.signIn(page, "owner@wanderlust.example");
  // Issue 22: the dashboard reads and writes through its pages' loaders and actions, uploads included.
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) apiCalls.push(`${r.method()} ${r.url()}`);
  });
});
afterAll(() => e2e?.close());

async function visit(path: string) {
  await page.goto(`${origin}${path}`);
  await whenHydrated(page);
}

describe("seller dashboard: packages and website in Chromium", () => {
  it("adds a package with an uploaded image, publishes it, and the public site lists it", async () => {
    await visit("/seller-dashboard/packages");
    await page.getByRole("row", { name: /Goa Beach Escape/ }).waitFor();
    await page.getByRole("link", { name: "Add package" }).click();
    await page.waitForURL(`${origin}/seller-dashboard/packages/add-package`);

    // Saving an empty form shows the server's field messages next to the fields.
    await page.getByRole("button", { name: "Save package" }).click();
    await page.locator("#name-error").waitFor();
    await eventually(() => page.locator("#name-error").textContent()).toBe("Name cannot be empty");
    await eventually(() => page.getByLabel("Package name").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("Package name").fill("Hampi Boulders and Ruins");
    await page.getByLabel("City").fill("Hampi");
    await page.getByLabel("Duration (days)").fill("6");
    await page.getByLabel("Description").fill("Vijayanagara temples, coracle rides and sunset from Matanga hill.");
    await page
      .locator('input[type="file"][aria-label="Upload image"]')
      .setInputFiles({ name: "beach.png", mimeType: "image/png", buffer: PNG });
    await page.getByText("Image uploaded").waitFor();
    const imageUrl = await page.getByLabel("Image 1", { exact: true }).inputValue();
    expect(imageUrl).toMatch(/^\/media\/sellers\/s_wanderlust\/[0-9a-f-]{36}\.png$/);
    await page.getByLabel("Price 1 (₹)").fill("24999");
    await page.getByLabel("Inclusions (one per line)").fill("Coracle ride\nGuided temple walk");
    await page.getByRole("button", { name: "Save package" }).click();
    await page.waitForURL(`${origin}/seller-dashboard/packages`);

    const row = page.getByRole("row", { name: /Hampi Boulders and Ruins/ });
    await row.waitFor();
    await eventually(() => row.textContent()).toMatch(/Hampi.*6 Days \/ 5 Nights.*₹24,999.*Draft/);
    await page.getByRole("button", { name: "Publish Hampi Boulders and Ruins" }).click();
    await page.getByText("Package published").waitFor();
    await row.getByText("Published").waitFor();

    const pub = await browser.newPage();
    await pub.goto(`${origin}/seller/wanderlust-journeys/website/package/all`);
    await pub.getByText("Hampi Boulders and Ruins").first().waitFor();
    const img = pub.locator(`img[src="${imageUrl}"]`).first();
    await img.waitFor();
    // A card 400 px wide on this 1× desktop: the browser loads the 480-pixel copy the page lists in srcset (ADR 0062),
    // not the upload (before the queue has made the copy, its address answers the upload itself).
    expect(await img.getAttribute("srcset")).toContain(`${imageUrl}.w480.webp 480w`);
    await eventually(() =>
      img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0 && new URL(el.currentSrc).pathname),
    ).toBe(`${imageUrl}.w480.webp`);
    await pub.close();
    expect(apiCalls).toEqual([]);
  });

  it("refuses to delete a booked package and offers to unpublish it instead", async () => {
    await page.getByRole("button", { name: "Delete Goa Beach Escape" }).click();
    expect(await answerConfirm(page, "Delete package")).toContain("This cannot be undone.");
    const alert = page.getByRole("alert").filter({ hasText: "cannot be deleted" });
    await alert.waitFor();
    await alert.getByRole("button", { name: "Unpublish instead" }).click();
    await page.getByText("Package unpublished").waitFor();
    await page
      .getByRole("row", { name: /Goa Beach Escape/ })
      .getByText("Draft")
      .waitFor();
  });

  it("changes the theme colour on the website page and the public site shows it", async () => {
    await visit("/seller-dashboard/website");
    await page.getByRole("heading", { name: "Brand" }).waitFor();
    await eventually(() => page.getByTestId("site-path-link").getAttribute("href")).toBe("/seller/wanderlust-journeys/website");
    await page.getByTestId("domain").filter({ hasText: "wanderlust.localhost" }).getByText("Active").waitFor();

    // Remove asks first in the confirm dialog, which says what happens; Escape keeps the domain, focus back on Remove.
    const remove = page.getByRole("button", { name: "Remove wanderlust.localhost" });
    await remove.click();
    const dialog = page.getByRole("dialog", { name: "Remove wanderlust.localhost?" });
    await eventually(() => dialog.textContent()).toContain("Your website will stop answering on wanderlust.localhost.");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await eventually(() => remove.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByTestId("domain").filter({ hasText: "wanderlust.localhost" }).getByText("Active").waitFor();

    // A very light colour warns about contrast before saving.
    await page.getByLabel("Theme colour").fill("#fff7d6");
    await page.getByText(/very light on white pages/).waitFor();
    await page.getByLabel("Theme colour").fill("#0f766e");
    await eventually(() => page.getByText(/very light on white pages/).count()).toBe(0);
    await page.getByRole("button", { name: "Save brand" }).click();
    await page.getByText("Website settings saved").waitFor();

    const pub = await browser.newPage();
    await pub.goto(`${origin}/seller/wanderlust-journeys/website`);
    const brand = await pub.evaluate(() =>
      getComputedStyle(document.querySelector(".seller-site") as Element)
        .getPropertyValue("--brand")
        .trim(),
    );
    expect(brand).toBe("#0f766e");
    await pub.close();
    expect(errors).toEqual([]);
  });

  it("keeps the seller's own account under Settings: profile and password", async () => {
    await visit("/seller-dashboard");
    await page.getByRole("navigation", { name: "Seller dashboard" }).getByRole("link", { name: "Settings" }).click();
    await page.getByRole("heading", { name: "Profile Information" }).waitFor();
    await page.getByRole("heading", { name: "Change Password" }).waitFor();
    await eventually(() => page.getByLabel("Email").inputValue()).toBe("owner@wanderlust.example");
    await page.getByLabel("Phone").fill("+91 98450 99999");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await page.getByText("Profile updated successfully!").waitFor();
    expect(errors).toEqual([]);
  });
});

describe("seller dashboard on a phone (390 px): the navigation folds into a menu", () => {
  it("opens by keyboard, closes on Escape, and a link in it navigates", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phone = await context.newPage();
    phone.on("pageerror", (e) => errors.push(String(e)));
    await e2e.signIn(phone, "owner@wanderlust.example");
    await phone.goto(`${origin}/seller-dashboard`);
    await whenHydrated(phone);

    const nav = phone.getByRole("navigation", { name: "Seller dashboard" });
    const menu = nav.getByRole("button", { name: "Dashboard menu" });
    const orders = nav.getByRole("link", { name: "Orders" });
    // Folded: the button says so, and the links take no room until it is opened.
    await eventually(() => menu.getAttribute("aria-expanded")).toBe("false");
    await orders.waitFor({ state: "hidden" });
    const list = await menu.getAttribute("aria-controls");
    expect(await phone.locator(`[id="${list}"]`).evaluate((el) => el.tagName)).toBe("UL");

    // Enter opens it; Tab walks into its links; Escape folds it and gives focus back to the button.
    await menu.focus();
    await phone.keyboard.press("Enter");
    await eventually(() => menu.getAttribute("aria-expanded")).toBe("true");
    await orders.waitFor({ state: "visible" });
    await phone.keyboard.press("Tab");
    await eventually(() => phone.evaluate(() => document.activeElement?.textContent)).toBe("Dashboard");
    await phone.keyboard.press("Escape");
    await eventually(() => menu.getAttribute("aria-expanded")).toBe("false");
    await orders.waitFor({ state: "hidden" });
    await eventually(() => menu.evaluate((el) => el === document.activeElement)).toBe(true);

    // Space opens it again; a link followed by keyboard loads its page in place and the menu folds behind it.
    await phone.keyboard.press(" ");
    await orders.waitFor({ state: "visible" });
    await orders.focus();
    await phone.keyboard.press("Enter");
    await phone.waitForURL(`${origin}/seller-dashboard/orders`);
    await phone.getByRole("heading", { level: 1, name: "Orders" }).waitFor();
    await eventually(() => menu.getAttribute("aria-expanded")).toBe("false");
    await eventually(() => menu.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await phone.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
    // The page itself never scrolls sideways: the orders table shows its rows as cards.
    await eventually(() => phone.evaluate(() => document.querySelector("main")!.scrollWidth <= document.documentElement.clientWidth)).toBe(
      true,
    );
    await context.close();
    expect(errors).toEqual([]);
  });

  it("shows the links themselves where scripting is off", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const { token } = await loginViaApi(e2e.w, "owner@wanderlust.example");
    await context.addCookies([{ name: "tb_session", value: token, url: origin, httpOnly: true, sameSite: "Lax" }]);
    const phone = await context.newPage();
    await phone.goto(`${origin}/seller-dashboard`);
    const nav = phone.getByRole("navigation", { name: "Seller dashboard" });
    await nav.getByRole("link", { name: "Orders" }).waitFor({ state: "visible" });
    await nav.getByRole("button", { name: "Dashboard menu" }).waitFor({ state: "hidden" });
    await context.close();
  });
});
