import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, startE2E } from "./e2e";
import { whenHydrated } from "./page";
import { ACCOUNTS, SELLER_DOMAIN, type Visit, listVisits } from "./page-visits";

/**
 * Issue 14's walk: every page of the route table (both route trees: the platform's and a custom domain's), at a
 * phone's width and a desktop's, in light and dark mode, signed in as the role the page is for. Each page must
 * not scroll sideways, must have a title, must have no serious or critical axe-core violation and must raise
 * no page error, and must answer 2xx at the address it was asked for. Pages are listed from `app/routes.ts`
 * (test/support/page-visits.ts), so a new route is walked without anyone adding it here.
 *
 * The walk is cut into parts (`partOf`), one file each (test/e2e/every-page-<part>.test.ts), so that its parts run
 * side by side; every page belongs to exactly one part, and a part without its file fails the walk.
 */

/** The parts of the walk, each about a fifth of the pages: the main site's public pages, the dashboards, the seller sites. */
export const PARTS = ["main", "seller-dashboard", "traveller-and-admin", "seller-path", "seller-domain"] as const;
export type Part = (typeof PARTS)[number];

export function partOf(visit: Visit): Part {
  if (visit.tree !== "main") return visit.tree;
  if (visit.role === "seller") return "seller-dashboard";
  if (visit.role === "user" || visit.role === "superadmin") return "traveller-and-admin";
  return "main";
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/**
 * The walk fails on serious and critical findings only, so axe-core's rules that can report nothing worse than
 * moderate are not run (about two fifths of a full run's CPU, the landmark and region rules most of it). The list is
 * read from axe-core's own metadata, not written here: a rule is left out only when neither the rule's impact nor any
 * of its checks' impacts is serious or critical (axe gives a finding the rule's impact, or its failing checks' highest),
 * so a rule that can find something serious, in this or a later axe-core, is always run.
 */
type AxeMeta = {
  _audit: {
    rules: {
      id: string;
      impact?: string;
      any: (string | { id: string })[];
      all: (string | { id: string })[];
      none: (string | { id: string })[];
    }[];
    data: { checks: Record<string, { impact?: string }> };
  };
};
const SEVERE = new Set(["serious", "critical"]);
const axeMeta = (require("axe-core") as AxeMeta)._audit;
export const MILD_AXE_RULES = axeMeta.rules
  .filter((rule) => {
    const checks = [...rule.any, ...rule.all, ...rule.none].map((c) => axeMeta.data.checks[typeof c === "string" ? c : c.id]?.impact);
    return ![rule.impact, ...checks].some((impact) => impact !== undefined && SEVERE.has(impact));
  })
  .map((rule) => rule.id);
const WITHOUT_MILD_RULES = Object.fromEntries(MILD_AXE_RULES.map((id) => [id, { enabled: false }]));

/**
 * Every page at the narrowest phone we serve (360 px) and on a desktop; booking pages, whose states change their
 * width most (issue 24), in every state at 360 and 390 px (on a desktop in their first state only: a desktop's width
 * leaves the states' lines room). A phone is emulated as Playwright's `isMobile` and `hasTouch` do (the page's
 * `<meta name="viewport">` applies, touch input, portrait screen); a desktop without either.
 */
const PHONE = { name: "phone", width: 360, height: 780, mobile: true } as const;
const DESKTOP = { name: "desktop", width: 1280, height: 800, mobile: false } as const;
const PHONE_390 = { name: "phone-390", width: 390, height: 844, mobile: true } as const;
type Viewport = typeof PHONE | typeof DESKTOP | typeof PHONE_390;
/** The widths a visit is measured at, the phone's first (the width the page is loaded at). */
const viewportsOf = (visit: Visit): Viewport[] =>
  !visit.state ? [PHONE, DESKTOP] : visit.state === "pending" ? [PHONE, PHONE_390, DESKTOP] : [PHONE, PHONE_390];
const THEMES = ["light", "dark"] as const;

/**
 * The pages of the route table that do not answer 2xx where they were asked for, by tree and pattern, and what
 * they do instead. Every other page must answer 2xx and still be at the address it was asked for once it has
 * hydrated and been measured: a page that lands on /login, a 403 or a 404 is a failure, not the page.
 */
const NOT_2XX_HERE: Record<string, { status?: number; goesTo?: string }> = {
  // The catch-alls: the designed 404 page, in the main site's frame and in a seller site's.
  "main /*": { status: 404 },
  "seller-path /seller/:sellerId/website/*": { status: 404 },
  "seller-domain /*": { status: 404 },
  // Where a sign-in hand-over is completed (spec §4): without one (the walk has none) it sends the visitor to log in.
  "main /handover": { goesTo: "/login" },
  // A voucher's verify page without its booking's token (the walk has none): the same 404 a forged link gets (ADR 0046).
  "main /verify/:ref": { status: 404 },
};
const keyOf = (visit: Visit) => `${visit.tree} ${visit.route.pattern}`;

let e2e: E2E;
type Tab = { context: BrowserContext; page: Page; cdp: CDPSession };
/**
 * One browser context per (role, host), made once, with one tab that every page it serves is loaded in after the
 * other, and measured there at each width by changing the emulated screen (ADR 0050). A tab of its own per page
 * cost Chromium about a second of CPU more per page (a renderer process started and torn down each time), and a
 * load per width another load, hydration and axe-core injection per page.
 */
const tabs = new Map<string, Promise<Tab>>();

const hostOf = (visit: Visit) => (visit.tree === "seller-domain" ? `http://${SELLER_DOMAIN}:${e2e.port}` : e2e.origin);

function tabFor(visit: Visit) {
  const origin = hostOf(visit);
  const key = `${visit.role} ${origin}`;
  let tab = tabs.get(key);
  if (!tab) {
    tab = (async () => {
      const context = await e2e.browser.newContext({
        viewport: { width: PHONE.width, height: PHONE.height },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      // Signed in as a real login leaves it on this host: the session cookie (the browser stores nothing else).
      if (visit.role !== "guest") await e2e.signIn(page, ACCOUNTS[visit.role], { origin });
      return { context, page, cdp };
    })();
    tabs.set(key, tab);
  }
  return tab;
}

/**
 * The tab's screen becomes `viewport`, as Playwright emulates a context's viewport, `isMobile` and `hasTouch`
 * (the same DevTools calls): the page lays itself out again for the new width, as a window resized or a phone
 * turned does, its media queries (width, pointer, hover) answering for the new screen.
 */
async function emulate({ cdp }: Tab, viewport: Viewport) {
  const { width, height, mobile } = viewport;
  await Promise.all([
    cdp.send("Emulation.setDeviceMetricsOverride", {
      mobile,
      width,
      height,
      screenWidth: width,
      screenHeight: height,
      deviceScaleFactor: 1,
      screenOrientation: mobile ? { angle: 0, type: "portraitPrimary" } : { angle: 0, type: "landscapePrimary" },
    }),
    cdp.send("Emulation.setTouchEmulationEnabled", { enabled: mobile }),
  ]);
}

/**
 * After the screen or the colour scheme changed: two frames, so that style and layout follow, and the end of any
 * transition or animation the change started (one that never ends, a spinner, is not waited for).
 */
const settle = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    const ending = document.getAnimations().filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => {})));
  });

