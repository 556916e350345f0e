import type { Browser, BrowserContext, Page } from "playwright-core";
import { sharedBrowser } from "./browser";
import { reportConsoleError } from "./console-guard";
import { signInBrowser } from "./session";
import { startWorker } from "./worker";

export type E2E = Awaited<ReturnType<typeof startE2E>>;

/**
 * The built Worker on a real port with a fresh in-memory D1, and the worker's headless Chromium (sharedBrowser),
 * started together. Nothing is shared with another file (own workerd, own port, own D1, own browser contexts, closed
 * with the file), so e2e files run in parallel, and one after another in the same vitest worker.
 */
export async function startE2E(worker: Omit<Parameters<typeof startWorker>[0] & {}, "port"> = {}) {
  const [w, browser] = await Promise.all([startWorker({ ...worker, port: 0, assets: true }), sharedBrowser()]);
  watchConsoleErrors(browser);
  // Whatever a previous file of this worker left open (it failed before its close) goes first.
  await closeContexts();
  const port = w.url.port;
  const origin = `http://localhost:${port}`;
  return {
    w,
    browser: browser as Browser,
    port,
    origin,
    /**
     * The login fixture: signs `page` in as `email` (a seeded account unless `password` is given) on `origin`
     * (this worker's main site unless given, e.g. `http://wanderlust.localhost:PORT`), with the session cookie
     * and the stored token and user exactly as a real login leaves them. The page is left on a blank
     * same-origin response; navigate where you need next.
     */
    signIn: (page: Page, email: string, options: { origin?: string; password?: string } = {}) =>
      signInBrowser(page, w, options.origin ?? origin, email, options.password),
    close: async () => {
      await closeContexts();
      await w.dispose();
    },
  };
}

/** Chromium's own line for every 4xx/5xx answer; tests ask for those on purpose and assert the answer itself. */
const FAILED_RESOURCE = /^Failed to load resource: /;

/** The contexts the running file opened (directly, or through `browser.newPage()`), closed when it ends. */
const opened = new Set<BrowserContext>();
const watched = new WeakSet<Browser>();

async function closeContexts() {
  const contexts = [...opened];
  opened.clear();
  await Promise.all(contexts.map((context) => context.close().catch(() => {})));
}

/**
 * A console.error in any page of `browser` counts against the running test like one in the test or the Worker
 * (test/support/console-guard.ts). Every context is watched, including the one `browser.newPage()` makes, and
 * remembered so that the file's end closes it.
 */
function watchConsoleErrors(browser: Browser) {
  if (watched.has(browser)) return;
  watched.add(browser);
  const newContext = browser.newContext.bind(browser);
  const watch = (context: BrowserContext) =>
    context.on("console", (m) => {
      if (m.type() === "error" && !FAILED_RESOURCE.test(m.text())) reportConsoleError("browser", [m.text()]);
    });
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    watch(context);
    opened.add(context);
    context.on("close", () => opened.delete(context));
    return context;
  };
}
