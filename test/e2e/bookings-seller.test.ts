import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, startE2E } from "../support/e2e";
import { eventually, whenHydrated } from "../support/page";
import { waitForEmail } from "../support/session";

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
    await whenHydrated(page);
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
    await page.waitForURL(`${origin}/seller-dashboard/orders/${e2e.w.seed.bookings.bk_w1.ref}`);
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

  it("approves bk_w1 through the confirm dialog, by keyboard, with a message the traveller's email quotes", async () => {
    // The browser's own confirm/prompt is never used: any of them fails the test.
    const nativeDialogs: string[] = [];
    page.on("dialog", (d) => {
      nativeDialogs.push(`${d.type()}: ${d.message()}`);
      void d.dismiss();
    });
    const approve = page.getByRole("button", { name: "Approve", exact: true });
    const dialog = page.getByRole("dialog", { name: `Approve booking ${e2e.w.seed.bookings.bk_w1.ref}?` });

    // Escape closes it, nothing is sent, and focus is back on Approve.
    await approve.focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await eventually(() => dialog.textContent()).toContain("Asha Verma");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await eventually(() => approve.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await status().textContent()).toBe("Pending");

    // Closed by the platform and asked for again before its close event is handled (a fast Escape, then Enter on
    // Approve, which the browser has already focused again): it shows again. It once stayed closed while the page
    // thought it open, so Approve did nothing.
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await page.evaluate(
      () =>
        new Promise<void>((handled) => {
          const opener = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Approve");
          const shown = document.querySelector<HTMLDialogElement>("dialog[open]");
          // Resolved once the close event has reached the page's own listener too.
          shown?.addEventListener("close", () => setTimeout(handled), { once: true });
          shown?.close();
          opener?.click();
        }),
    );
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await eventually(() => approve.evaluate((el) => el === document.activeElement)).toBe(true);

    // Opened again by keyboard: focus starts in the message; Tab reaches Cancel, then Approve booking.
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    const message = dialog.getByLabel("Message for the traveller (optional)");
    await eventually(() => message.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type("Your driver meets you at Dabolim arrivals at 10 am.");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Approve booking");
    // A modal dialog: the page behind it is inert, so nothing there takes focus.
    const behind = await page.evaluate(() => {
      const back = document.querySelector<HTMLAnchorElement>('a[href="/seller-dashboard/orders"]');
      back?.focus();
      return [Boolean(back), document.activeElement === back, document.activeElement?.textContent];
    });
    expect(behind).toEqual([true, false, "Approve booking"]);
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });

    await page.getByText("Booking approved successfully").waitFor();
    await eventually(() => status().textContent()).toBe("Confirmed");
    await eventually(() => page.getByTestId("seller-response").textContent()).toContain(
      "Your driver meets you at Dabolim arrivals at 10 am.",
    );
    await eventually(() => approve.count()).toBe(0);
    const mail = await waitForEmail(e2e.w, "asha@example.com", (m) => m.subject.startsWith("Booking confirmed"));
    expect(mail.text).toContain("Message from the seller: Your driver meets you at Dabolim arrivals at 10 am.");
    expect(nativeDialogs).toEqual([]);
  });

  it("rejects bk_w2 only with a reason typed in the dialog: an empty one is refused there, Cancel does nothing", async () => {
    await page.goto(`${origin}/seller-dashboard/orders/bk_w2`);
    await whenHydrated(page);
    await status().waitFor();
    const reject = page.getByRole("button", { name: "Reject", exact: true });
    const dialog = page.getByRole("dialog", { name: `Reject booking ${e2e.w.seed.bookings.bk_w2.ref}?` });

    await reject.click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await status().textContent()).toBe("Pending");

    await reject.click();
    const reason = dialog.getByLabel("Please provide a reason for rejection:");
    await eventually(() => dialog.textContent()).toContain("Required: the traveller reads it in the email.");
    await reason.fill("   ");
    await dialog.getByRole("button", { name: "Reject booking" }).click();
    await eventually(() => dialog.getByRole("alert").textContent()).toBe("Please provide a reason for rejection");
    expect(await status().textContent()).toBe("Pending");

    await reason.fill("Hotels in Manali are full that week");
    await dialog.getByRole("button", { name: "Reject booking" }).click();
    await dialog.waitFor({ state: "detached" });
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
    await whenHydrated(page);
    await page.getByRole("link", { name: e2e.w.seed.bookings.bk_w2.ref }).waitFor();
    const rows = page.locator("tbody tr");
    await eventually(() => rows.count()).toBe(2);
    await page.goto(`${origin}/seller-dashboard`);
    await page.getByRole("heading", { name: "Bookings by status" }).waitFor();
    // Seven seeded bookings of Wanderlust, and the four reviewed trips of the seed's reviews (issue 28): 11.
    await eventually(() => page.locator(".tile").first().textContent()).toContain("11");
    expect(errors).toEqual([]);
  });
});
