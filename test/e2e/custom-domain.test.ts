import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FALLBACK_ORIGIN, SAAS_BINDINGS, cloudflareSaasStandIn } from "../support/cloudflare-saas-standin";
import { type E2E, startE2E } from "../support/e2e";
import { eventually, whenHydrated } from "../support/page";

/**
 * A seller connects their own domain without anyone's help (ADR 0041): the Worker runs the real Cloudflare for SaaS
 * adapter against the local stand-in of its API, and Chromium maps every *.test host to this machine
 * (test/support/browser.ts), so the domain really is visited.
 */
const standIn = cloudflareSaasStandIn();
const HOST = "trips.example-agency.test";
let e2e: E2E;
let browser: Browser;

beforeAll(async () => {
  e2e = await startE2E({ bindings: SAAS_BINDINGS, outbound: standIn.outbound });
  ({ browser } = e2e);
});
afterAll(() => e2e?.close());

describe("a seller's own domain through Cloudflare for SaaS", () => {
  it("is added, shows its records, goes live on Check now once Cloudflare is done, and serves the site", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await e2e.signIn(page, "owner@himalayan.example");
    await page.goto(`${e2e.origin}/seller-dashboard/website`);
    await whenHydrated(page);
    await page.getByLabel("Add a domain you own").fill(HOST);
    await page.getByRole("button", { name: "Add domain" }).click();

    const card = page.getByTestId("domain").filter({ hasText: HOST });
    const records = card.getByRole("list", { name: `DNS records for ${HOST}` });
    await eventually(() => records.textContent()).toContain(`CNAME ${HOST} → ${FALLBACK_ORIGIN}`);
    const created = [...standIn.hostnames.values()].find((h) => h.hostname === HOST);
    expect(created).toBeDefined();
    await eventually(() => records.textContent()).toContain(`TXT _cf-custom-hostname.${HOST} → ${created?.ownership_verification.value}`);
    await eventually(() => records.textContent()).toContain(
      `TXT _acme-challenge.${HOST} → ${created?.ssl.validation_records[0].txt_value}`,
    );
    expect(await card.getByTestId("domain-status").textContent()).toBe("Pending");
    // The long record values wrap: no sideways scroll on a 360 px phone.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The seller creates the records; Cloudflare sees them and issues the certificate.
    standIn.activate(HOST);
    await card.getByRole("button", { name: `Check now: ${HOST}` }).click();
    await page.getByText(`${HOST} is live`).first().waitFor();
    await eventually(() => card.getByTestId("domain-status").textContent()).toBe("Active");
    await page.getByRole("list", { name: "Website addresses" }).getByRole("link", { name: HOST }).waitFor();

    const site = await page.goto(`http://${HOST}:${e2e.port}/`);
    expect(site?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: /Himalayan/ }).waitFor();
    await context.close();
  });
});
