import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser";
import { type TestWorker, startWorker } from "./worker";

export type E2E = { w: TestWorker; browser: Browser; port: string; origin: string; close: () => Promise<void> };

/** The built Worker on a real port with a fresh D1, and a headless Chromium, started together. */
export async function startE2E(): Promise<E2E> {
  const [w, browser] = await Promise.all([startWorker({ port: 0 }), launchBrowser()]);
  const port = w.url.port;
  return {
    w,
    browser,
    port,
    origin: `http://localhost:${port}`,
    close: async () => {
      await browser.close();
      await w.dispose();
    },
  };
}
