import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceBooking } from "../../worker/domain/bookings/pricing";
import { formatRupees } from "../../worker/shared/format";
import { ADMIN, daysFromNow } from "../support/bookings";
import { type E2E, startE2E } from "../support/e2e";
import { eventually, whenHydrated } from "../support/page";
import { newCustomer } from "../support/security-fixtures";

/**
 * Issue 28's second journey: a traveller uploads a student ID, the superadmin approves it, and the traveller's next
 * booking of a package whose seller offers the student discount shows it as its own line; the server charges exactly
 * the total shown.
 */
let e2e: E2E;
let browser: Browser;
beforeAll(async () => {
  e2e = await startE2E();
  ({ browser } = e2e);
});
afterAll(() => e2e?.close());

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAOUlEQVR4AayNwQkAMAgDxWEKXaT/0kE6o9O4hfoN+fgxcI9AyOk6LxH/NxGVJgMD2yEIGwcUfMm9AAAA//9tSBROAAAABklEQVQDAJQ8GUEz6tl3AAAAAElFTkSuQmCC",
  "base64",
);

describe("a student's discount", () => {
  it("is verified from an uploaded student ID and shows as its own line in the next booking, which charges that total", async () => {
    const student = await newCustomer(e2e.w, "student");
    const context = await browser.newContext();
    const page = await context.newPage();
    await e2e.signIn(page, student.user.email, { password: student.password });

    // The traveller sends their student ID.
    await page.goto(`${e2e.origin}/user-dashboard/verify-student`);
    await page.getByTestId("student-status").and(page.locator("[data-status=none]")).waitFor();
    await page.getByLabel("School, college or university").fill("Delhi University");
    await page.getByLabel("Course end date").fill(daysFromNow(300));
    await page.getByLabel("Student ID or enrolment letter").setInputFiles({ name: "student-id.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Send for review" }).click();
    await page.locator("[data-testid=student-status][data-status=pending]").waitFor();

    // The superadmin sees it, opens the document and approves it.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await e2e.signIn(admin, ADMIN);
    await admin.goto(`${e2e.origin}/superadmin-panel/students`);
    const card = admin.getByTestId("student-request").filter({ hasText: student.user.email });
    await card.getByText("Delhi University").waitFor();
    const documentUrl = await card.getByRole("link", { name: /Open the document/ }).getAttribute("href");
    const document = await admin.request.get(`${e2e.origin}${documentUrl}`);
    expect(document.status()).toBe(200);
    expect(document.headers()["content-type"]).toBe("image/png");
    await card.getByRole("button", { name: /^Approve/ }).click();
    await admin.getByText("Student verified; they have been emailed").waitFor();
    await adminContext.close();

    await page.goto(`${e2e.origin}/user-dashboard/verify-student`);
    await page.locator("[data-testid=student-status][data-status=verified]").waitFor();

    // Their next booking of an opted-in package, on the seller's site.
    const site = `http://wanderlust.localhost:${e2e.port}`;
    await e2e.signIn(page, student.user.email, { origin: site, password: student.password });
    await page.goto(`${site}/package/p_jaipur`);
    await whenHydrated(page);
    await page.getByRole("button", { name: "Book Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Book Royal Jaipur Heritage" });
    await dialog.waitFor();
    await dialog.getByLabel("Travel start date").fill(daysFromNow(45));
    await dialog.locator("#traveller-0-name").fill("Priya Student");
    await dialog.locator("#traveller-0-age").fill("21");
    await dialog.locator("#traveller-0-gender").selectOption("female");

    const expected = priceBooking({ unitPrice: 12_499_00, adults: 1, children: 0, durationDays: 4, studentDiscountPercent: 5 });
    expect(expected.studentDiscount).toBeGreaterThan(0);
    const total = formatRupees(expected.total);
    await eventually(() => dialog.locator("dd.price-total").textContent()).toBe(total);
    await expect(dialog.locator("dt[data-line=student] .price-label").textContent()).resolves.toBe("Student discount");
    await expect(dialog.locator("dd[data-line=student]").textContent()).resolves.toBe(`−${formatRupees(expected.studentDiscount ?? 0)}`);

    await dialog.getByRole("button", { name: `Pay ${total}` }).click();
    const pay = page.getByRole("dialog", { name: "Test payment" });
    await pay.getByRole("button", { name: `Pay ${total}` }).click();
    await page.getByRole("heading", { level: 1, name: "Request sent" }).waitFor();

    // The server's booking and payment hold the same total and keep the discount.
    const paid = await e2e.w.d1
      .prepare(
        "SELECT b.id, b.total, b.student_discount, p.amount FROM bookings b JOIN payment_items i ON i.booking_id = b.id JOIN payments p ON p.id = i.payment_id WHERE b.user_id = ? ORDER BY b.created_at DESC LIMIT 1",
      )
      .bind(student.user.id)
      .first<{ id: string; total: number; student_discount: number; amount: number }>();
    expect(paid).toMatchObject({ total: expected.total, amount: expected.total, student_discount: expected.studentDiscount });

    await page.goto(`${site}/booking/${paid?.id}`);
    await page.getByRole("heading", { name: "Pricing" }).waitFor();
    await expect(page.locator("dd[data-line=student]").textContent()).resolves.toBe(`−${formatRupees(expected.studentDiscount ?? 0)}`);
    await expect(page.locator("dd.price-total").textContent()).resolves.toBe(total);
    await context.close();
  });
});
