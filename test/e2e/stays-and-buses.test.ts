import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInIndia } from "../../worker/domain/bookings/transitions";
import { testNow } from "../support/clock";
import { type E2E, startE2E } from "../support/e2e";
import { answerConfirm, eventually, whenHydrated } from "../support/page";
import { newCustomer } from "../support/security-fixtures";

/**
 * Issue 27's scenarios 3 and 4: a traveller finds a Goa hotel for two nights with two adults and a child of 6 and sees
 * its facilities and rates, and picks seats on a Bengaluru → Chennai bus; then (signed in) pays for each with the test
 * provider and finds it under Upcoming trips with its page and its PDF (hotel voucher, bus ticket); at a phone's
 * 390 px (no sideways scroll) and on a desktop.
 */
let e2e: E2E;
let browser: Browser;
beforeAll(async () => {
  e2e = await startE2E();
  ({ browser } = e2e);
});
afterAll(() => e2e?.close());

const day = (n: number) =>
  new Date(Date.parse(`${todayInIndia(new Date(testNow()))}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 900 } },
};
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's serious or critical findings on the page, in light and in dark. */
async function seriousFindings(page: Page) {
  const findings: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    const loaded = await page.evaluate(() => "axe" in window);
    const found = (await page.evaluate(
      `${loaded ? "" : axeSource};\n(async () => (await axe.run(document, { resultTypes: ["violations"] })).violations)()`,
    )) as { id: string; impact: string; nodes: { target: string[] }[] }[];
    for (const v of found.filter((v) => v.impact === "serious" || v.impact === "critical"))
      findings.push(`${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }
  await page.emulateMedia({ colorScheme: "light" });
  return findings;
}

/** What a form would send, read in the page (the cart's action that receives it lives on another branch). */
const formData = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const form = document.querySelector<HTMLFormElement>(selector);
    return form ? [...new FormData(form).entries()].map(([k, v]) => [k, String(v)]) : null;
  }, selector);

