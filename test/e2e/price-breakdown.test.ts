import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_FEE_PERCENT, DISCOUNT_PERCENT, priceBooking, roundingOf } from "../../worker/domain/bookings/pricing";
import { formatRupees } from "../../worker/shared/format";
import { ASHA, SELLER_A, daysFromNow } from "../support/bookings";
import { type E2E, startE2E } from "../support/e2e";
import { eventually, whenHydrated } from "../support/page";
import { newCustomer } from "../support/security-fixtures";

/**
 * A price a traveller can read (issue 24): the booking form shows every line with a label that keeps to one line at
 * 360 px and a hint where a traveller would ask, the total in whole rupees with the rounding as its own line, and the
 * payment takes exactly that total; the cart, the booking page and the seller's order page say the same.
 */
let e2e: E2E;
let browser: Browser;
beforeAll(async () => {
  e2e = await startE2E();
  ({ browser } = e2e);
});
afterAll(() => e2e?.close());

const narrowPhone = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true };
const WHOLE_RUPEES = /^₹[\d,]+$/;

/** The breakdown's lines as shown, by line: [label, hint, amount]. */
const linesOf = (page: Page, scope = "") =>
  page.evaluate((scope) => {
    const out: Record<string, [string, string, string]> = {};
    for (const dt of document.querySelectorAll<HTMLElement>(`${scope} .price-lines dt[data-line]`)) {
      const key = dt.dataset.line ?? "";
      const dd = dt.nextElementSibling;
      out[key] = [
        dt.querySelector(".price-label")?.textContent ?? "",
        dt.querySelector(".price-hint")?.textContent ?? "",
        dd?.textContent ?? "",
      ];
    }
    return out;
  }, scope);

/** Labels that take more than one line: each label's text laid out, counted by the tops of its line boxes. */
const wrappedLabels = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll(".price-lines .price-label")].flatMap((label) => {
      const range = document.createRange();
      range.selectNodeContents(label);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      return lines > 1 ? [`${label.textContent} (${lines} lines)`] : [];
    }),
  );

