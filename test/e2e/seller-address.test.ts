import type { Browser } from "playwright-core";
import { whenHydrated } from "../support/page";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, startE2E } from "../support/e2e";
import { bearer, latestCode, loginViaApi } from "../support/session";

/** The seller's website address in Settings (ADR 0040), in Chromium: without scripts and with them. */
let e2e: E2E;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  e2e = await startE2E();
  ({ browser, origin } = e2e);
});
afterAll(() => e2e?.close());

const PASSWORD = "Sunrise#2026";

/** A new seller through signup, application and approval; their email and slug. */
async function newSeller(businessName: string) {
  const { w } = e2e;
  const email = `address-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const signup = await w.api("POST", "/api/auth/signup", { name: "Meera Iyer", phone: "+91 90000 33333", email, password: PASSWORD });
  const ok = await w.api("POST", "/api/auth/verify-otp", { userId: signup.body.userId, otp: await latestCode(w, email) });
  const application = { businessName, phone: "+91 98000 12345", city: "Leh", about: "Treks and road trips in the high Himalaya." };
  const applied = await w.api("POST", "/api/seller-requests", application, bearer(ok.body));
  const admin = await loginViaApi(w, "admin@tripbazaar.example");
  expect((await w.api("POST", `/api/superadmin/seller-requests/${applied.body.request.id}/approve`, undefined, bearer(admin))).status).toBe(
    200,
  );
  return { email, id: signup.body.userId as string };
}

describe("the website address card", () => {
  it("without scripts, refuses a bad address keeping what was typed, then changes it once", async () => {
    const seller = await newSeller("Changthang Camps");
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await e2e.signIn(page, seller.email, { password: PASSWORD });
    await page.goto(`${origin}/seller-dashboard/settings`);
    const card = page.getByRole("region", { name: "Website address" });
    await card.getByRole("link", { name: /\/seller\/changthang-camps(-\d+)?\/website/ }).waitFor();
    await card.getByLabel("New address").fill("-camps");
    await card.getByRole("button", { name: "Change address" }).click();
    await card.getByText("The address cannot start or end with a hyphen").waitFor();
    expect(await card.getByLabel("New address").inputValue()).toBe("-camps");
    expect(await card.getByLabel("New address").getAttribute("aria-invalid")).toBe("true");
    // No sideways scroll at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    await card.getByLabel("New address").fill("changthang-nomad-camps");
    await card.getByRole("button", { name: "Change address" }).click();
    await card.getByText("Your website address is now /seller/changthang-nomad-camps/website. The old address leads there.").waitFor();
    await card.getByText("It cannot be changed again.").waitFor();
    expect(await card.getByRole("button", { name: "Change address" }).count()).toBe(0);

    // The old address and the one by id lead to the new one.
    for (const old of [`/seller/changthang-camps/website/about`, `/seller/${seller.id}/website/about`]) {
      await page.goto(`${origin}${old}`);
      expect(page.url()).toBe(`${origin}/seller/changthang-nomad-camps/website/about`);
    }
    await context.close();
  });

  it("with scripts, changes it with a toast and shows the new address at once", async () => {
    const seller = await newSeller("Pangong Stays");
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await e2e.signIn(page, seller.email, { password: PASSWORD });
    await page.goto(`${origin}/seller-dashboard/settings`);
    await whenHydrated(page);
    const card = page.getByRole("region", { name: "Website address" });
    await card.getByLabel("New address").fill("wanderlust-journeys");
    await card.getByRole("button", { name: "Change address" }).click();
    await card.getByText("That address is taken. Please choose another.").waitFor();
    await card.getByLabel("New address").fill("pangong-lake-stays");
    await card.getByRole("button", { name: "Change address" }).click();
    await page.getByText("Your website address is now /seller/pangong-lake-stays/website. The old address leads there.").first().waitFor();
    await card.getByRole("link", { name: "/seller/pangong-lake-stays/website" }).waitFor();
    await card.getByText("It cannot be changed again.").waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
