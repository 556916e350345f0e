import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";

/**
 * A new page that records uncaught errors; `goto` waits until React has hydrated. With `clock`, the page's clock
 * (Date, timers, animation frames) is Playwright's from the first document on: it runs as usual until the test
 * stops it (`stopClock`), and from then on moves only when the test moves it.
 */
export async function openPage(
  browser: Browser,
  url: string,
  options: { clock?: boolean } = {},
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  if (options.clock) await page.clock.install();
  await page.goto(url);
  await whenHydrated(page);
  return { page, errors };
}

/**
 * Waits until React has hydrated the page's document (the app sets `html[data-hydrated]`), following the page when
 * it moves to another document meanwhile. A script of the page's own world watches the attribute: Playwright's
 * `waitForSelector` would first load its selector engine into every new document, which cost Chromium and Node
 * about a fifth of a page load's CPU when nothing else in the test needs it (ADR 0058).
 */
export async function whenHydrated(page: Page, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const hydrated = await page.evaluate(
        (ms) =>
          new Promise<boolean>((resolve) => {
            const html = document.documentElement;
            if (html.hasAttribute("data-hydrated")) return resolve(true);
            const watch = new MutationObserver(() => {
              if (!html.hasAttribute("data-hydrated")) return;
              watch.disconnect();
              resolve(true);
            });
            watch.observe(html, { attributes: true, attributeFilter: ["data-hydrated"] });
            setTimeout(() => resolve(html.hasAttribute("data-hydrated")), ms);
          }),
        Math.max(0, until - Date.now()),
      );
      if (hydrated) return;
      throw new Error(`the page at ${page.url()} did not hydrate within ${timeoutMs} ms`);
    } catch (error) {
      // The document was replaced while it was watched: watch the next one.
      if (Date.now() >= until || !/context was destroyed|navigat/i.test(String(error))) throw error;
      await page.waitForLoadState("domcontentloaded");
    }
  }
}

/**
 * Stops the clock of a page opened with `{ clock: true }`: no timer fires again until the test calls
 * `page.clock.fastForward` or `runFor`, or `page.clock.resume()` (which a new document needs to hydrate: its
 * scripts start from an animation frame). It stops a minute ahead of the page's time, so timers already due
 * by then (a toast's) have fired, and it never has to go back in time.
 */
export async function stopClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 60_000);
}

/**
 * Reads what the page shows until the assertion holds or 10 s have passed: `expect.poll` with the patience of a
 * browser on a busy 2-core machine (its own default is 1 s). For a state reached after an action or a navigation:
 * `await eventually(() => rows.count()).toBe(2)`.
 */
export const eventually = <T>(read: () => T | Promise<T>, message?: string) => expect.poll(read, { timeout: 10_000, message });

/**
 * The confirm dialog (app/components/ui/confirm-dialog.tsx) a decision opened: waits for it, clicks `button` in it
 * (its confirm or its cancel) and waits for it to close. Answers the dialog's text, title and consequence.
 */
export async function answerConfirm(page: Page, button: string) {
  const dialog = page.getByTestId("confirm-dialog");
  await dialog.waitFor();
  const text = (await dialog.textContent()) ?? "";
  await dialog.getByRole("button", { name: button, exact: true }).click();
  await dialog.waitFor({ state: "detached" });
  return text;
}
