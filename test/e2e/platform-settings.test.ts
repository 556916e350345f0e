import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceBooking } from "../../worker/domain/bookings/pricing";
import { formatRupees } from "../../worker/shared/format";
import { ASHA, daysFromNow } from "../support/bookings";
import { type E2E, startE2E } from "../support/e2e";
import { eventually, whenHydrated } from "../support/page";

/**
 * Issue 28's fourth scenario: the superadmin changes the booking fee to 12%; a new booking's price uses it; a booking
 * made before keeps its price; the audit log shows the change with its before and after.
 */
let e2e: E2E;
let browser: Browser;
beforeAll(async () => {
  e2e = await startE2E();
  ({ browser } = e2e);
});
afterAll(() => e2e?.close());

const ADMIN = "admin@tripbazaar.example";

/** The fee line of the breakdown in `scope`: its hint and amount. */
const feeLine = (page: Page, scope = "") =>
  page.evaluate((scope) => {
    const dt = document.querySelector<HTMLElement>(`${scope} .price-lines dt[data-line="fee"]`);
    return [dt?.querySelector(".price-hint")?.textContent ?? "", dt?.nextElementSibling?.textContent ?? ""];
  }, scope);

describe("the booking fee as a platform setting", () => {
  it("12% prices the next booking, leaves an older booking as it was, and the audit log shows 18 → 12", async () => {
    const older = await e2e.w.d1
      .prepare(
        "SELECT id, taxes, total FROM bookings WHERE user_id = 'u_asha' AND seller_id = 's_wanderlust' AND status = 'confirmed' ORDER BY created_at LIMIT 1",
      )
      .first<{ id: string; taxes: number; total: number }>();
    expect(older).toBeTruthy();
    if (!older) return;

    // The superadmin changes the fee on the settings page.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await e2e.signIn(admin, ADMIN);
    await admin.goto(`${e2e.origin}/superadmin-panel/settings`);
    await whenHydrated(admin);
    await admin.getByLabel("Booking fee (%)").fill("12");
    await admin.getByRole("button", { name: "Save settings" }).click();
    await admin.getByText("Settings saved (1 change)").waitFor();
    await eventually(() => admin.getByLabel("Booking fee (%)").inputValue()).toBe("12");

    // A traveller books now: the form, the payment and the booking use 12%.
    const site = `http://wanderlust.localhost:${e2e.port}`;
    const context = await browser.newContext();
    const page = await context.newPage();
    await e2e.signIn(page, ASHA, { origin: site });
    await page.goto(`${site}/package/p_goa`);
    await page.getByText("per person · 10% off, then 12% booking fee incl. GST at checkout").first().waitFor();
    await whenHydrated(page);
    await page.getByRole("button", { name: "Book Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Book Goa Beach Escape" });
    await dialog.waitFor();
    await dialog.getByLabel("Travel start date").fill(daysFromNow(45));
    await dialog.getByLabel("Adults").selectOption("1");
    await dialog.locator("#traveller-0-name").fill("Asha Verma");
    await dialog.locator("#traveller-0-age").fill("34");
    await dialog.locator("#traveller-0-gender").selectOption("female");
    const expected = priceBooking(
      { unitPrice: 1_599_900, adults: 1, children: 0, durationDays: 5 },
      { discountPercent: 10, bookingFeePercent: 12, childrenDiscountPercent: 0 },
    );
    const atSpec = priceBooking({ unitPrice: 1_599_900, adults: 1, children: 0, durationDays: 5 });
    expect(expected.total).toBeLessThan(atSpec.total);
    const total = formatRupees(expected.total);
    await eventually(() => dialog.locator("dd.price-total").textContent()).toBe(total);
    expect(await feeLine(page, ".price-preview")).toEqual([
      "Includes GST. 12% of the package price after discount",
      formatRupees(expected.taxes),
    ]);
    await dialog.getByRole("button", { name: `Pay ${total}` }).click();
    const pay = page.getByRole("dialog", { name: "Test payment" });
    await pay.getByRole("button", { name: `Pay ${total}` }).click();
    await page.getByRole("heading", { level: 1, name: "Request sent" }).waitFor();
    const newer = await e2e.w.d1
      .prepare("SELECT id, taxes, total, price_terms FROM bookings WHERE user_id = 'u_asha' ORDER BY created_at DESC LIMIT 1")
      .first<{ id: string; taxes: number; total: number; price_terms: string }>();
    expect(newer).toMatchObject({ taxes: expected.taxes, total: expected.total });
    expect(JSON.parse(newer?.price_terms ?? "{}")).toMatchObject({ bookingFeePercent: 12 });

    // The older booking: the same figures, and its breakdown still says 18%.
    expect(await e2e.w.d1.prepare("SELECT taxes, total FROM bookings WHERE id = ?").bind(older.id).first()).toEqual({
      taxes: older.taxes,
      total: older.total,
    });
    await page.goto(`${site}/booking/${older.id}`);
    await page.getByRole("heading", { name: "Pricing" }).waitFor();
    expect(await feeLine(page)).toEqual(["Includes GST. 18% of the package price after discount", formatRupees(older.taxes)]);
    await expect(page.locator("dd.price-total").textContent()).resolves.toBe(formatRupees(older.total));
    await context.close();

    // The audit log shows who changed what, from 18 to 12.
    await admin.goto(`${e2e.origin}/superadmin-panel`);
    await admin.getByRole("navigation").getByRole("link", { name: "Audit log" }).first().click();
    await admin.getByRole("heading", { level: 1, name: "Audit log" }).waitFor();
    const entry = admin.getByTestId("audit-entry").filter({ hasText: "settings.update" }).first();
    await entry.waitFor();
    await expect(entry.locator('td[data-label="Before"]').textContent()).resolves.toContain("bookingFeePercent: 18");
    await expect(entry.locator('td[data-label="After"]').textContent()).resolves.toContain("bookingFeePercent: 12");
    await expect(entry.locator('td[data-label="Who"]').textContent()).resolves.toContain("superadmin");
    await adminContext.close();
  });
});
