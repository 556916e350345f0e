import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInIndia } from "../../worker/domain/bookings/transitions";
import { testNow } from "../support/clock";
import { type E2E, startE2E } from "../support/e2e";
import { eventually, whenHydrated } from "../support/page";

/**
 * Issue 27's flight scenarios in Chromium, on a phone (390 px) and a desktop: (1) a guest searches DEL → BOM for a
 * date next month, keeps non-stop flights sorted by price with both in the address, logs in when booking and comes
 * back to the offer, enters two passengers and pays with the test provider; (2) a new search aborts the one still
 * running, in the browser and on the server; (5) a fare that moved while the traveller was booking is shown before
 * any money is taken. One context per width, kept across the scenarios (signed in once), and no request
 * interception (it turns Chromium's cache off, ADR 0050).
 */
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const ASHA = { email: "asha@example.com", password: "Travel#2026" };
const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 900 } },
};

const today = () => todayInIndia(new Date(testNow()));
/** A day of next month (India's calendar), as the traveller would pick it. */
function nextMonth(day: number) {
  const [y, m] = today().split("-").map(Number);
  return new Date(Date.UTC(y, m, day)).toISOString().slice(0, 10);
}
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const rupees = (text: string) => Number(text.replace(/[^\d]/g, ""));

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's serious or critical findings on the page as it is now, in light and in dark. */
async function axeFindings(page: Page) {
  // A toast fades in and out on a timer, and axe-core sees a fading one as low contrast: the page is measured once
  // its toasts (react-hot-toast's, white on its own box in both schemes) are gone.
  await page.waitForFunction(() => document.querySelectorAll("[data-rht-toaster] [role=status]").length === 0, undefined, {
    timeout: 15_000,
  });
  const found: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    // A toast still fading in is half transparent: measure once the scheme is applied and entrances have ended.
    await page.evaluate(async () => {
      await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
      const ending = document
        .getAnimations()
        .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity);
      await Promise.all(ending.map((a) => a.finished.catch(() => {})));
    });
    const injected = await page.evaluate(() => "axe" in window);
    const violations = (await page.evaluate(
      `${injected ? "" : axeSource};\n(async () => (await axe.run(document, { resultTypes: ["violations"] })).violations)()`,
    )) as { id: string; impact: string; nodes: { target: string[] }[] }[];
    for (const v of violations.filter((v) => v.impact === "serious" || v.impact === "critical"))
      found.push(`${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }
  await page.emulateMedia({ colorScheme: "light" });
  return found;
}

async function paymentsOf(email: string) {
  const row = await e2e.w.d1
    .prepare("SELECT count(*) AS n FROM payments p JOIN users u ON u.id = p.user_id WHERE u.email = ?")
    .bind(email)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The flights form filled and sent as a traveller does. */
async function search(page: Page, from: string, to: string, date: string, adults = "1") {
  await page.getByLabel("From").fill(from);
  await page.getByLabel("To", { exact: true }).fill(to);
  await page.getByLabel("Departure").fill(date);
  await page.getByLabel("Adults (12+)").fill(adults);
  await page.getByRole("button", { name: "Search flights" }).click();
}

const prices = (page: Page) =>
  page
    .getByRole("list", { name: "Flights" })
    .locator(".flight-price")
    .allTextContents()
    .then((all) => all.map(rupees));

describe.each(Object.entries(VIEWPORTS))("flights on a %s", (name, options) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await e2e.browser.newContext(options);
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it("a guest finds a non-stop DEL → BOM flight next month by price, logs in to book it, and pays for two", async () => {
    const date = nextMonth(name === "phone" ? 12 : 14);
    await page.goto(`${e2e.origin}/flights/search`);
    await whenHydrated(page);
    await search(page, "DEL", "BOM", date, "2");
    await page.getByRole("list", { name: "Flights" }).waitFor();
    await page.getByRole("checkbox", { name: /^Non-stop/ }).check();
    await eventually(() => new URL(page.url()).searchParams.getAll("stops")).toEqual(["0"]);
    await page.getByLabel("Sort by").selectOption("departure");
    await eventually(() => new URL(page.url()).searchParams.get("sort")).toBe("departure");
    await page.getByLabel("Sort by").selectOption("price");
    await eventually(() => new URL(page.url()).searchParams.get("sort")).toBe("price");
    const url = new URL(page.url());
    expect(Object.fromEntries(["from", "to", "date", "adults"].map((k) => [k, url.searchParams.get(k)]))).toEqual({
      from: "DEL",
      to: "BOM",
      date,
      adults: "2",
    });
    await eventually(() => page.getByText(/^(1 stop|2 stops)$/).count()).toBe(0);
    const fares = await prices(page);
    expect(fares.length).toBeGreaterThan(0);
    expect(fares).toEqual([...fares].sort((a, b) => a - b));
    expect(await noSidewaysScroll(page)).toBe(true);

    // The address is the search: opened afresh (shared, or after Back) it shows the same flights.
    await page.reload();
    await whenHydrated(page);
    expect(await prices(page)).toEqual(fares);
    expect(await page.getByRole("checkbox", { name: /^Non-stop/ }).isChecked()).toBe(true);

    const book = page.getByRole("link", { name: /^Book / }).first();
    const flightNumber = ((await book.textContent()) ?? "").replace(/^Book\s*/, "").trim();
    await book.click();
    await page.getByRole("link", { name: "Log in to book" }).click();
    await page.waitForURL(/\/login\?redirect=%2Fflight-booking%3Foffer%3D/);
    await whenHydrated(page);
    await page.getByLabel("Email").fill(ASHA.email);
    await page.getByLabel("Password", { exact: true }).fill(ASHA.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/flight-booking\?offer=/);
    await whenHydrated(page);
    await page.getByRole("heading", { name: new RegExp(flightNumber) }).waitFor();
    const total = rupees((await page.getByTestId("fare-total").textContent()) ?? "");
    expect(total).toBe(fares[0]);

    // Passenger 1 starts from the account's name; the contact from its email.
    expect(await page.getByLabel("Email").inputValue()).toBe(ASHA.email);
    const first = page.getByRole("group", { name: "Passenger 1: Adult (12+)" });
    const second = page.getByRole("group", { name: "Passenger 2: Adult (12+)" });
    await first.getByLabel("Title").selectOption("Ms");
    await first.getByLabel("Full name").fill("Asha Rao");
    await first.getByLabel("Age").fill("34");
    await second.getByLabel("Title").selectOption("Mr");
    await second.getByLabel("Full name").fill("Vikram");
    await second.getByLabel("Age").fill("36");
    await page.getByLabel("Mobile number").fill("+91 98450 12345");
    // One name only: the server says so beside that field, and nothing else is lost.
    await page.getByRole("button", { name: "Add to cart" }).click();
    const nameProblem = page.getByText("Enter passenger 2's first and last name as on their ID");
    await nameProblem.waitFor();
    expect(await second.getByLabel("Full name").getAttribute("aria-invalid")).toBe("true");
    expect(await first.getByLabel("Full name").inputValue()).toBe("Asha Rao");
    expect(await noSidewaysScroll(page)).toBe(true);
    if (name === "phone") expect(await axeFindings(page)).toEqual([]);
    await second.getByLabel("Full name").fill("Vikram Rao");

    await page.getByRole("button", { name: /^Pay now ₹/ }).click();
    const dialog = page.getByRole("dialog", { name: "Test payment" });
    await dialog.getByText(flightNumber).waitFor();
    await dialog.getByRole("button", { name: /^Pay ₹/ }).click();
    await page.waitForURL(/\/booking-success\?payment=py_/);
    await page.getByText(flightNumber).first().waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    // And under the dashboard's upcoming trips, beside any trip the account already had.
    await page.goto(`${e2e.origin}/user-dashboard/upcoming-trips`);
    const trip = page.locator('[data-travel-booking][data-kind="flight"]', { hasText: flightNumber });
    await trip.first().waitFor();
    expect(await trip.first().textContent()).toMatch(/DEL[\s\S]*BOM/);
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  it("a new search aborts the one still running, in the browser and on the server", async () => {
    await page.goto(`${e2e.origin}/flights/search`);
    await whenHydrated(page);
    const before = (await e2e.w.api("GET", "/api/dev/flight-supplier")).body;
    // Development only: the first search's supplier waits 400 ms a carrier (five carriers), under a name the test can
    // stop it by; no interception, only headers on the page's requests.
    await page.setExtraHTTPHeaders({ "x-tb-supplier-delay": "400", "x-tb-search-id": `flights-e2e-first-${name}` });
    const isSearch = (url: string) => new URL(url).pathname.startsWith("/flights/search");
    const firstRequest = page.waitForRequest((r) => isSearch(r.url()) && r.url().includes("to=BOM"));
    const cancelled = page.waitForEvent("requestfailed", (r) => isSearch(r.url()) && r.url().includes("to=BOM"));
    await search(page, "DEL", "BOM", nextMonth(name === "phone" ? 17 : 18));
    await firstRequest;
    await page.setExtraHTTPHeaders({ "x-tb-search-id": `flights-e2e-second-${name}` });
    // The traveller changes their mind while it runs (the button says "Searching…"): a new destination, and Enter.
    await page.getByLabel("To", { exact: true }).fill("BLR");
    await page.getByLabel("To", { exact: true }).press("Enter");
    expect((await cancelled).failure()?.errorText).toBe("net::ERR_ABORTED");

    // Cloudflare fires the request's signal when the browser goes away (enable_request_signal); Miniflare does not
    // forward the disconnect, so the test stands in for it by the search's name.
    const disconnect = await e2e.w.api("POST", `/api/dev/flight-searches/flights-e2e-first-${name}/abort`);
    expect(disconnect.body).toEqual({ aborted: true });
    await eventually(() => new URL(page.url()).searchParams.get("to")).toBe("BLR");
    await page.getByRole("list", { name: "Flights" }).waitFor();
    expect(await page.getByText("BLR T", { exact: false }).count()).toBeGreaterThan(0);
    // Past the 2 s the first search would have taken: it never completed, and stopped before its last carrier.
    await new Promise((r) => setTimeout(r, 2_200));
    const after = (await e2e.w.api("GET", "/api/dev/flight-supplier")).body;
    expect(after.started - before.started).toBe(2);
    expect(after.completed - before.completed).toBe(1);
    expect(after.aborted - before.aborted).toBe(1);
    await page.setExtraHTTPHeaders({});
  });

  it("a fare that moves while the traveller books is shown before any money is taken", async () => {
    // Signed in by the first scenario; each width books its own day, so the fare moved at one is not the other's.
    const date = nextMonth(name === "phone" ? 20 : 22);
    await page.goto(`${e2e.origin}/flights/search?from=DEL&to=BOM&date=${date}&adults=1&stops=0&sort=price`);
    await whenHydrated(page);
    const book = page.getByRole("link", { name: /^Book / }).first();
    const flightNumber = ((await book.textContent()) ?? "").replace(/^Book\s*/, "").trim();
    await book.click();
    await page.waitForURL(/\/flight-booking\?offer=/);
    await whenHydrated(page);
    const searchedText = (await page.getByTestId("fare-total").textContent()) ?? "";
    const searched = rupees(searchedText);
    const passenger = page.getByRole("group", { name: "Passenger 1: Adult (12+)" });
    await passenger.getByLabel("Title").selectOption("Ms");
    await passenger.getByLabel("Full name").fill("Asha Rao");
    await passenger.getByLabel("Age").fill("34");
    await page.getByLabel("Mobile number").fill("9845012345");
    const paymentsBefore = await paymentsOf(ASHA.email);

    // The airline moves the fare (₹500 more) between the page and the traveller pressing Pay now.
    const moved = await e2e.w.api("POST", "/api/dev/flight-fare", {
      flightKey: `${flightNumber.replace(" ", "-")}:${date}`,
      fareAdjust: 50_000,
    });
    expect(moved.status).toBe(200);
    await page.getByRole("button", { name: `Pay now ${searchedText}` }).click();
    const alert = page.getByRole("alert").filter({ hasText: "while you were booking" });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/The fare changed from ₹[\d,.]+ to ₹[\d,.]+ while you were booking\. Nothing was charged/);
    await eventually(() => page.getByTestId("fare-total").textContent()).not.toBe(searchedText);
    const nowText = (await page.getByTestId("fare-total").textContent()) ?? "";
    const now = rupees(nowText);
    expect(now).toBeGreaterThan(searched);
    expect(await page.getByRole("dialog", { name: "Test payment" }).count()).toBe(0);
    expect(await paymentsOf(ASHA.email)).toBe(paymentsBefore);
    expect(await noSidewaysScroll(page)).toBe(true);

    // Pressed again, the checkout asks for the new fare, and nothing more.
    await page.getByRole("button", { name: `Pay now ${nowText}` }).click();
    const dialog = page.getByRole("dialog", { name: "Test payment" });
    await dialog.getByRole("button", { name: `Pay ${nowText}` }).waitFor();
    await dialog.getByRole("button", { name: "Decline payment" }).click();
    await page
      .getByText(/Your payment did not go through/)
      .first()
      .waitFor();
    expect(await paymentsOf(ASHA.email)).toBe(paymentsBefore + 1);
  });
});