describe.each(Object.entries(VIEWPORTS))("hotels and buses on a %s", (_name, options) => {
  it("finds a Goa hotel for two nights with two adults and a child of 6, with facilities and rates", async () => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(`${e2e.origin}/hotels/search`);
    await page.getByLabel("City").fill("Goa");
    await page.getByLabel("Check-in").fill(day(21));
    await page.getByLabel("Check-out").fill(day(23));
    await page.getByLabel("Adults a room").selectOption("2");
    await page.getByLabel("Child 1 age").selectOption("6");
    await page.getByRole("button", { name: "Search hotels" }).click();
    await page.getByRole("heading", { name: /4 hotels in Goa/ }).waitFor();
    expect(new URL(page.url()).searchParams.get("city")).toBe("Goa");
    expect(new URL(page.url()).searchParams.getAll("age")).toContain("6");
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousFindings(page)).toEqual([]);

    await page.getByRole("link", { name: "Sea Breeze Resort", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Sea Breeze Resort" }).waitFor();
    await page.getByRole("heading", { name: "Facilities" }).waitFor();
    expect(await page.getByText("Swimming pool").count()).toBe(1);
    await eventually(() => page.getByRole("button", { name: /^Add to cart: / }).count()).toBeGreaterThan(3);
    expect(await page.getByText(/2 nights · 1 room, 3 guests/).count()).toBe(1);
    expect(await page.getByText(/Free cancellation until/).count()).toBeGreaterThan(0);
    expect(await noSidewaysScroll(page)).toBe(true);
    const first = await formData(page, "form[action='/cart']");
    expect(first?.find(([k]) => k === "intent")?.[1]).toBe("add-offer");
    expect(first?.find(([k]) => k === "offerId")?.[1]).toMatch(/^[\w-]+\.[\w-]+$/);
    await context.close();
  });

  it("searches a Bengaluru → Chennai bus, filters AC, and picks two seats with their travellers", async () => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(`${e2e.origin}/buses/search`);
    await page.getByLabel("From").fill("Bengaluru");
    await page.getByLabel("To", { exact: true }).fill("Chennai");
    await page.getByLabel("Date").fill(day(9));
    await page.getByLabel("Passengers").selectOption("2");
    await page.getByRole("button", { name: "Search buses" }).click();
    await page.getByRole("heading", { name: /buses from Bengaluru to Chennai/ }).waitFor();
    await page.getByRole("checkbox", { name: /^AC \(/ }).check();
    await page.getByRole("button", { name: "Apply" }).click();
    await eventually(() => new URL(page.url()).searchParams.getAll("type")).toEqual(["ac"]);
    await eventually(() => page.getByText("Non A/C", { exact: false }).count()).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);

    await page
      .getByRole("link", { name: /^Choose seats on/ })
      .first()
      .click();
    await page.locator("#seats").waitFor();
    const free = page.locator("#seats input[name='seat']:not([disabled])");
    await free.nth(0).check();
    await free.nth(1).check();
    for (const [i, [name, age, gender]] of [
      ["Asha Rao", "31", "female"],
      ["Ravi Rao", "34", "male"],
    ].entries()) {
      await page.locator(`#tr-${i}-name`).fill(name);
      await page.locator(`#tr-${i}-age`).fill(age);
      await page.locator(`#tr-${i}-gender`).selectOption(gender);
    }
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousFindings(page)).toEqual([]);
    // A seat is taken with the keyboard: its checkbox focused, Space checks it and Space again lets it go.
    await free.nth(2).focus();
    await page.keyboard.press("Space");
    expect(await free.nth(2).isChecked()).toBe(true);
    await page.keyboard.press("Space");
    const sent = await formData(page, "#seats form");
    expect(sent?.filter(([k]) => k === "seat")).toHaveLength(2);
    expect(sent).toContainEqual(["intent", "add-offer"]);
    expect(sent).toContainEqual(["travellers[1].name", "Ravi Rao"]);
    expect(sent).toContainEqual(["travellers[0].gender", "female"]);
    await context.close();
  });
});

/** The cart's total, then the test provider's Pay: answers once booking-success is showing. */
async function payCart(page: Page) {
  await page.goto(`${e2e.origin}/cart`);
  await whenHydrated(page);
  const total = (await page.locator(".cart-total-figure").textContent())?.trim() ?? "";
  expect(total).toMatch(/^₹[\d,]+(\.\d\d)?$/);
  await page.getByRole("button", { name: `Pay ${total}` }).click();
  await page
    .getByRole("dialog", { name: "Test payment" })
    .getByRole("button", { name: `Pay ${total}` })
    .click();
  await page.waitForURL(/\/booking-success\?payment=py_/);
  await page.getByRole("heading", { level: 1, name: "Booking confirmed" }).waitFor();
}

/** The paid trip of `kind` under Upcoming trips, opened: its page, checked at this width, and its PDF fetched. */
async function openUpcoming(page: Page, kind: "hotel" | "bus", pdfName: RegExp) {
  await page.goto(`${e2e.origin}/user-dashboard/upcoming-trips`);
  const item = page.locator(`[data-travel-booking][data-kind="${kind}"]`);
  await item.first().waitFor();
  expect(await noSidewaysScroll(page)).toBe(true);
  expect(await seriousFindings(page)).toEqual([]);
  const ref = (await item.first().getAttribute("data-travel-booking")) ?? "";
  expect(ref).toMatch(/^TB-\d{4}-\d{6}$/);
  await item
    .first()
    .getByRole("link", { name: `View booking ${ref}` })
    .click();
  await page.waitForURL(new RegExp(`/user-dashboard/trips/${ref}$`));
  await page.getByRole("heading", { name: "Fare rules" }).waitFor();
  expect(await noSidewaysScroll(page)).toBe(true);
  expect(await seriousFindings(page)).toEqual([]);
  const link = page.getByRole("link", { name: pdfName });
  const pdf = await page.request.get(new URL((await link.getAttribute("href")) ?? "", e2e.origin).toString());
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  return ref;
}

