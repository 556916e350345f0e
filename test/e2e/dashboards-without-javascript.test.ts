import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, startE2E } from "../support/e2e";
import { eventually } from "../support/page";
import { bearer, latestCode, loginViaApi } from "../support/session";

/**
 * Issue 22, every form works without JavaScript, in the dashboards: the application to sell, the superadmin's
 * review, domains and accounts, and the seller's packages, domains and inbox, each a form posting to its page's
 * action; the page comes back with the answer written in it.
 */
let e2e: E2E;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  e2e = await startE2E();
  ({ browser, origin } = e2e);
});
afterAll(() => e2e?.close());

const PASSWORD = "Sunrise#2026";

/** A page of `email`'s, scripts off. */
async function withoutScripts(email: string, password?: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await e2e.signIn(page, email, { password });
  return page;
}

async function newCustomer(name: string, email: string) {
  const signup = await e2e.w.api("POST", "/api/auth/signup", { name, phone: "+91 90000 33333", email, password: PASSWORD });
  expect(signup.status).toBe(201);
  await e2e.w.api("POST", "/api/auth/verify-otp", { userId: signup.body.userId, otp: await latestCode(e2e.w, email) });
  return signup.body.userId as string;
}

const one = <T>(sql: string, ...params: unknown[]) =>
  e2e.w.d1
    .prepare(sql)
    .bind(...params)
    .first<T>();

describe("applying to sell and the superadmin's review", () => {
  it("applies (a refusal keeps what was typed), is approved, and a second applicant is rejected with a reason", async () => {
    const email = `agent-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const agentId = await newCustomer("Tara Joseph", email);
    const agent = await withoutScripts(email, PASSWORD);
    await agent.goto(`${origin}/user-dashboard`);
    const card = agent.getByRole("region", { name: "Sell your tours on Tripbazaar" });
    await card.getByLabel("Business name*").fill("Malabar Journeys");
    await card.getByLabel("City*").fill("Kozhikode");
    await card.getByRole("button", { name: "Apply to sell" }).click();
    await card.getByText("Enter a valid phone number").waitFor();
    expect(await card.getByLabel("Business name*").inputValue()).toBe("Malabar Journeys");
    await card.getByLabel("Business phone*").fill("+91 98470 55555");
    await card.getByLabel("About your business*").fill("Family holidays along the Malabar coast and in Wayanad.");
    await card.getByRole("button", { name: "Apply to sell" }).click();
    await card.getByText(/Your application for Malabar Journeys is under review/).waitFor();

    const rivalEmail = `rival-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await newCustomer("Ravi Menon", rivalEmail);
    const rival = await loginViaApi(e2e.w, rivalEmail, PASSWORD);
    const body = { businessName: "Backwater Breaks", phone: "+91 98470 66666", city: "Alappuzha", about: "Houseboats and homestays." };
    expect((await e2e.w.api("POST", "/api/seller-requests", body, bearer(rival))).status).toBe(201);

    const admin = await withoutScripts("admin@tripbazaar.example");
    await admin.goto(`${origin}/superadmin-panel/requests`);
    await admin.getByRole("article", { name: "Malabar Journeys" }).getByRole("button", { name: "Approve" }).click();
    await admin.getByText("Malabar Journeys is now a seller").waitFor();
    await admin.getByRole("article", { name: "Malabar Journeys" }).waitFor({ state: "detached" });
    const backwater = admin.getByRole("article", { name: "Backwater Breaks" });
    await backwater.getByLabel("Reason for the applicant*").fill("Please add your tourism licence number.");
    await backwater.getByRole("button", { name: "Reject request" }).click();
    await admin.getByText("Request rejected").waitFor();
    expect(await one("SELECT status, review_note AS note FROM seller_requests WHERE business_name = 'Backwater Breaks'")).toEqual({
      status: "rejected",
      note: "Please add your tourism licence number.",
    });
    expect((await one<{ role: string }>("SELECT role FROM users WHERE id = ?", agentId))?.role).toBe("seller");
    await admin.context().close();

    // The rejected applicant applies again: the button asks for the form.
    const again = await withoutScripts(rivalEmail, PASSWORD);
    await again.goto(`${origin}/user-dashboard`);
    const rivalCard = again.getByRole("region", { name: "Sell your tours on Tripbazaar" });
    await rivalCard.getByText("Reason: Please add your tourism licence number.").waitFor();
    await rivalCard.getByRole("button", { name: "Apply again" }).click();
    await rivalCard.getByLabel("Business name*").waitFor();
    await again.context().close();
    await agent.context().close();
  });
});

