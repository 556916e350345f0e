import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatRupees } from "../../worker/shared/format";
import { SELLER_A, SELLER_B, daysFromNow } from "../support/bookings";
import { type E2E, startE2E } from "../support/e2e";
import { answerConfirm, eventually, whenHydrated } from "../support/page";
import { fillCart } from "../support/payments";
import { newCustomer } from "../support/security-fixtures";
import { bearer } from "../support/session";
import { followUpsDone } from "../support/follow-ups";

/**
 * Issue 15's journeys with the test provider: a cart with trips of two sellers paid at once; one seller approves
 * and the other rejects (the refund shows on both sides and the customer is emailed); a failed payment books
 * nothing and can be retried.
 */
let e2e: E2E;
let browser: Browser;
beforeAll(async () => {
  e2e = await startE2E();
  ({ browser } = e2e);
});
afterAll(() => e2e?.close());

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function addToCartOnPage(page: Page, packageId: string, name: string) {
  await page.goto(`${e2e.origin}/tour-package/${packageId}`);
  await whenHydrated(page);
  await page.getByRole("button", { name: "Add to cart" }).click();
  const dialog = page.getByRole("dialog", { name: `Add ${name}` });
  await dialog.getByLabel("Travel start date").fill(daysFromNow(40));
  await dialog.locator("#traveller-0-name").fill("Meera Iyer");
  await dialog.locator("#traveller-0-age").fill("31");
  await dialog.locator("#traveller-0-gender").selectOption("female");
  await dialog.getByRole("button", { name: "Add to cart" }).click();
  await dialog.getByText(`${name} is in your cart.`).waitFor();
}

const bookingsOf = (userId: string) =>
  e2e.w.d1
    .prepare("SELECT id, booking_ref AS ref, seller_id, status, payment_status, total FROM bookings WHERE user_id = ? ORDER BY seller_id")
    .bind(userId)
    .all<{ id: string; ref: string; seller_id: string; status: string; payment_status: string; total: number }>()
    .then((r) => r.results);

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("paying for a cart with trips of two sellers", () => {
  it("pays once; booking-success shows both; one seller approves, the other rejects and the refund shows on both sides", async () => {
    const customer = await newCustomer(e2e.w, "twocart");
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    await e2e.signIn(page, customer.user.email, { password: customer.password });

    await addToCartOnPage(page, "p_goa", "Goa Beach Escape");
    await addToCartOnPage(page, "p_spiti", "Spiti Valley Road Trip");

    await page.goto(`${e2e.origin}/cart`);
    await whenHydrated(page);
    const lines = page.getByRole("list", { name: "Trips in your cart" }).getByRole("listitem");
    await eventually(() => lines.count()).toBe(2);
    const cart = (await e2e.w.api("GET", "/api/cart", undefined, bearer(customer))).body.data;
    const total = formatRupees(cart.total);
    await eventually(() => page.locator(".cart-total-figure").textContent()).toBe(total);
    await eventually(() => noSidewaysScroll(page)).toBe(0);

    await page.getByRole("button", { name: `Pay ${total}` }).click();
    const pay = page.getByRole("dialog", { name: "Test payment" });
    await pay.getByRole("button", { name: `Pay ${total}` }).click();
    await page.waitForURL(/\/booking-success\?payment=py_/);
    const successPage = page.url();
    await page.getByRole("heading", { level: 1, name: "Request sent" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Wanderlust Journeys" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Himalayan Trails" }).waitFor();
    await eventually(() => page.getByTestId("success-booking").count()).toBe(2);
    await eventually(() => noSidewaysScroll(page)).toBe(0);

    const [himalayan, wanderlust] = await bookingsOf(customer.user.id);
    expect([himalayan.seller_id, himalayan.status, himalayan.payment_status]).toEqual(["s_himalayan", "pending", "completed"]);
    expect([wanderlust.seller_id, wanderlust.status, wanderlust.payment_status]).toEqual(["s_wanderlust", "pending", "completed"]);
    expect(himalayan.total + wanderlust.total).toBe(cart.total);
    await followUpsDone(e2e.w);
    const receipt = await e2e.w.api("GET", `/api/dev/outbox?to=${encodeURIComponent(customer.user.email)}`);
    expect(receipt.body.messages.some((m: { subject: string }) => m.subject === `Payment receipt: ${total} paid`)).toBe(true);
    // The cart is empty once paid for.
    await page.goto(`${e2e.origin}/cart`);
    await page.getByText("Your cart is empty.").waitFor();

    // Wanderlust approves in its dashboard.
    const sellerContext = await browser.newContext();
    const seller = await sellerContext.newPage();
    await e2e.signIn(seller, SELLER_A);
    await seller.goto(`${e2e.origin}/seller-dashboard/orders/${wanderlust.id}`);
    await whenHydrated(seller);
    await eventually(() => seller.getByTestId("amount-paid").textContent()).toBe(formatRupees(wanderlust.total));
    await seller.getByRole("button", { name: "Approve", exact: true }).click();
    await seller.getByLabel("Message for the traveller (optional)").fill("Pack a light jacket for the evenings.");
    expect(await answerConfirm(seller, "Approve booking")).toContain("is emailed that the booking");
    await seller.getByText("Booking approved successfully").waitFor();
    await sellerContext.close();

    // Himalayan rejects with a reason.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await e2e.signIn(other, SELLER_B);
    await other.goto(`${e2e.origin}/seller-dashboard/orders/${himalayan.id}`);
    await whenHydrated(other);
    await other.getByRole("button", { name: "Reject" }).click();
    await other.getByLabel("Please provide a reason for rejection:").fill("The Kunzum pass is closed on those dates");
    expect(await answerConfirm(other, "Reject booking")).toContain(`refunded the full ${formatRupees(himalayan.total)} they paid`);
    await other.getByText("Booking rejected").first().waitFor();
    await other.reload();
    await eventually(() => other.getByTestId("amount-refunded").textContent()).toBe(`−${formatRupees(himalayan.total)}`);
    await otherContext.close();

    const [rejected, approved] = await bookingsOf(customer.user.id);
    expect([approved.status, approved.payment_status]).toEqual(["confirmed", "completed"]);
    expect([rejected.status, rejected.payment_status]).toEqual(["rejected", "refunded"]);

    // The customer's side: booking-success and the booking's page show the refund; the email says so.
    // The page the payment's link names, opened again later: the same checkout, now answered (issue 24).
    await page.goto(successPage);
    await page.getByText(`Refund made: ${formatRupees(himalayan.total)}`).waitFor();
    await page.getByText("Message from the travel agent: The Kunzum pass is closed on those dates").waitFor();
    await page.goto(`${e2e.origin}/booking/${rejected.id}`);
    await eventually(() => page.getByTestId("amount-refunded").textContent()).toBe(`−${formatRupees(himalayan.total)}`);
    await page.goto(`${e2e.origin}/booking/${approved.id}`);
    await eventually(() => page.getByTestId("amount-paid").textContent()).toBe(formatRupees(approved.total));
    await eventually(() => page.getByTestId("amount-refunded").count()).toBe(0);
    await followUpsDone(e2e.w);
    const mail = await e2e.w.api("GET", `/api/dev/outbox?to=${encodeURIComponent(customer.user.email)}`);
    const rejection = mail.body.messages.find((m: { subject: string }) => m.subject === `Booking rejected: ${rejected.ref}`);
    expect(rejection?.text).toContain(`${formatRupees(himalayan.total)} has been refunded`);
    const confirmation = mail.body.messages.find((m: { subject: string }) => m.subject === `Booking confirmed: ${approved.ref}`);
    expect(confirmation?.text).toContain("Message from the seller: Pack a light jacket for the evenings.");
    await context.close();
  });
});