/** Options of the room and transport selects whose text is wider than the select leaves for it (arrow aside). */
const clippedOptions = (page: Page) =>
  page.evaluate(() => {
    const ARROW = 24;
    type Select = { clientWidth: number; options: ArrayLike<{ text: string }> };
    const probe = document.createElement("span");
    document.body.appendChild(probe);
    const clipped = [...document.querySelectorAll("#bk-room, #bk-transport")].flatMap((element) => {
      const style = getComputedStyle(element);
      const select = element as unknown as Select;
      const room = select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) - ARROW;
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${style.font}`;
      return Array.from(select.options).flatMap((o) => {
        probe.textContent = o.text;
        return probe.getBoundingClientRect().width > room ? [o.text] : [];
      });
    });
    document.body.removeChild(probe);
    return clipped;
  });

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** What every breakdown must say, whatever the page. */
function expectExplained(lines: Record<string, [string, string, string]>, expected: ReturnType<typeof priceBooking>) {
  expect(lines.base[0]).toBe("Package price");
  expect(lines.base[2]).toBe(formatRupees(expected.basePrice));
  expect(lines.discount[0]).toBe("Discount");
  expect(lines.discount[1]).toContain(`${DISCOUNT_PERCENT}% off the package price`);
  expect(lines.discount[2]).toBe(`−${formatRupees(expected.discount)}`);
  expect(lines.fee[0]).toBe("Booking fee");
  expect(lines.fee[1]).toBe(`Includes GST. ${BOOKING_FEE_PERCENT}% of the package price after discount`);
  expect(lines.fee[2]).toBe(formatRupees(expected.taxes));
  expect(lines.rounding[0]).toBe("Rounding");
  expect(lines.rounding[1]).toContain("to the nearest rupee");
  expect(lines.rounding[2]).toBe(`+${formatRupees(roundingOf(expected))}`);
  expect(lines.total[2]).toBe(formatRupees(expected.total));
  expect(lines.total[2]).toMatch(WHOLE_RUPEES);
}

describe("the booking form's price at 360 px", () => {
  it("explains every line, keeps labels and choices whole, and the payment takes exactly the total shown", async () => {
    const site = `http://wanderlust.localhost:${e2e.port}`;
    const context = await browser.newContext(narrowPhone);
    const page = await context.newPage();
    await e2e.signIn(page, ASHA, { origin: site });
    await page.goto(`${site}/package/p_goa`);
    // The card's price says what it leaves to the form.
    await page.getByText(`per person · ${DISCOUNT_PERCENT}% off, then ${BOOKING_FEE_PERCENT}% booking fee incl. GST at checkout`).waitFor();
    await whenHydrated(page);
    await page.getByRole("button", { name: "Book Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Book Goa Beach Escape" });
    await dialog.waitFor();
    await dialog.getByLabel("Travel start date").fill(daysFromNow(42));
    await dialog.getByLabel("Adults").selectOption("2");
    await dialog.getByLabel("Children").selectOption("1");
    for (const [i, name, age, gender] of [
      [0, "Asha Verma", "34", "female"],
      [1, "Rohan Verma", "36", "male"],
      [2, "Kavya Verma", "8", "female"],
    ] as const) {
      await dialog.locator(`#traveller-${i}-name`).fill(name);
      await dialog.locator(`#traveller-${i}-age`).fill(age);
      await dialog.locator(`#traveller-${i}-gender`).selectOption(gender);
    }
    await dialog.getByLabel("Room type").selectOption("deluxe");
    await dialog.getByLabel("Transport type").selectOption("suv");

    // ₹69,472.81 of lines: the total is ₹69,473, and the 19 paise are a line of their own.
    const expected = priceBooking({
      unitPrice: 1_599_900,
      adults: 2,
      children: 1,
      durationDays: 5,
      roomType: "deluxe",
      transportType: "suv",
    });
    expect(roundingOf(expected)).toBe(19);
    const total = formatRupees(expected.total);
    await eventually(() => dialog.locator("dd.price-total").textContent()).toBe(total);
    const lines = await linesOf(page, ".price-preview");
    expectExplained(lines, expected);
    expect(lines.base[1]).toBe("Per person: ₹15,999 × 3 travellers");
    expect(lines.room).toEqual(["Room upgrade", "Per night, for the room type chosen", formatRupees(expected.roomCharge)]);
    expect(lines.transport).toEqual(["Transport", "Per day, for the transport chosen", formatRupees(expected.transportCharge)]);
    expect(await wrappedLabels(page)).toEqual([]);
    expect(await clippedOptions(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(0);

    // The payment takes the total shown, and the booking stores it.
    await dialog.getByRole("button", { name: `Pay ${total}` }).click();
    const pay = page.getByRole("dialog", { name: "Test payment" });
    await pay.getByRole("button", { name: `Pay ${total}` }).click();
    await page.getByRole("heading", { level: 1, name: "Request sent" }).waitFor();
    const paid = await e2e.w.d1
      .prepare(
        "SELECT b.id, b.total, p.amount FROM bookings b JOIN payment_items i ON i.booking_id = b.id JOIN payments p ON p.id = i.payment_id WHERE b.user_id = 'u_asha' ORDER BY b.created_at DESC LIMIT 1",
      )
      .first<{ id: string; total: number; amount: number }>();
    expect(paid).toMatchObject({ total: expected.total, amount: expected.total });

    // The booking page on the site says the same, in the same words.
    await page.goto(`${site}/booking/${paid?.id}`);
    await page.getByRole("heading", { name: "Pricing" }).waitFor();
    expectExplained(await linesOf(page), expected);
    expect(await wrappedLabels(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(0);
    await context.close();

    // And the seller's order page.
    const sellerContext = await browser.newContext(narrowPhone);
    const seller = await sellerContext.newPage();
    await e2e.signIn(seller, SELLER_A);
    await seller.goto(`${e2e.origin}/seller-dashboard/orders/${paid?.id}`);
    await seller.getByRole("heading", { name: "Pricing" }).waitFor();
    expectExplained(await linesOf(seller), expected);
    expect(await wrappedLabels(seller)).toEqual([]);
    await sellerContext.close();
  });
});

describe("the cart's price", () => {
  it("shows each trip's breakdown without scripts' help and charges the whole-rupee total it shows", async () => {
    const customer = await newCustomer(e2e.w, "pricecart");
    const context = await browser.newContext(narrowPhone);
    const page = await context.newPage();
    await e2e.signIn(page, customer.user.email, { password: customer.password });
    await page.goto(`${e2e.origin}/tour-package/p_goa`);
    await page.getByText(`per person · ${DISCOUNT_PERCENT}% off, then ${BOOKING_FEE_PERCENT}% booking fee incl. GST at checkout`).waitFor();
    await whenHydrated(page);
    await page.getByRole("button", { name: "Add to cart" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Goa Beach Escape" });
    await dialog.getByLabel("Travel start date").fill(daysFromNow(40));
    await dialog.locator("#traveller-0-name").fill("Meera Iyer");
    await dialog.locator("#traveller-0-age").fill("31");
    await dialog.locator("#traveller-0-gender").selectOption("female");
    await dialog.getByRole("button", { name: "Add to cart" }).click();
    await dialog.getByText("Goa Beach Escape is in your cart.").waitFor();

    // One adult at ₹15,999: ₹16,990.94 of lines, ₹16,991 to pay.
    const expected = priceBooking({ unitPrice: 1_599_900, adults: 1, children: 0, durationDays: 5 });
    const total = formatRupees(expected.total);
    expect(total).toBe("₹16,991");
    await page.goto(`${e2e.origin}/cart`);
    await eventually(() => page.locator(".cart-total-figure").textContent()).toBe(total);
    await page.locator("summary", { hasText: "Price breakdown" }).click();
    expectExplained(await linesOf(page), expected);
    expect(await wrappedLabels(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(0);

    await whenHydrated(page);
    await page.getByRole("button", { name: `Pay ${total}` }).click();
    await page
      .getByRole("dialog", { name: "Test payment" })
      .getByRole("button", { name: `Pay ${total}` })
      .click();
    await page.getByRole("heading", { level: 1, name: "Request sent" }).waitFor();
    const payment = await e2e.w.d1
      .prepare("SELECT amount FROM payments WHERE user_id = ? AND status = 'captured'")
      .bind(customer.user.id)
      .first<{ amount: number }>();
    expect(payment?.amount).toBe(expected.total);
    await context.close();
  });
});
