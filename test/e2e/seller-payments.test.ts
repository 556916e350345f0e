import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInIndia } from "../../worker/domain/bookings/transitions";
import { type E2E, startE2E } from "../support/e2e";
import { eventually, whenHydrated } from "../support/page";

// Issue 15: the seller's payments page in Chromium at the narrowest phone we support, by keyboard: filters,
// the chart's figures opened as a table, and the CSV downloaded with the same filters.

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let e2e: E2E;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  e2e = await startE2E();
  context = await e2e.browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, acceptDownloads: true });
  page = await context.newPage();
  await e2e.signIn(page, "owner@wanderlust.example");
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

/** Sideways scroll and axe-core's serious or critical findings, in the current colour scheme. */
async function audit() {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const loaded = await page.evaluate(() => "axe" in window);
  const violations = (await page.evaluate(
    `${loaded ? "" : axeSource};\n(async () => (await axe.run(document, { resultTypes: ["violations"] })).violations)()`,
  )) as { id: string; impact: string; nodes: { target: string[] }[] }[];
  return {
    overflow,
    violations: violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  };
}

/** bk_w6's payment and refund days in India, as the seed laid them (relative to its day, seedCalendar). */
const w6Days = () => {
  const { capturedAt, refund } = e2e.w.seed.payments.bk_w6;
  return { from: todayInIndia(new Date(capturedAt)), to: todayInIndia(new Date(refund?.processedAt ?? "")) };
};

describe("the payments page at 360 px", () => {
  it("filters by keyboard, and shows bk_w6's payment and refund with totals and the chart", async () => {
    const { from, to } = w6Days();
    await page.goto(`${e2e.origin}/seller-dashboard/payments`);
    await whenHydrated(page);
    await eventually(() => page.title()).toBe("Payments · Seller dashboard | Tripbazaar");
    await page.getByLabel("From", { exact: true }).fill(from);
    await page.getByLabel("To", { exact: true }).fill(to);
    await page.getByLabel("Status", { exact: true }).focus();
    await page.getByRole("button", { name: "Apply" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("from") === from && url.searchParams.get("to") === to);
    await page.getByText("(2 entries)").waitFor();
    const rows = page.getByRole("region", { name: "Payments and refunds table" }).locator("tbody tr");
    await eventually(() => rows.count()).toBe(2);
    await page.getByText("₹9,557").first().waitFor();
    await page.getByRole("heading", { name: "Received and refunded by day" }).waitFor();

    await page.getByLabel("Status", { exact: true }).selectOption("refunded");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/status=refunded/);
    // The next page's data has arrived when the pager counts it.
    await page.getByText("(1 entry)").waitFor();
    await eventually(() => rows.count()).toBe(1);
    await rows.first().getByText("Refund", { exact: true }).waitFor();
  });

  it("opens the chart's figures by keyboard, and neither scrolls sideways nor fails axe in light or dark", async () => {
    const summary = page.getByText("Show the chart's figures as a table");
    await summary.focus();
    await page.keyboard.press("Enter");
    const figures = page.getByRole("region", { name: "Received and refunded by day, table" });
    await figures.waitFor();
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(audit(), scheme).resolves.toEqual({ overflow: 0, violations: [] });
    }
  });

  it("downloads the CSV of the same filters from the Download CSV link", async () => {
    const link = page.getByRole("link", { name: "Download CSV" });
    const { from, to } = w6Days();
    await eventually(() => link.getAttribute("href")).toBe(`/seller-dashboard/payments.csv?from=${from}&to=${to}&status=refunded`);
    await link.focus();
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toMatch(/^tripbazaar-payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await download.path();
    const text = readFileSync(path, "utf8");
    expect(text.replace(/^\uFEFF/, "").split("\r\n")).toEqual([
      '"Date","Type","Booking","Package","Customer","Amount (₹)","Status","Reference"',
      `${to.split("-").reverse().join("/")},"Refund","${e2e.w.seed.bookings.bk_w6.ref}","Rishikesh Yoga and Rafting","Asha Verma",-9557.00,"Refunded","rfnd_seed_bk_w6"`,
      "",
    ]);
  });
});