describe("a failed payment", () => {
  it("books nothing, says so clearly, and a retry pays for the same cart; a cancellation then refunds it", async () => {
    const customer = await newCustomer(e2e.w, "failpay");
    await fillCart(e2e.w, bearer(customer), ["p_manali"]);
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    await e2e.signIn(page, customer.user.email, { password: customer.password });
    // Issue 22: only the provider's checkout calls our API (its stand-in, failure and confirm); the retry is the page's.
    const apiCalls: string[] = [];
    page.on("request", (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith("/api/")) apiCalls.push(pathname.replace(/py_[^/]+/, ":id"));
    });
    await page.goto(`${e2e.origin}/cart`);
    await whenHydrated(page);
    const total = (await page.locator(".cart-total-figure").textContent()) ?? "";
    await page.getByRole("button", { name: `Pay ${total}` }).click();
    await page.getByRole("dialog", { name: "Test payment" }).getByRole("button", { name: "Decline payment" }).click();

    const alert = page.getByRole("alert").filter({ hasText: "did not go through" });
    await eventually(() => alert.textContent()).toContain("No booking was made and no money was taken.");
    expect(await bookingsOf(customer.user.id)).toEqual([]);
    await eventually(() => page.getByRole("list", { name: "Trips in your cart" }).getByRole("listitem").count()).toBe(1);

    await page.getByRole("button", { name: "Try payment again" }).click();
    await page
      .getByRole("dialog", { name: "Test payment" })
      .getByRole("button", { name: `Pay ${total}` })
      .click();
    await page.waitForURL(/\/booking-success\?payment=py_/);
    await page.getByRole("heading", { level: 1, name: "Request sent" }).waitFor();
    const made = await bookingsOf(customer.user.id);
    expect(made.map((b) => [b.status, b.payment_status])).toEqual([["pending", "completed"]]);
    expect(apiCalls).toEqual([
      "/api/payments/:id/test-pay",
      "/api/payments/:id/failure",
      "/api/payments/:id/test-pay",
      "/api/payments/:id/confirm",
    ]);

    // Cancelling before the seller answers says what comes back, and refunds it all.
    await page.goto(`${e2e.origin}/booking/${made[0].id}`);
    await whenHydrated(page);
    // The refund is stated on the page before Cancel is tapped, and the dialog repeats it.
    const terms = `Cancelling now refunds ${formatRupees(made[0].total)} (the full amount, under the refund policy).`;
    await eventually(() => page.getByTestId("cancel-refund").textContent()).toBe(terms);
    await page.getByRole("button", { name: "Cancel booking" }).click();
    expect(await answerConfirm(page, "Cancel booking")).toContain(terms);
    await page.getByText("Booking cancelled").first().waitFor();
    await page.reload();
    await eventually(() => page.getByTestId("amount-refunded").textContent()).toBe(`−${formatRupees(made[0].total)}`);
    await context.close();
  });
});
