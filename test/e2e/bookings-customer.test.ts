import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatRupees } from "../../worker/shared/format";
import { priceBooking, toNearestRupee } from "../../worker/domain/bookings/pricing";
import { daysFromNow } from "../support/bookings";
import { type E2E, startE2E } from "../support/e2e";
import { answerConfirm, eventually, whenHydrated } from "../support/page";
import type { TestWorker } from "../support/worker";

let e2e: E2E;
let w: TestWorker;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  e2e = await startE2E();
  ({ w, browser } = e2e);
  origin = e2e.origin;
});
afterAll(() => e2e?.close());

const countAshaBookings = async () =>
  (await w.d1.prepare("SELECT count(*) AS n FROM bookings WHERE user_id = 'u_asha'").first<{ n: number }>())?.n ?? 0;

describe("Asha's dashboard on the main site", () => {
  it("shows real stats and bookings, and cancels a pending booking after confirming", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await e2e.signIn(page, "asha@example.com");
    await page.goto(`${origin}/user-dashboard`);
    await page.getByText("Active Bookings").waitFor();
    const tiles = page.locator(".tile");
    // Pending with a future date: bk_w1, bk_w2, bk_w3, bk_h1; completed: bk_w4 (confirmed, in the past).
    await eventually(() => tiles.nth(0).textContent()).toBe("4Active Bookings");
    await eventually(() => tiles.nth(1).textContent()).toBe("1Completed Trips");
    const savings = await w.d1.prepare("SELECT discount FROM bookings WHERE id = 'bk_w4'").first<{ discount: number }>();
    // The discount on her one confirmed booking, in whole rupees, with what it sums.
    const saved = toNearestRupee(savings?.discount ?? -1);
    expect(saved % 100).toBe(0);
    await eventually(() => tiles.nth(2).textContent()).toBe(
      `${formatRupees(saved)}Total SavingsThe discounts on your confirmed bookings, student discounts included`,
    );

    await page.goto(`${origin}/user-dashboard/bookings`);
    const item = page.locator(`[data-booking="${w.seed.bookings.bk_w3.ref}"]`);
    await item.waitFor();
    await item.getByText("Royal Jaipur Heritage").waitFor();
    // The confirmation is the script's: before hydration Cancel is a plain form post (it works without scripts).
    await whenHydrated(page);
    await item.getByRole("button", { name: /Cancel/ }).click();
    await answerConfirm(page, "Keep booking");
    await eventually(() => item.locator(".badge").textContent()).toBe("Pending");
    await item.getByRole("button", { name: /Cancel/ }).click();
    await answerConfirm(page, "Cancel booking");
    await item.locator(".badge-cancelled").waitFor();
    const row = await w.d1.prepare("SELECT status FROM bookings WHERE id = 'bk_w3'").first<{ status: string }>();
    expect(row?.status).toBe("cancelled");

    await page.getByRole("link", { name: w.seed.bookings.bk_w1.ref }).click();
    await page.waitForURL(`${origin}/booking/${e2e.w.seed.bookings.bk_w1.ref}`);
    await eventually(() => page.getByTestId("booking-status").textContent()).toBe("Pending");
    await page.getByRole("button", { name: "Cancel booking" }).waitFor();
    await context.close();
  });
});

