import type { Browser, Page } from "playwright-core";

/** A new page that records uncaught errors; `goto` waits until React has hydrated. */
export async function openPage(browser: Browser, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector("html[data-hydrated]");
  return { page, errors };
}
