import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, startE2E } from "../support/e2e";
import { answerConfirm, eventually, whenHydrated } from "../support/page";

/**
 * Issue 28's third scenario (ADR 0048): the superadmin turns on "new packages need approval" in the panel; a seller's
 * new package shows nowhere (their site, the marketplace) until approved; an edit to its description shows as a diff
 * and goes live only on approval.
 */
let e2e: E2E;
let browser: Browser;
let origin: string;
let seller: Page;
let admin: Page;
const NAME = "Chikmagalur Coffee Hills";
const SITE = "/seller/wanderlust-journeys/website";

beforeAll(async () => {
  e2e = await startE2E();
  ({ browser, origin } = e2e);
  [seller, admin] = await Promise.all([browser.newPage(), browser.newPage()]);
  await Promise.all([e2e.signIn(seller, "owner@wanderlust.example"), e2e.signIn(admin, "admin@tripbazaar.example")]);
});
afterAll(() => e2e?.close());

async function visit(page: Page, path: string) {
  await page.goto(`${origin}${path}`);
  await whenHydrated(page);
}

/** The package's page on the seller's site as a visitor gets it (no session: the edge cache answers when it can). */
async function publicPage(id: string) {
  const res = await e2e.w.request(`${SITE}/package/${id}`);
  return { status: res.status, html: await res.text() };
}

/** The package's page on the marketplace, as a visitor gets it. */
const marketplaceStatus = async (id: string) => (await e2e.w.request(`/tour-package/${id}`)).status;

describe("package moderation in Chromium", () => {
  let id = "";

  it('the superadmin turns on "new packages need approval" in the panel\'s settings', async () => {
    await visit(admin, "/superadmin-panel/settings");
    const box = admin.getByLabel("New packages need approval");
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await admin.getByRole("button", { name: "Save settings" }).click();
    await admin.getByText("Settings saved (1 change)").waitFor();
    expect(await e2e.w.d1.prepare("SELECT packages_need_approval AS on_ FROM platform_settings").first("on_")).toBe(1);
  });

  it("keeps a seller's new package off the site until the superadmin approves it", async () => {
    await visit(seller, "/seller-dashboard/packages/add-package");
    await seller.getByLabel("Package name").fill(NAME);
    await seller.getByLabel("City").fill("Chikmagalur");
    await seller.getByLabel("Duration (days)").fill("3");
    await seller.getByLabel("Description").fill("Estate stays and the Mullayanagiri sunrise.");
    await seller.getByLabel("Price 1 (₹)").fill("14999");
    await seller.getByRole("button", { name: "Save package" }).click();
    await seller.waitForURL(`${origin}/seller-dashboard/packages`);
    const row = seller.getByRole("row", { name: new RegExp(NAME) });
    await row.waitFor();
    id = (await row.getAttribute("data-package-id")) ?? "";
    expect(id).toMatch(/^p_/);
    await seller.getByRole("button", { name: `Publish ${NAME}` }).click();
    await seller.getByText("It shows on your website once Tripbazaar approves it.").first().waitFor();
    await row.getByText("Waiting for review").waitFor();
    expect((await publicPage(id)).status).toBe(404);
    expect(await marketplaceStatus(id)).toBe(404);

    await visit(admin, "/superadmin-panel/seller-packages?state=pending");
    const pending = admin.getByRole("row", { name: new RegExp(NAME) });
    await pending.getByText("Waiting for review").waitFor();
    await admin.getByRole("button", { name: `Approve ${NAME}` }).click();
    expect(await answerConfirm(admin, "Approve")).toContain("it shows on the marketplace and their website at once");
    await admin.getByText("Package approved").first().waitFor();
    await eventually(async () => (await publicPage(id)).status).toBe(200);
    expect((await publicPage(id)).html).toContain("Mullayanagiri sunrise");
    expect(await marketplaceStatus(id)).toBe(200);
  });

  it("shows an edit to its description as a diff, and puts it live only on approval", async () => {
    await visit(seller, `/seller-dashboard/packages/modify-package/${id}`);
    await seller.getByLabel("Description").fill("Estate stays, a coffee tasting and the Mullayanagiri sunrise.");
    await seller.getByRole("button", { name: "Save changes" }).click();
    await seller
      .getByText(/New text and photos show once Tripbazaar approves them/)
      .first()
      .waitFor();
    await seller.waitForURL(`${origin}/seller-dashboard/packages`);
    await seller
      .getByRole("row", { name: new RegExp(NAME) })
      .getByText("Change waiting for review")
      .waitFor();
    expect((await publicPage(id)).html).not.toContain("coffee tasting");

    await visit(admin, "/superadmin-panel/edits");
    const edit = admin.getByRole("article", { name: NAME });
    const change = edit.getByRole("region", { name: "Description change" });
    await eventually(() => change.locator("ins").allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining("a coffee tasting")]),
    );
    // The diff reads at a phone's width: nothing scrolls sideways.
    await admin.setViewportSize({ width: 360, height: 800 });
    await eventually(() => admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await edit.getByRole("button", { name: `Approve ${NAME}` }).click();
    await answerConfirm(admin, "Approve");
    await admin.getByText("Change approved: it is live").first().waitFor();
    await eventually(async () => (await publicPage(id)).html.includes("coffee tasting")).toBe(true);
  });
});