type Measured = { overflow: number; title: string; violations: string[] };

/**
 * The rules whose findings can change with the colour scheme alone: the dark run checks only these, because the
 * light run has already checked the same document (same markup, same layout) against every rule.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * The page as a visitor sees it once React is in charge: sideways scroll, title and axe-core's serious findings
 * (of every rule that can find something serious, or of `rules` only).
 */
async function measure(page: Page, rules?: string[]): Promise<Measured> {
  const { overflow, title } = await page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    title: document.title.trim(),
  }));
  // axe-core (once per document) and its run in one evaluation: a page that navigates away in between fails it
  // whole, and is retried where it lands.
  const loaded = await page.evaluate(() => "axe" in window);
  const options = JSON.stringify({
    resultTypes: ["violations"],
    ...(rules ? { runOnly: { type: "rule", values: rules } } : { rules: WITHOUT_MILD_RULES }),
  });
  const found = (await page.evaluate(`${loaded ? "" : axeSource};\n(async () => (await axe.run(document, ${options})).violations)()`)) as {
    id: string;
    impact: string;
    help: string;
    nodes: { target: string[] }[];
  }[];
  const violations = found
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(", ")}`,
    );
  return { overflow, title, violations };
}

/** Measures a page in the current colour scheme, retrying where it lands if it navigates away meanwhile. */
async function settledMeasure(page: Page, rules?: string[]): Promise<Measured> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await measure(page, rules);
    } catch (error) {
      if (attempt === 2 || !/context was destroyed|navigat/i.test(String(error))) throw error;
      await page.waitForLoadState("load");
      await whenHydrated(page);
    }
  }
}

/** What a visit must answer: its status (2xx unless listed) and the address it is measured at. */
type Expected = { status: number | "2xx"; at: string };

/**
 * Loads `url` once, at the first of `viewports`, and measures it at each of them in light and then dark mode (the
 * scheme the page's CSS follows). Each finding names the width and scheme it was seen at.
 */
async function audit(tab: Tab, url: string, expected: Expected, siteName: string | null, viewports: Viewport[]): Promise<string[]> {
  const findings: string[] = [];
  let at = "any";
  const found = (problem: string) => findings.push(`${at}: ${problem}`);
  const pageError = (error: Error) => found(`page error: ${error.message}`);
  tab.page.on("pageerror", pageError);
  try {
    await auditFor(tab, url, expected, siteName, viewports, found, (where) => (at = where));
  } finally {
    tab.page.off("pageerror", pageError);
  }
  return findings;
}

async function auditFor(
  tab: Tab,
  url: string,
  expected: Expected,
  siteName: string | null,
  viewports: Viewport[],
  found: (problem: string) => void,
  measuring: (where: string) => void,
) {
  const { page } = tab;
  measuring(`${viewports[0].name} light`);
  await emulate(tab, viewports[0]);
  await page.emulateMedia({ colorScheme: "light" });
  const response = await page.goto(url, { waitUntil: "load" });
  const status = response?.status() ?? 0;
  if (expected.status === "2xx" ? status < 200 || status > 299 : status !== expected.status)
    found(`answered ${status}, not ${expected.status}`);
  // A redirect by the server: the document came from somewhere else.
  if (response && response.url() !== url) found(`was redirected to ${response.url()}`);
  if (expected.at !== url) await page.waitForURL(expected.at, { waitUntil: "load" });
  await whenHydrated(page).catch(() => found("never hydrated"));
  for (const [index, viewport] of viewports.entries()) {
    for (const theme of THEMES) {
      measuring(`${viewport.name} ${theme}`);
      if (index > 0 || theme !== "light") {
        if (theme === "light") await emulate(tab, viewport);
        await page.emulateMedia({ colorScheme: theme });
        await settle(page);
      }
      const { overflow, title, violations } = await settledMeasure(page, theme === "light" ? undefined : COLOUR_RULES);
      if (overflow > 0) found(`scrolls sideways by ${overflow}px`);
      if (!title) found("has an empty <title>");
      else if (siteName && !title.includes(siteName)) found(`title "${title}" does not name the website`);
      for (const v of violations) found(`axe ${v}`);
    }
    // Measured, hydrated and still there: no client-side move to /login or elsewhere either.
    if (page.url() !== expected.at) found(`ended at ${page.url()}, not ${expected.at}`);
  }
}

/** Walks the pages of `part`, in the calling test file (test/e2e/every-page-<part>.test.ts). */
export function walkEveryPage(part: Part) {
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    for (const tab of tabs.values()) await (await tab).context.close();
    tabs.clear();
    await e2e?.close();
  });

  describe(`every page of the route table (${part}), at 360 px and desktop (booking pages in each state also at 390 px), light and dark`, async () => {
    const all = await listVisits();
    const visits = all.filter((visit) => partOf(visit) === part);

    if (part === "main") {
      it("lists both route trees and every role", () => {
        expect(all.length).toBeGreaterThan(60);
        expect(new Set(all.map((v) => v.tree))).toEqual(new Set(["main", "seller-path", "seller-domain"]));
        expect(new Set(all.map((v) => v.role))).toEqual(new Set(["guest", "seller", "user", "superadmin"]));
      });

      it("leaves out of axe-core's run only rules that cannot find anything serious", () => {
        expect(MILD_AXE_RULES).toContain("region");
        for (const rule of ["color-contrast", "image-alt", "label", "button-name", "link-name", "aria-required-attr"])
          expect(MILD_AXE_RULES, rule).not.toContain(rule);
      });

      it("lists as not answering 2xx only pages of the route table", () => {
        const keys = new Set(all.map(keyOf));
        expect(Object.keys(NOT_2XX_HERE).filter((key) => !keys.has(key))).toEqual([]);
      });

      it("walks every page in one of its parts, and every part has its file", () => {
        const files = readdirSync(new URL("../e2e/", import.meta.url));
        expect(PARTS.filter((p) => !files.includes(`every-page-${p}.test.ts`))).toEqual([]);
        expect(files.filter((f) => f.startsWith("every-page") && !PARTS.some((p) => f === `every-page-${p}.test.ts`))).toEqual([]);
        for (const p of PARTS) expect(all.filter((visit) => partOf(visit) === p).length, p).toBeGreaterThan(0);
      });
    }

    it.each(visits.map((v) => [`${v.tree} ${v.route.pattern} as ${v.role}${v.state ? ` (${v.state})` : ""}`, v] as const))(
      "%s",
      async (_name, visit) => {
        const siteName = visit.tree === "main" ? null : "Wanderlust Journeys";
        const url = `${hostOf(visit)}${visit.path}`;
        const instead = NOT_2XX_HERE[keyOf(visit)];
        const expected: Expected = {
          status: instead?.status ?? "2xx",
          at: instead?.goesTo ? `${hostOf(visit)}${instead.goesTo}` : url,
        };
        expect(await audit(await tabFor(visit), url, expected, siteName, viewportsOf(visit))).toEqual([]);
      },
    );
  });
}
