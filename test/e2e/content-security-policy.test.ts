import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowConsoleErrors, expectConsoleError } from "../support/console-guard";
import { type E2E, startE2E } from "../support/e2e";
import { eventually, whenHydrated } from "../support/page";

let e2e: E2E;
let browser: Browser;
beforeAll(async () => {
  e2e = await startE2E();
  ({ browser } = e2e);
});
afterAll(() => e2e?.close());

/** Every CSP violation a page reports, from the document's own event and from the console. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (m) => /Content Security Policy|Refused to/.test(m.text()) && violations.push(m.text()));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`Refused to: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return violations;
}

describe("the Content-Security-Policy our pages satisfy", () => {
  it("hydrates every kind of page, client navigation included, with no violation", async () => {
    const { origin, port } = e2e;
    const page = await browser.newPage();
    const violations = await watchViolations(page);
    await e2e.signIn(page, "owner@wanderlust.example");
    const pages = [
      `${origin}/`,
      `${origin}/tours/search?q=goa`,
      `${origin}/login`,
      `${origin}/seller-dashboard/orders`,
      `${origin}/seller-dashboard/website`,
      `${origin}/seller/wanderlust-journeys/website`,
      `${origin}/seller/wanderlust-journeys/website/package/all`,
      `http://wanderlust.localhost:${port}/`,
      `http://wanderlust.localhost:${port}/contact`,
    ];
    for (const url of pages) {
      await page.goto(url);
      await whenHydrated(page);
    }
    // A client-side navigation loads route modules lazily, under the same policy.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Packages" }).click();
    await page.waitForURL(`http://wanderlust.localhost:${port}/package/all`);
    expect(violations).toEqual([]);
  });

  it("refuses an injected script that lacks the page's nonce", async () => {
    // Chromium reports the refusal, and watchViolations repeats it, on the console.
    expectConsoleError(/Executing inline script violates the following Content Security Policy directive/);
    allowConsoleErrors(/^Refused to: script-src-elem inline/);
    const page = await browser.newPage();
    const violations = await watchViolations(page);
    await page.goto(`${e2e.origin}/login`);
    await whenHydrated(page);
    const ran = await page.evaluate(() => {
      const s = document.createElement("script");
      s.textContent = "window.__injected = true";
      document.body.appendChild(s);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await eventually(() => violations.length).toBeGreaterThan(0);
  });

  it("cannot be framed by another site", async () => {
    // Chromium may report the refusal in the framing page's console (and the previous test's refused script can
    // arrive late); the proof is the frame itself: it never shows our page.
    allowConsoleErrors(/^Framing '.*' violates the following Content Security Policy directive/, /^Refused to: script-src-elem inline/);
    const page = await browser.newPage();
    // Another site: a page of its own (an opaque origin), with no React of ours running in it.
    const framing = `<!doctype html><title>elsewhere</title><iframe src="${e2e.origin}/login" title="framed"></iframe>`;
    await page.goto(`data:text/html,${encodeURIComponent(framing)}`, { waitUntil: "load" });
    const child = page.frames().find((f) => f !== page.mainFrame());
    if (!child) throw new Error("the iframe was not created");
    // A blocked frame shows the browser's error page instead of ours.
    expect(child.url()).not.toBe(`${e2e.origin}/login`);
    await eventually(() => child.locator("input[type=password]").count()).toBe(0);
  });
});
