import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatRupees } from "../../worker/shared/format";
import { priceBooking } from "../../worker/domain/bookings/pricing";
import { ASHA, SELLER_A, daysFromNow } from "../support/bookings";
import { type E2E, startE2E } from "../support/e2e";
import { eventually, whenHydrated } from "../support/page";
import { bearer, loginViaApi } from "../support/session";

let e2e: E2E;
let browser: Browser;
let site: string;

beforeAll(async () => {
  e2e = await startE2E();
  ({ browser } = e2e);
  site = `http://wanderlust.localhost:${e2e.port}`;
});
afterAll(() => e2e?.close());

describe("a customer of a seller's site, on its own domain", () => {
  it("books and pays for Goa at its second price tier; the seller sees a paid request; the rejection's refund shows", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await e2e.signIn(page, ASHA, { origin: site });
    await page.goto(`${site}/package/p_goa`);
    await whenHydrated(page);
    await page.getByRole("button", { name: "Book Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Book Goa Beach Escape" });
    await dialog.waitFor();

    // Both of the package's prices are offered; the first is chosen until the traveller picks another.
    const tiers = dialog.getByRole("group", { name: "Price tier" }).getByRole("radio");
    await eventually(() => tiers.count()).toBe(2);
    await eventually(() => dialog.getByRole("radio", { name: /Per person/ }).isChecked()).toBe(true);
    await dialog.getByRole("radio", { name: /Premium/ }).check();

    await dialog.getByLabel("Travel start date").fill(daysFromNow(40));
    await dialog.locator("#traveller-0-name").fill("Asha Verma");
    await dialog.locator("#traveller-0-age").fill("34");
    await dialog.locator("#traveller-0-gender").selectOption("female");
    const expected = priceBooking({ unitPrice: 2_199_900, adults: 1, children: 0, durationDays: 5 });
    await eventually(() => dialog.getByTestId("price-tier").textContent()).toBe("Premium: ₹21,999 × 1 traveller");
    await eventually(() => dialog.locator(".price-total").last().textContent()).toBe(formatRupees(expected.total));

    // Book Now → pay, on the seller's own domain, through the test provider's checkout.
    await dialog.getByRole("button", { name: `Pay ${formatRupees(expected.total)}` }).click();
    const pay = page.getByRole("dialog", { name: "Test payment" });
    await pay.getByRole("button", { name: `Pay ${formatRupees(expected.total)}` }).click();
    // Paid: the checkout's own page on this domain, which a reload keeps (issue 24).
    await page.waitForURL(new RegExp(`^${site.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/booking-success\\?payment=py_`));
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Request sent" }).waitFor();
    const stored = await e2e.w.d1
      .prepare(
        "SELECT id, booking_ref AS ref, total, price_tier, payment_status FROM bookings WHERE user_id = 'u_asha' ORDER BY created_at DESC LIMIT 1",
      )
      .first<{ id: string; ref: string; total: number; price_tier: string; payment_status: string }>();
    const ref = stored?.ref ?? "";
    expect(ref).toMatch(/^TB-\d{4}-\d{6}$/);
    expect(stored?.total).toBe(expected.total);
    expect(stored?.payment_status).toBe("completed");
    expect(JSON.parse(stored?.price_tier ?? "null")).toEqual({ label: "Premium", price: 2_199_900 });

    // The seller sees a paid request in the dashboard, with the payment beside the pricing.
    const sellerContext = await browser.newContext();
    const sellerPage = await sellerContext.newPage();
    await e2e.signIn(sellerPage, SELLER_A);
    await sellerPage.goto(`${e2e.origin}/seller-dashboard/orders`);
    const row = sellerPage.locator("tbody tr", { has: sellerPage.getByRole("link", { name: ref }) });
    await eventually(() => row.locator('[data-label="Payment"]').textContent()).toBe("Completed");
    await row.getByRole("link", { name: ref }).click();
    await eventually(() => sellerPage.getByTestId("amount-paid").textContent()).toBe(formatRupees(expected.total));
    await sellerContext.close();

    // The site's dashboard lists it at that price and links it to its own page on this domain.
    await page.goto(`${site}/dashboard`);
    const item = page.locator(`[data-booking="${ref}"]`);
    await item.waitFor();
    await eventually(() => item.textContent()).toContain(formatRupees(expected.total));
    await item.getByRole("link", { name: ref }).click();
    await page.waitForURL(`${site}/booking/${ref}`);
    await page.getByRole("heading", { level: 1, name: `Booking ${ref}` }).waitFor();
    await eventually(() => page.getByTestId("price-tier").textContent()).toBe("Premium: ₹21,999 × 1 traveller");
    await eventually(() => page.locator(".price-total").last().textContent()).toBe(formatRupees(expected.total));
    await page.getByText("No response yet.").waitFor();
    await eventually(() => page.title()).toBe(`Booking ${ref} | Wanderlust Journeys`);

    // The seller turns it down; the customer reads why on the dashboard and on the booking's page.
    const seller = await loginViaApi(e2e.w, SELLER_A);
    const reason = "Premium rooms are full on those dates";
    const rejected = await e2e.w.api("PUT", `/api/bookings/seller/bookings/${stored?.id}/reject`, { message: reason }, bearer(seller));
    expect(rejected.status).toBe(200);
    await page.reload();
    await eventually(() => page.getByTestId("seller-response").textContent()).toContain(reason);
    // The refund shows on the customer's side too: the whole amount, back automatically.
    await eventually(() => page.getByTestId("amount-refunded").textContent()).toBe(`−${formatRupees(expected.total)}`);
    await page.getByRole("link", { name: "← My bookings" }).click();
    await page.waitForURL(`${site}/dashboard`);
    await eventually(() => item.textContent()).toContain(`Reason: ${reason}`);
    await eventually(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