describe.each(Object.entries(VIEWPORTS))("stays and buses paid and shown on a %s", (name, options) => {
  it("pays for a Goa stay (two adults, a child of 6) and shows it in the dashboard with its hotel voucher", async () => {
    const customer = await newCustomer(e2e.w, `stay-${name}`);
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await e2e.signIn(page, customer.user.email, { password: customer.password });
    await page.goto(`${e2e.origin}/hotel/sh_goa_sea_breeze?checkIn=${day(25)}&checkOut=${day(27)}&rooms=1&adults=2&age=6`);
    await page.getByRole("heading", { name: "Facilities" }).waitFor();
    expect(await page.getByText("Swimming pool").count()).toBe(1);
    await whenHydrated(page);
    await page
      .getByRole("button", { name: /^Add to cart: / })
      .first()
      .click();
    await page.waitForURL(/\/cart$/);
    await payCart(page);
    expect(await page.getByText("Sea Breeze Resort").count()).toBeGreaterThan(0);
    const ref = await openUpcoming(page, "hotel", /^Download hotel voucher/);
    expect(await page.getByText("1 room, 2 adults, 1 child (age 6)").count()).toBeGreaterThan(0);
    // Cancelling asks first in the one confirm dialog, which repeats what the fare's rules refund.
    await page.getByRole("button", { name: "Cancel booking" }).click();
    const asked = await answerConfirm(page, "Cancel booking");
    expect(asked).toContain(`Cancel booking ${ref}?`);
    expect(asked).toMatch(/Cancelling now refunds (₹[\d,.]+ of ₹[\d,.]+|nothing under this fare's rules)\./);
    await page.getByRole("status").filter({ hasText: "Booking cancelled." }).waitFor();
    if (asked.includes("refunds ₹"))
      await eventually(() => page.getByTestId("trip-refund").textContent()).toMatch(/Refund: ₹[\d,.]+ · (Refunded|Being processed)/);
    else await page.getByText("no refund was due under the fare's rules").waitFor();
    expect(await page.getByRole("button", { name: "Cancel booking" }).count()).toBe(0);
    await context.close();
  });

  it("pays for two seats on a Bengaluru → Chennai bus and shows the trip in the dashboard with its ticket", async () => {
    const customer = await newCustomer(e2e.w, `bus-${name}`);
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await e2e.signIn(page, customer.user.email, { password: customer.password });
    await page.goto(`${e2e.origin}/buses/search?from=Bengaluru&to=Chennai&date=${day(12)}&passengers=2`);
    await whenHydrated(page);
    await page
      .getByRole("link", { name: /^Choose seats on/ })
      .first()
      .click();
    await page.locator("#seats").waitFor();
    const free = page.locator("#seats input[name='seat']:not([disabled])");
    await free.nth(0).check();
    await free.nth(1).check();
    for (const [i, [person, age, gender]] of [
      ["Asha Rao", "31", "female"],
      ["Ravi Rao", "34", "male"],
    ].entries()) {
      await page.locator(`#tr-${i}-name`).fill(person);
      await page.locator(`#tr-${i}-age`).fill(age);
      await page.locator(`#tr-${i}-gender`).selectOption(gender);
    }
    await page.locator("#seats").getByRole("button", { name: "Add to cart" }).click();
    await page.waitForURL(/\/cart$/);
    await payCart(page);
    await openUpcoming(page, "bus", /^Download bus ticket/);
    expect(await page.getByText("Asha Rao").count()).toBeGreaterThan(0);
    expect(await page.getByText("Ravi Rao").count()).toBeGreaterThan(0);
    await context.close();
  });
});
