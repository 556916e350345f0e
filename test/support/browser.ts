import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/**
 * Debian's old headless shell when installed (`chromium-headless-shell`, what Playwright itself runs headless): the
 * same Blink without the full browser around it, about a fifth less CPU per page than `chromium --headless`.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}; run \`apt-get install -y chromium\`.`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-quic",
      "--disable-sync",
      // One renderer process for all of a worker's tabs, whatever their site: the tests' many short contexts no
      // longer start and tear down a process each (about a seventh less CPU on 2 cores). Tabs share nothing else.
      "--renderer-process-limit=1",
      "--disable-site-isolation-trials",
      "--host-resolver-rules=MAP *.test 127.0.0.1",
    ],
  });
}

let shared: Promise<Browser> | null = null;

/**
 * One Chromium for every end-to-end file this vitest worker runs (the e2e project does not isolate its files), started
 * on first use and ended with the worker. Files share nothing through it: each makes its own contexts (own cookies,
 * storage and cache) and closes them when it ends (startE2E).
 */
export function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then((browser) => {
    browser.on("disconnected", () => {
      shared = null;
    });
    return browser;
  });
  return shared;
}
