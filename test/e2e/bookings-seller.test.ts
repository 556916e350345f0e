import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, startE2E } from "../support/e2e";
import { eventually } from "../support/page";

let e2e: E2E;
let browser: Browser;
let origin: string;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  e2e = await startE2E();
  ({ browser } = e2e);
  origin = e2e.origin;
  page = await browser.newPage();
  page.on("pageerror", (e) => errors.push(String(e)));
  await e2e.signIn(page, "owner@wanderlust.example");
});
afterAll(() => e2e?.close());

const status = () => page.getByTestId("booking-status");

describe("seller order management in Chromium", () => {
  it("opens the orders, then bk_w1, and its travellers popup", async () => {
    await page.goto(`${origin}/seller-dashboard/orders`);
    await page.waitForSelector("html[data-hydrated]");
    const nav = page.getByRole("navigation", { name: "Seller dashboard" });
    for (const label of [
      "Dashboard",
      "Packages",
      "Hotels",
      "Orders",
      "Payments",
      "PDF Template",
      "Website",
      "Add-on Itinerary",
      "Add Meals",
      "Event Packages",
      "Settings",
    ]) {
      await eventually(() => nav.getByRole("link", { name: new RegExp(`^${label}`) }).count()).toBe(1);
    }
    await page.getByRole("link", { name: e2e.w.seed.bookings.bk_w1.ref }).click();
    await page.waitForURL(`${origin}/seller-dashboard/orders/bk_w1`);
    await eventually(() => status().textContent()).toBe("Pending");
    await page.getByText("Goa Beach Escape").first().waitFor();

    const guests = page.getByRole("button", { name: /3 \(view travellers\)/ });
    await guests.click();
    const dialog = page.getByRole("dialog", { name: "Travellers" });
    await dialog.waitFor();
    await dialog.getByRole("cell", { name: "Kavya Verma" }).waitFor();
    await eventually(() => page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await eventually(() => page.evaluate(() => document.body.style.overflow)).toBe("");
    // Focus returns to the opener.
    await eventually(() => guests.evaluate((el) => el === document.activeElement)).toBe(true);

    await guests.click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
  });

  it("approves bk_w1: the status shows confirmed and the response is recorded", async () => {
    await page.getByRole("button", { name: "Approve" }).click();
    await page.getByText("Booking approved successfully").waitFor();
    await eventually(() => status().textContent()).toBe("Confirmed");
    await eventually(() => page.getByTestId("seller-response").textContent()).toContain("Booking approved by seller");
    await eventually(() => page.getByRole("button", { name: "Approve" }).count()).toBe(0);
  });

  it("does nothing when the rejection prompt is cancelled, and rejects bk_w2 with a reason", async () => {
    await page.goto(`${origin}/seller-dashboard/orders/bk_w2`);
    await page.waitForSelector("html[data-hydrated]");
    await status().waitFor();
    page.once("dialog", (d) => d.dismiss());
    await page.getByRole("button", { name: "Reject" }).click();
    await eventually(() => status().textContent()).toBe("Pending");

    page.once("dialog", (d) => {
      expect(d.type()).toBe("prompt");
      expect(d.message()).toBe("Please provide a reason for rejection:");
      d.accept("Hotels in Manali are full that week");
    });
    await page.getByRole("button", { name: "Reject" }).click();
    await page.getByText("Booking rejected").first().waitFor();
    await eventually(() => status().textContent()).toBe("Rejected");
    await eventually(() => page.getByTestId("seller-response").textContent()).toContain("Hotels in Manali are full that week");
  });

  it("shows not found for a missing booking and the permission message for another seller's", async () => {
    await page.goto(`${origin}/seller-dashboard/orders/bk_missing`);
    await page.getByRole("heading", { name: "Booking not found" }).waitFor();
    await page.goto(`${origin}/seller-dashboard/orders/bk_h1`);
    await page.getByRole("button", { name: "Try Again" }).waitFor();
    await eventually(() => page.getByRole("alert").first().textContent()).toContain("You do not have permission to view this booking");
  });

  it("filters the orders by status and shows real figures on the dashboard", async () => {
    await page.goto(`${origin}/seller-dashboard/orders?status=rejected`);
    await page.waitForSelector("html[data-hydrated]");
    await page.getByRole("link", { name: e2e.w.seed.bookings.bk_w2.ref }).waitFor();
    const rows = page.locator("tbody tr");
    await eventually(() => rows.count()).toBe(2);
    await page.goto(`${origin}/seller-dashboard`);
    await page.getByRole("heading", { name: "Bookings by status" }).waitFor();
    await eventually(() => page.locator(".tile").first().textContent()).toContain("6");
    expect(errors).toEqual([]);
  });
});
