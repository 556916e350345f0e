import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, startE2E } from "../support/e2e";
import { eventually } from "../support/page";

/**
 * Issue 22, a tap before hydration is never lost: on a slow phone (the CPU throttled 4×, as Lighthouse's mobile run
 * throttles it) the page's scripts are held back, so the visitor taps before React has hydrated (`html[data-hydrated]`
 * absent at the tap), and the scripts come only after it. Book Now, Add to cart and the menus still do what they say.
 */
let e2e: E2E;
let browser: Browser;
let origin: string;
let domain: string;

beforeAll(async () => {
  e2e = await startE2E();
  ({ browser, origin } = e2e);
  domain = `http://wanderlust.localhost:${e2e.port}`;
});
afterAll(() => e2e?.close());

const CUSTOMER = "asha@example.com";
const SELLER = "owner@wanderlust.example";
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * A phone whose scripts (`/assets/*.js`) wait until `release()`; from then on they load as usual, on this document and
 * the next. `signIn` signs it in first on that origin. `open(url)` loads a page (its server-rendered HTML only: the
 * scripts are held, so nothing can have hydrated) and from then on the phone's CPU runs 4× slower, until `fullSpeed()`
 * once the test has seen what its tap did. Chromium throttles a CPU by keeping the renderer's main thread busy, idle
 * or not: a throttled phone burns a whole core of the machine for as long as it stays throttled, so it is throttled
 * from the page the visitor taps on to the tap's outcome, and no longer.
 */
async function slowPhone(signIn?: { email: string; origin: string }) {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  if (signIn) await e2e.signIn(page, signIn.email, { origin: signIn.origin });
  const cdp = await context.newCDPSession(page);
  // The scripts are held in Chromium itself (DevTools' Fetch domain, for their addresses only). A Playwright route
  // would also do it, but it intercepts every request of the page and turns its cache off (ADR 0050).
  const held: string[] = [];
  let holding = true;
  const pass = (requestId: string) => void cdp.send("Fetch.continueRequest", { requestId }).catch(() => {});
  cdp.on("Fetch.requestPaused", ({ requestId }) => (holding ? held.push(requestId) : pass(requestId)));
  await cdp.send("Fetch.enable", { patterns: [{ urlPattern: "*/assets/*.js", requestStage: "Request" }] });
  const release = () => {
    holding = false;
    // A request of a document the tap left has been cancelled: continuing it fails, and nothing waits for it.
    for (const requestId of held.splice(0)) pass(requestId);
  };
  const open = async (url: string) => {
    await page.goto(url, { waitUntil: "domcontentloaded" });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  };
  const fullSpeed = () => cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  return { page, open, release, fullSpeed };
}

/** Taps `target` before hydration: the page has not hydrated when the tap lands (its scripts are still held). */
async function tapBeforeHydration(page: Page, target: Locator) {
  await target.waitFor();
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
  await target.tap();
}

const hydrated = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));

describe("Book Now and Add to cart tapped before hydration", () => {
  const bookOn = [
    ["a seller's site on its own domain", () => `${domain}/package/p_goa`, () => domain],
    ["a seller's site by path", () => `${origin}/seller/wanderlust-journeys/website/package/p_goa`, () => origin],
  ] as const;

  for (const [where, url, site] of bookOn) {
    it(`Book Now on ${where} reaches the booking form`, async () => {
      const { page, open, release, fullSpeed } = await slowPhone({ email: CUSTOMER, origin: site() });
      await open(url());
      await tapBeforeHydration(page, page.getByRole("button", { name: "Book Now" }));
      release();
      await page.waitForURL(`${url()}?book=1`);
      await page.getByRole("heading", { name: "Book Goa Beach Escape" }).waitFor();
      await fullSpeed();
      await eventually(() => page.locator("#traveller-0-name").inputValue()).toBe("Asha Verma");
      await page.getByRole("button", { name: /^Pay ₹/ }).waitFor();
      await page.context().close();
    });
  }

  it("Book Now signed out on a seller's own domain reaches the form, which asks to sign in before paying", async () => {
    const { page, open, release, fullSpeed } = await slowPhone();
    await open(`${domain}/package/p_goa`);
    await tapBeforeHydration(page, page.getByRole("button", { name: "Book Now" }));
    release();
    await page.waitForURL(`${domain}/package/p_goa?book=1`);
    await page.getByTestId("guest-note").waitFor();
    await fullSpeed();
    await page.getByRole("button", { name: /^Sign in to pay ₹/ }).waitFor();
    await page.context().close();
  });

  it("Add to cart on the main site's tour package page reaches the form that adds the trip", async () => {
    const { page, open, release, fullSpeed } = await slowPhone({ email: CUSTOMER, origin });
    await open(`${origin}/tour-package/p_goa`);
    await tapBeforeHydration(page, page.getByRole("button", { name: "Add to cart" }));
    release();
    await page.waitForURL(`${origin}/tour-package/p_goa?book=1`);
    await page.getByRole("heading", { name: "Add Goa Beach Escape" }).waitFor();
    await fullSpeed();
    await page.getByRole("button", { name: "Add to cart" }).waitFor();
    await page.context().close();
  });
});