// The package page that renders <BookingRequestForm> comes from the seller-site branch (issue #4).
describe("Book Now on the seller's site", () => {
  const packagePath = "/seller/wanderlust-journeys/website/package/p_goa";

  it("lets a signed-out visitor fill the form, then sends them to the site's login with the way back to it as filled", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}${packagePath}`);
    await whenHydrated(page);
    await page.getByRole("button", { name: "Book Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Book Goa Beach Escape" });
    await dialog.getByTestId("guest-note").waitFor();
    await dialog.getByLabel("Travel start date").fill(daysFromNow(45));
    await dialog.locator("#traveller-0-name").fill("Dev Malhotra");
    await dialog.locator("#traveller-0-age").fill("41");
    await dialog.locator("#traveller-0-gender").selectOption("male");
    await dialog.getByRole("button", { name: /^Sign in to pay ₹/ }).click();
    // The form's own address is the package page's `?book=1`, with what was chosen: the login comes back to it.
    await page.waitForURL((url) => url.pathname === "/seller/wanderlust-journeys/website/login");
    const back = new URL(new URL(page.url()).searchParams.get("redirect") ?? "", origin);
    expect(back.pathname).toBe(packagePath);
    expect([back.searchParams.get("book"), back.searchParams.get("travellers.0.fullName")]).toEqual(["1", "Dev Malhotra"]);
    expect(back.searchParams.get("intent")).toBeNull();
    await context.close();
  });

  it("books a package as Asha; a double click makes one booking, which the seller sees as pending", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await e2e.signIn(page, "asha@example.com");
    await page.goto(`${origin}${packagePath}`);
    await whenHydrated(page);
    await page.getByRole("button", { name: "Book Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Book Goa Beach Escape" });
    await dialog.waitFor();

    await dialog.getByLabel("Travel start date").fill(daysFromNow(45));
    await dialog.getByLabel("Adults").selectOption("2");
    await dialog.getByLabel("Children").selectOption("1");
    const traveller = async (i: number, name: string, age: string, gender: string) => {
      await dialog.locator(`#traveller-${i}-name`).fill(name);
      await dialog.locator(`#traveller-${i}-age`).fill(age);
      await dialog.locator(`#traveller-${i}-gender`).selectOption(gender);
    };
    await traveller(0, "Asha Verma", "34", "female");
    await traveller(1, "Rohan Verma", "36", "male");
    await traveller(2, "Kavya Verma", "8", "female");
    await dialog.getByLabel("Room type").selectOption("deluxe");
    await dialog.getByLabel("Transport type").selectOption("suv");
    await dialog.getByLabel("Special requests").fill("A cot for our daughter");

    const expected = priceBooking({
      unitPrice: 1_599_900,
      adults: 2,
      children: 1,
      durationDays: 5,
      roomType: "deluxe",
      transportType: "suv",
    });
    await eventually(() => dialog.locator(".price-total").last().textContent()).toBe(formatRupees(expected.total));

    const before = await countAshaBookings();
    // Book Now pays at once (ADR 0029); a double click starts one checkout, and the test provider's page takes the money.
    await dialog.getByRole("button", { name: `Pay ${formatRupees(expected.total)}` }).dblclick();
    const pay = page.getByRole("dialog", { name: "Test payment" });
    await pay.getByRole("button", { name: `Pay ${formatRupees(expected.total)}` }).click();
    // Paid: the checkout's own page on the seller's site, "Request sent" until the agent answers (issue 24).
    await page.waitForURL(/\/seller\/wanderlust-journeys\/website\/booking-success\?payment=py_/);
    await page.getByRole("heading", { level: 1, name: "Request sent" }).waitFor();
    expect(await countAshaBookings()).toBe(before + 1);
    const stored = await w.d1
      .prepare(
        "SELECT b.id, b.booking_ref AS ref, b.total, b.status, b.payment_status FROM bookings b JOIN users u ON u.id = b.user_id WHERE u.email = ? ORDER BY b.created_at DESC LIMIT 1",
      )
      .bind("asha@example.com")
      .first<{ id: string; ref: string; total: number; status: string; payment_status: string }>();
    expect(stored).toMatchObject({ total: expected.total, status: "pending", payment_status: "completed" });
    const ref = stored?.ref ?? "";
    expect(ref).toMatch(/^TB-\d{4}-\d{6}$/);
    await eventually(() => page.getByRole("link", { name: "View booking" }).getAttribute("href")).toBe(
      `/seller/wanderlust-journeys/website/booking/${ref}`,
    );
    // A reload keeps it.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Request sent" }).waitFor();
    await page.getByTestId("success-ref").getByText(ref).waitFor();
    expect(errors).toEqual([]);
    await context.close();

    const sellerContext = await browser.newContext();
    const seller = await sellerContext.newPage();
    await e2e.signIn(seller, "owner@wanderlust.example");
    await seller.goto(`${origin}/seller-dashboard/orders`);
    const row = seller.locator("tbody tr").first();
    await row.getByRole("link", { name: ref }).waitFor();
    await eventually(() => row.locator('[data-label="Payment"]').textContent()).toBe("Completed");
    await eventually(() => row.locator(".badge").textContent()).toBe("Pending");
    await sellerContext.close();
  });
});