describe("domains and accounts", () => {
  it("a seller adds, checks and removes a domain and saves the brand and profile; the superadmin activates the domain and disables an account", async () => {
    const seller = await withoutScripts("owner@himalayan.example");
    await seller.goto(`${origin}/seller-dashboard/website`);
    await seller.getByLabel("Add a domain you own").fill("trails.himalayan.test");
    await seller.getByRole("button", { name: "Add domain" }).click();
    await seller.getByText("Domain added. Create the DNS records shown below, then press Check now.").waitFor();
    await seller.getByLabel("Add a domain you own").fill("spare.himalayan.test");
    await seller.getByRole("button", { name: "Add domain" }).click();
    // Check now is a form too: the offline Cloudflare service reports it active, and it is live.
    await seller.getByRole("button", { name: "Check now: spare.himalayan.test" }).click();
    await seller.getByText("spare.himalayan.test is live").first().waitFor();
    expect((await e2e.w.request("/", { host: "spare.himalayan.test" })).status).toBe(200);
    await seller.getByRole("button", { name: "Remove spare.himalayan.test" }).click();
    await seller.getByText("Domain removed").waitFor();
    await eventually(() => seller.getByTestId("domain").count()).toBe(1);

    // The brand and the public profile (an empty image field clears the image, as the page's script sends it).
    await seller.getByLabel("Website name").fill("Himalayan Trails & Treks");
    await seller.getByRole("button", { name: "Save brand" }).click();
    await seller.getByText("Website settings saved").waitFor();
    expect(await (await e2e.w.request("/seller/himalayan-trails/website")).text()).toContain("Himalayan Trails &amp; Treks");
    await seller.getByLabel("About your business").fill("Treks in Ladakh and Spiti since 2011.");
    await seller.getByLabel("Opening hours").fill("Mon–Sat 10:00–19:00");
    await seller.getByRole("button", { name: "Save profile" }).click();
    await seller.getByText("Profile saved").waitFor();
    expect(await one("SELECT bio, hours FROM sellers WHERE id = 's_himalayan'")).toEqual({
      bio: "Treks in Ladakh and Spiti since 2011.",
      hours: "Mon–Sat 10:00–19:00",
    });
    // The seller's site states exactly those hours (issue 24).
    expect(await (await e2e.w.request("/seller/himalayan-trails/website/contact")).text()).toContain("Mon–Sat 10:00–19:00");

    const email = `spammer-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await newCustomer("Spam Account", email);
    const admin = await withoutScripts("admin@tripbazaar.example");
    await admin.goto(`${origin}/superadmin-panel/domains`);
    await admin.getByRole("button", { name: "Activate trails.himalayan.test" }).click();
    await admin.getByText("trails.himalayan.test is active").waitFor();
    expect(await (await e2e.w.request("/", { host: "trails.himalayan.test" })).text()).toContain("Himalayan Trails");

    await admin.goto(`${origin}/superadmin-panel/users`);
    await admin.getByLabel("Name or email").fill("spammer-");
    await admin.getByRole("button", { name: "Search" }).click();
    const row = admin.getByRole("row", { name: /Spam Account/ });
    await row.getByRole("button", { name: "Disable Spam Account" }).click();
    await admin.getByText("Account disabled").waitFor();
    await row.getByRole("button", { name: "Enable Spam Account" }).waitFor();
    expect((await e2e.w.api("POST", "/api/auth/login", { email, password: PASSWORD })).status).toBe(401);
    await admin.context().close();
    await seller.context().close();
  });
});

describe("the seller's packages and inbox", () => {
  it("unpublishes and publishes a package, is told a booked one cannot be deleted, and marks a message read", async () => {
    const seller = await withoutScripts("owner@wanderlust.example");
    await seller.goto(`${origin}/seller-dashboard/packages`);
    const goa = seller.locator('tr[data-package-id="p_goa"]');
    await goa.getByRole("button", { name: "Unpublish Goa Beach Escape" }).click();
    await eventually(() => goa.getByText("Draft").count()).toBe(1);
    expect((await one<{ status: string }>("SELECT status FROM packages WHERE id = 'p_goa'"))?.status).toBe("draft");
    await goa.getByRole("button", { name: "Publish Goa Beach Escape" }).click();
    await eventually(() => goa.getByText("Published").count()).toBe(1);
    await goa.getByRole("button", { name: "Delete Goa Beach Escape" }).click();
    await seller.getByRole("alert").filter({ hasText: "This package has bookings, so it cannot be deleted." }).waitFor();
    expect((await one<{ n: number }>("SELECT COUNT(*) AS n FROM packages WHERE id = 'p_goa'"))?.n).toBe(1);

    // The inbox's filters are a GET form too; a message marked read leaves the Unread list.
    await seller.goto(`${origin}/seller-dashboard/messages`);
    await seller.getByRole("button", { name: "Unread", exact: true }).click();
    await seller.waitForURL(`${origin}/seller-dashboard/messages?status=new`);
    const message = seller.getByRole("article", { name: /Honeymoon in Kerala/ });
    await message.getByRole("button", { name: "Mark as read" }).click();
    await seller.getByText("Marked as read").waitFor();
    await message.waitFor({ state: "detached" });
    expect((await one<{ status: string }>("SELECT status FROM contact_messages WHERE id = 'msg_seed_1'"))?.status).toBe("read");
    await seller.getByRole("button", { name: "All", exact: true }).click();
    await message.getByRole("button", { name: "Mark as unread" }).waitFor();
    await seller.context().close();
  });
});

describe("a refund that needs attention", () => {
  it("is listed with the provider's reason on a phone, and Retry refund without scripts makes it", async () => {
    // bk_w4 (paid, confirmed) gets a refund the provider refused on all three tries.
    await e2e.w.d1
      .prepare(
        `INSERT INTO refunds (id, payment_id, booking_id, seller_id, amount, reason, status, failure_reason, attempts, created_at)
         SELECT 'rf_bk_w4', payment_id, booking_id, seller_id, amount, 'cancelled', 'attention', ?, 3, strftime('%Y-%m-%dT%H:%M:%fZ','now')
         FROM payment_items WHERE booking_id = 'bk_w4'`,
      )
      .bind("The payment has been fully refunded already, or the refund amount exceeds what is left")
      .run();
    const admin = await withoutScripts("admin@tripbazaar.example");
    await admin.setViewportSize({ width: 360, height: 780 });
    await admin.goto(`${origin}/superadmin-panel/refunds`);
    await admin.getByText("The payment has been fully refunded already, or the refund amount exceeds what is left").waitFor();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await admin.getByRole("button", { name: "Retry refund of bk_w4" }).click();
    await admin.getByText("The refund is made").waitFor();
    await admin.getByText("No refund needs attention.").waitFor();
    expect(await one("SELECT status, attempts FROM refunds WHERE id = 'rf_bk_w4'")).toEqual({ status: "processed", attempts: 3 });
    await admin.context().close();
  });
});
