import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatRupees } from "../../worker/shared/format";
import { daysFromNow } from "../support/bookings";
import { type E2E, startE2E } from "../support/e2e";
import { eventually, whenHydrated } from "../support/page";
import { payAndConfirm, startCheckout } from "../support/payments";
import { sendPageAction } from "../support/page-action";
import { newCustomer } from "../support/security-fixtures";
import { bearer } from "../support/session";

/**
 * Issue 27: the superadmin reads the platform ledger on a phone: a flight paid a moment ago is in its tiles, its chart
 * and its table; the travel-kind filter narrows it; nothing scrolls sideways.
 */
let e2e: E2E;
let browser: Browser;
let paid = 0;
let ref = "";
beforeAll(async () => {
  e2e = await startE2E();
  ({ browser } = e2e);
  const w = e2e.w;
  const traveller = await newCustomer(w, "ledger-e2e");
  const search = await w.api("POST", "/api/flights/search", {
    origin: "BLR",
    destination: "MAA",
    departureDate: daysFromNow(25),
    passengers: { adults: 1, children: 0, infants: 0 },
  });
  const offer = search.body.data.offers[0] as { id: string };
  const added = await sendPageAction(
    w,
    "/cart",
    { intent: "add-offer", offerId: offer.id, "travellers[0].title": "Ms", "travellers[0].name": "Kavya Rao", "travellers[0].age": "29" },
    { cookie: `tb_session=${encodeURIComponent(traveller.token)}` },
  );
  expect(added.redirect).toBe("/cart");
  const session = await startCheckout(w, bearer(traveller));
  await payAndConfirm(w, bearer(traveller), session.paymentId);
  paid = session.amount;
  const row = await w.d1
    .prepare("SELECT booking_ref FROM travel_bookings WHERE payment_id = ?")
    .bind(session.paymentId)
    .first<{ booking_ref: string }>();
  ref = row?.booking_ref ?? "";
});
afterAll(() => e2e?.close());

describe("the platform ledger on a phone", () => {
  it("shows the flight's payment in the tiles, chart and table, and filters by travel kind", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await e2e.signIn(page, "admin@tripbazaar.example");
    await page.goto(`${e2e.origin}/superadmin-panel/ledger`);
    await whenHydrated(page);
    await page.getByRole("heading", { name: "Platform ledger", level: 1 }).waitFor();
    // The flight paid now and the seed's (Asha's, sold by the platform days ago) add up under Flights.
    const seeded = await e2e.w.d1
      .prepare("SELECT coalesce(sum(amount), 0) AS n FROM travel_bookings WHERE id LIKE 'bk_trip_%' AND kind = 'flight'")
      .first<{ n: number }>();
    await page.getByRole("row", { name: new RegExp(`Flights ${formatRupees(paid + (seeded?.n ?? 0))}`) }).waitFor();
    await page.getByText(ref).first().waitFor();
    expect(await page.locator("svg.ledger-svg rect.ledger-svg-received").count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    // Stays only: the flight leaves the table, and the address carries the filter.
    await page.getByLabel("Travel", { exact: true }).selectOption("hotel");
    await page.getByRole("button", { name: "Apply" }).click();
    await eventually(() => page.evaluate(() => location.search)).toBe("?kind=hotel");
    const stay = await e2e.w.d1
      .prepare("SELECT booking_ref AS ref FROM travel_bookings WHERE id LIKE 'bk_trip_%' AND kind = 'hotel'")
      .first<{ ref: string }>();
    await page
      .getByText(stay?.ref ?? "no seeded stay")
      .first()
      .waitFor();
    expect(await page.getByText(ref).count()).toBe(0);
    await context.close();
  });
});
