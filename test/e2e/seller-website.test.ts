import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, openPage, whenHydrated } from "../support/page";
import { type E2E, startE2E } from "../support/e2e";
import { bearer, latestCode, loginViaApi } from "../support/session";

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
  { name: "by path", origin: () => `http://localhost:${port}`, base: "/seller/wanderlust-journeys/website" },
  { name: "on the custom domain", origin: () => `http://wanderlust.localhost:${port}`, base: "" },
];

async function browseAndSearch(page: Page, origin: string, base: string) {
  await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("Wanderlust Journeys");
  await page.getByLabel("Destination", { exact: true }).fill("goa");
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(`${origin}${base}/searchpackages/goa`);
  await page.getByRole("heading", { name: "Search Results" }).waitFor();
  const results = page.getByRole("main").getByRole("listitem");
  await eventually(() => results.count()).toBe(1);
  await page.getByRole("link", { name: "Goa Beach Escape" }).click();
  await page.waitForURL(`${origin}${base}/package/p_goa`);
  await page.getByRole("heading", { level: 1, name: "Goa Beach Escape" }).waitFor();
  await eventually(() => page.getByRole("main").textContent()).toContain("₹15,999");
  await page.getByRole("link", { name: "View all packages" }).click();
  await page.waitForURL(`${origin}${base}/package/all`);
  await page.getByRole("heading", { level: 1, name: "All Packages" }).waitFor();
  await eventually(() => page.getByRole("main").getByRole("listitem").count()).toBe(8);
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

  it("lays the seller's wallpaper behind the hero's heading and search on a desktop, and above the heading on a phone", async () => {
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
      const [wallpaper, hero, content, heading] = [
        await box(".hero-bg"),
        await box("section.hero"),
        await box(".hero > .container"),
        await box(".hero h1"),
      ];
      if (viewport.width < 640) {
        // Readable on a phone: the picture is shown whole above the heading, never under its text.
        expect(wallpaper.height).toBeGreaterThan(100);
        expect(wallpaper.width).toBe(hero.width);
        expect(wallpaper.y + wallpaper.height).toBeLessThanOrEqual(heading.y);
      } else {
        // The wallpaper fills the hero, and the heading and search sit on it, not below it.
        expect(wallpaper).toEqual(hero);
        expect(content.y).toBeGreaterThanOrEqual(wallpaper.y);
        expect(content.y + content.height).toBeLessThanOrEqual(wallpaper.y + wallpaper.height);
      }
      await page.close();
    }
  });

  it("opens the mobile menu with the keyboard, locks scrolling and closes on Escape", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await page.goto(`http://localhost:${port}/seller/wanderlust-journeys/website`);
    await whenHydrated(page);
    const button = page.getByRole("button", { name: "Open menu" });
    await button.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor();
    await eventually(() => page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    // Focus moved into the menu and stays there.
    await eventually(() => page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);
    for (let i = 0; i < 8; i++) await page.keyboard.press("Tab");
    await eventually(() => page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    await eventually(() => page.evaluate(() => document.body.style.overflow)).toBe("");
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe("seller-mobile-menu");
    await page.close();
  });

  it("sends the contact form to the seller's inbox, where the seller reads it and marks it read", async () => {
    const { page, errors } = await openPage(browser, `http://wanderlust.localhost:${port}/contact`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await eventually(() => page.getByText("This field is required").count()).toBe(4);
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
    await eventually(() => page.getByLabel("Full Name*").inputValue()).toBe("");
    expect(errors).toEqual([]);
    await page.close();

    const context = await browser.newContext();
    const seller = await context.newPage();
    await e2e.signIn(seller, "owner@wanderlust.example");
    await seller.goto(`http://localhost:${port}/seller-dashboard`);
    await seller.getByRole("navigation", { name: "Seller dashboard" }).getByRole("link", { name: "Messages" }).click();
    const message = seller.getByRole("article", { name: /Goa in January/ });
    await message.waitFor();
    await eventually(() => message.textContent()).toContain("From Meera Iyer");
    await eventually(() => message.textContent()).toContain("Is the Goa package available for four people?");
    await seller.getByRole("heading", { level: 1, name: /Messages \(\d+ unread\)/ }).waitFor();
    await message.getByRole("button", { name: "Mark as read" }).click();
    await seller.getByText("Marked as read").waitFor();
    await message.getByRole("button", { name: "Mark as unread" }).waitFor();
    await eventually(() => message.getByText("New", { exact: true }).count()).toBe(0);
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

  it("shows a new seller without packages no trending, price or rating card, only an invitation to get in touch", async () => {
    const { w } = e2e;
    // A customer applies to sell and a superadmin approves: a live website with nothing published yet.
    const email = `empty-${Date.now()}@example.com`;
    const signup = await w.api("POST", "/api/auth/signup", {
      name: "Nila Raman",
      phone: "+91 90000 44444",
      email,
      password: "Sunrise#2026",
    });
    expect(signup.status).toBe(201);
    const verified = await w.api("POST", "/api/auth/verify-otp", { userId: signup.body.userId, otp: await latestCode(w, email) });
    const agent = { token: verified.body.token, user: verified.body.user };
    const applied = await w.api(
      "POST",
      "/api/seller-requests",
      {
        businessName: "Nilgiri Trails",
        phone: "+91 98000 55555",
        city: "Ooty",
        about: "Tea estate walks and toy-train holidays in the Nilgiris.",
      },
      bearer(agent),
    );
    expect(applied.status).toBe(201);
    const admin = await loginViaApi(w, "admin@tripbazaar.example");
    expect(
      (await w.api("POST", `/api/superadmin/seller-requests/${applied.body.request.id}/approve`, undefined, bearer(admin))).status,
    ).toBe(200);

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const page = await browser.newPage({ viewport });
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      // The address by id leads to the readable one (ADR 0040).
      await page.goto(`http://localhost:${port}/seller/${agent.user.id}/website`);
      expect(page.url()).toMatch(/\/seller\/nilgiri-trails(-\d+)?\/website$/);
      await whenHydrated(page);
      await page.getByRole("heading", { level: 1, name: "Discover your next journey with Nilgiri Trails" }).waitFor();
      await page.getByRole("heading", { level: 2, name: "Packages coming soon" }).waitFor();
      const main = page.getByRole("main");
      for (const promise of ["Trending Destinations", "Explore Packages", "Recently Added"]) {
        await eventually(() => main.getByRole("heading", { name: promise }).count(), promise).toBe(0);
      }
      await eventually(async () => (await main.textContent()) ?? "").not.toMatch(/₹|★|Starting from|out of 5|View All Packages/);
      await eventually(() => main.locator(".package-card, .price").count()).toBe(0);
      await main.getByRole("link", { name: "Contact us" }).click();
      await page.waitForURL(/\/seller\/nilgiri-trails(-\d+)?\/website\/contact$/);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it("lays out the seller's own phone, address, hours and social links on Contact at 360 px, light and dark", async () => {
    const { w } = e2e;
    const owner = await loginViaApi(w, "owner@himalayan.example");
    const facts = {
      phone: "+91 94180 55555",
      address: "Hotel Snow View Building, Upper Mall Road, Near Circuit House, Manali, Kullu District, Himachal Pradesh 175131",
      hours: "Mon–Sat 10:00–19:00, Sunday by appointment during the trekking season",
      socialLinks: ["https://www.instagram.com/himalayantrails", "https://www.youtube.com/@himalayantrailsandtreksofficialchannel"],
    };
    expect((await w.api("PUT", "/api/seller-admin/profile", facts, bearer(owner))).status).toBe(200);
    try {
      for (const colorScheme of ["light", "dark"] as const) {
        const context = await browser.newContext({ viewport: { width: 360, height: 740 }, colorScheme });
        const page = await context.newPage();
        await page.goto(`http://localhost:${port}/seller/himalayan-trails/website/contact`);
        await whenHydrated(page);
        const panel = page.getByRole("region", { name: "Get in Touch" });
        for (const text of [facts.phone, facts.address, facts.hours]) await panel.getByText(text, { exact: true }).waitFor();
        await panel.getByRole("link", { name: "Instagram" }).waitFor();
        await panel.getByRole("link", { name: "YouTube" }).waitFor();
        await eventually(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
        await context.close();
      }
    } finally {
      await w.api("PUT", "/api/seller-admin/profile", { phone: "", address: "", hours: "", socialLinks: [] }, bearer(owner));
    }
  });

  it("switches between light and dark with the navbar toggle, and remembers the choice", async () => {
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 1280, height: 800 },
    ]) {
      const context = await browser.newContext({ viewport, colorScheme: "light" });
      const page = await context.newPage();
      await page.goto(`http://wanderlust.localhost:${port}/package/all`);
      await whenHydrated(page);
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const light = await background();
      const toggle = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Switch between light and dark mode" });
      await toggle.click();
      await eventually(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
      await eventually(() => background()).not.toBe(light);
      const dark = await background();
      await page.reload();
      await whenHydrated(page);
      await eventually(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
      await eventually(() => background()).toBe(dark);
      await toggle.click();
      await eventually(() => background()).toBe(light);
      await eventually(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await context.close();
    }
  });

  it("shows a package's title and price above the fold on a phone, with the pictures beside them on a desktop", async () => {
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 390, height: 844 },
      { width: 414, height: 896 },
      { width: 1280, height: 800 },
    ]) {
      const page = await browser.newPage({ viewport });
      await page.goto(`http://wanderlust.localhost:${port}/package/p_goa`);
      const title = await page.getByRole("heading", { level: 1, name: "Goa Beach Escape" }).boundingBox();
      const price = await page.locator(".package-price").boundingBox();
      const picture = await page.locator(".gallery-main").boundingBox();
      if (!title || !price || !picture) throw new Error("title, price or picture not shown");
      expect(price.y + price.height, `${viewport.width}`).toBeLessThanOrEqual(viewport.height);
      expect(title.y + title.height, `${viewport.width}`).toBeLessThanOrEqual(viewport.height);
      // The picture keeps its proportions and never fills the screen.
      expect(picture.height, `${viewport.width}`).toBeLessThan(viewport.height * (viewport.width < 800 ? 0.5 : 0.7));
      expect(picture.width / picture.height, `${viewport.width}`).toBeGreaterThanOrEqual(4 / 3 - 0.02);
      if (viewport.width >= 1024) expect(picture.x + picture.width).toBeLessThanOrEqual(title.x);
      await eventually(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await page.close();
    }
  });

  it("keeps card pictures at 4:3 and lines each row of cards up with its heading, edge to edge", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`http://wanderlust.localhost:${port}/`);
    for (const list of ["#trending-title + ul", "#recent-title + ul"]) {
      const grid = await page.locator(list).boundingBox();
      const cards = await page.locator(`${list} > li`).evaluateAll((items) =>
        items.map((li) => {
          const box = li.getBoundingClientRect();
          const img = li.querySelector("img")?.getBoundingClientRect();
          return { x: box.x, right: box.right, ratio: img ? img.width / img.height : 0 };
        }),
      );
      if (!grid) throw new Error(`${list} not shown`);
      expect(cards).toHaveLength(3);
      for (const card of cards) expect(card.ratio, list).toBeCloseTo(4 / 3, 1);
      // The row starts where its heading starts (it once sat ~36 px in) and its three cards fill it to the end.
      const heading = await page.locator(list.replace(" + ul", "")).boundingBox();
      expect(Math.abs(Math.min(...cards.map((c) => c.x)) - (heading?.x ?? -99)), list).toBeLessThanOrEqual(1);
      expect(Math.abs(Math.min(...cards.map((c) => c.x)) - grid.x), list).toBeLessThanOrEqual(1);
      expect(Math.abs(grid.x + grid.width - Math.max(...cards.map((c) => c.right))), list).toBeLessThanOrEqual(1);
    }
    await page.close();
  });

  it("links the signup's Terms and Privacy Policy to the platform's pages on a custom domain", async () => {
    const { page } = await openPage(browser, `http://wanderlust.localhost:${port}/signup`);
    const terms = page.getByRole("link", { name: "Terms of Service" });
    const privacy = page.getByRole("link", { name: "Privacy Policy" }).first();
    await eventually(() => terms.getAttribute("href")).toBe(`http://localhost:${port}/terms`);
    await eventually(() => privacy.getAttribute("href")).toBe(`http://localhost:${port}/privacy-policy`);
    for (const href of [`http://localhost:${port}/terms`, `http://localhost:${port}/privacy-policy`]) {
      expect((await page.request.get(href)).status(), href).toBe(200);
    }
    await eventually(() => page.title()).toBe("Sign Up | Wanderlust Journeys");
    await page.close();
  });
});