describe("a form filled in before hydration", () => {
  it("keeps the current password typed before the scripts came: Request OTP sends the code once they have", async () => {
    const { page, open, release, fullSpeed } = await slowPhone({ email: CUSTOMER, origin });
    await open(`${origin}/user-dashboard/settings`);
    await page.getByLabel("Current Password").waitFor();
    expect(await hydrated(page)).toBe(false);
    await page.getByLabel("Current Password").fill("Travel#2026");
    await fullSpeed();
    release();
    await eventually(() => hydrated(page)).toBe(true);
    await page.getByRole("button", { name: "Request OTP" }).click();
    await page.getByText("OTP sent to your email. Please check your inbox.").first().waitFor();
    await page.getByText(/^Resend code in \d+s$/).waitFor();
    await page.context().close();
  });
});

describe("the header's menu tapped before hydration", () => {
  it("opens on the main site, and its links lead on", async () => {
    const { page, open, release, fullSpeed } = await slowPhone();
    await open(`${origin}/`);
    await tapBeforeHydration(page, page.getByRole("button", { name: "Menu", exact: true }));
    const menu = page.getByRole("dialog", { name: "Menu" });
    const tours = menu.getByRole("link", { name: "Tours", exact: true });
    await tours.waitFor({ state: "visible" });
    await menu.getByRole("link", { name: "Sign up", exact: true }).waitFor({ state: "visible" });
    expect(await hydrated(page)).toBe(false);
    // The scripts arrive while it is open: it stays open, the page knows it is, and a link in it still leads on.
    await fullSpeed();
    release();
    await eventually(() => hydrated(page)).toBe(true);
    await tours.waitFor({ state: "visible" });
    await eventually(() => page.getByRole("button", { name: "Menu", exact: true }).getAttribute("aria-expanded")).toBe("true");
    await tours.tap();
    await page.waitForURL(`${origin}/tours/search`);
    await page.context().close();
  });

  for (const [where, url] of [
    ["by path", () => `${origin}/seller/wanderlust-journeys/website`],
    ["on its own domain", () => `${domain}/`],
  ] as const) {
    it(`opens on a seller's site ${where}, and its links lead on`, async () => {
      const { page, open, release, fullSpeed } = await slowPhone();
      await open(url());
      await tapBeforeHydration(page, page.getByRole("button", { name: "Open menu" }));
      const packages = page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Packages", exact: true });
      await packages.waitFor({ state: "visible" });
      expect(await hydrated(page)).toBe(false);
      await fullSpeed();
      release();
      await eventually(() => hydrated(page)).toBe(true);
      await packages.waitFor({ state: "visible" });
      await packages.tap();
      await page.waitForURL(/\/package\/all$/);
      await page.context().close();
    });
  }

  it("opens on the seller dashboard, and its links lead on", async () => {
    const { page, open, release, fullSpeed } = await slowPhone({ email: SELLER, origin });
    await open(`${origin}/seller-dashboard`);
    const nav = page.getByRole("navigation", { name: "Seller dashboard" });
    await tapBeforeHydration(page, nav.getByRole("button", { name: "Dashboard menu" }));
    const orders = nav.getByRole("link", { name: "Orders" });
    await orders.waitFor({ state: "visible" });
    expect(await hydrated(page)).toBe(false);
    await fullSpeed();
    release();
    await eventually(() => hydrated(page)).toBe(true);
    await orders.waitFor({ state: "visible" });
    await orders.tap();
    await page.waitForURL(`${origin}/seller-dashboard/orders`);
    await page.context().close();
  });
});

describe("the header's menu with scripts off", () => {
  for (const [where, url, link] of [
    ["the main site", () => `${origin}/about`, "Tours"],
    ["a seller's site on its own domain", () => `${domain}/contact`, "Packages"],
  ] as const) {
    it(`opens and closes on ${where}`, async () => {
      const context = await browser.newContext({ ...phone, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(url());
      await page.getByRole("button", { name: /^(Menu|Open menu)$/ }).tap();
      const menu = page.getByRole("dialog", { name: "Menu" });
      await menu.getByRole("link", { name: link, exact: true }).waitFor({ state: "visible" });
      await menu.getByRole("button", { name: "Close menu" }).tap();
      await menu.waitFor({ state: "hidden" });
      await context.close();
    });
  }
});
