import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, startE2E } from "../support/e2e";
import { type PageRoute, fillPattern, listAllPageRoutes, paramNames } from "../support/fuzz-routes";
import { loginViaApi } from "../support/session";

/**
 * Issue 14's walk: every page of the route table (both route trees: the platform's and a custom domain's), at a
 * phone's width and a desktop's, in light and dark mode, signed in as the role the page is for. Each page must
 * not scroll sideways, must have a title, must have no serious or critical axe-core violation and must raise
 * no page error. Pages are listed from `app/routes.ts`, so a new route is walked without anyone adding it here.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;
const THEMES = ["light", "dark"] as const;

/** A value for each route parameter: seeded rows the signed-in role may see. */
const PARAMS: Record<string, string> = {
  sellerId: "s_wanderlust",
  packageId: "p_goa",
  id: "p_goa",
  query: "goa",
  token: "no-such-token",
  hotelId: "h_1",
};
/** `/booking/:id` (the main site's and a seller site's) and a seller's `orders/:id` take a booking, the rest of `:id`s a package. */
const BOOKING_PAGES = /^(\/seller\/:sellerId\/website)?\/(booking|seller-dashboard\/orders)\/:id$/;

type Role = "guest" | "seller" | "user" | "superadmin";
const ACCOUNTS: Record<Exclude<Role, "guest">, string> = {
  seller: "owner@wanderlust.example",
  user: "asha@example.com",
  superadmin: "admin@tripbazaar.example",
};

/** Who a page is for (spec §2 and §6): dashboards by their prefix, the traveller's pages, and everyone else. */
function roleOf(pattern: string, tree: string): Role {
  if (pattern.startsWith("/seller-dashboard")) return "seller";
  if (pattern.startsWith("/superadmin-panel")) return "superadmin";
  if (/^\/(user-dashboard|booking\/|booking-success|cart)/.test(pattern)) return "user";
  // A seller site's customer pages (its own dashboard, settings and booking page).
  if (tree !== "main" && /(^|\/)(dashboard|settings|booking\/:id)$/.test(pattern)) return "user";
  return "guest";
}

type Visit = { route: PageRoute; tree: "main" | "seller-path" | "seller-domain"; path: string; role: Role };

async function listVisits(): Promise<Visit[]> {
  const routes = await listAllPageRoutes();
  return (
    routes
      // Resource routes (sitemap.xml, robots.txt) are not pages.
      .filter((route) => !/\.(xml|txt)$/.test(route.pattern))
      .map((route) => {
        const tree = route.chain[0] as Visit["tree"];
        const values = paramNames(route.pattern).map((name) =>
          name === "id" && BOOKING_PAGES.test(route.pattern) ? "bk_w1" : (PARAMS[name] ?? "x"),
        );
        return { route, tree, path: fillPattern(route.pattern, values), role: roleOf(route.pattern, tree) };
      })
  );
}

type Finding = { theme: string; problem: string };

let e2e: E2E;
/** One browser context per (viewport, role, host), made once and reused by every page it serves. */
const contexts = new Map<string, Promise<BrowserContext>>();
const sessions = new Map<string, Promise<string>>();

const hostOf = (visit: Visit) => (visit.tree === "seller-domain" ? `http://wanderlust.localhost:${e2e.port}` : e2e.origin);

function contextFor(visit: Visit, viewport: (typeof VIEWPORTS)[number]) {
  const origin = hostOf(visit);
  const key = `${viewport.name} ${visit.role} ${origin}`;
  let context = contexts.get(key);
  if (!context) {
    context = (async () => {
      const c = await e2e.browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: viewport.name === "phone",
        hasTouch: viewport.name === "phone",
      });
      if (visit.role !== "guest") {
        const email = ACCOUNTS[visit.role];
        let token = sessions.get(email);
        if (!token) {
          token = loginViaApi(e2e.w, email).then((s) => s.token);
          sessions.set(email, token);
        }
        await c.addCookies([{ name: "tb_session", value: await token, url: origin, httpOnly: true, sameSite: "Lax" }]);
      }
      return c;
    })();
    contexts.set(key, context);
  }
  return context;
}

type Measured = { overflow: number; title: string; violations: string[] };

/** The page as a visitor sees it once React is in charge: sideways scroll, title and axe-core's serious findings. */
async function measure(page: Page): Promise<Measured> {
  const { overflow, title } = await page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    title: document.title.trim(),
  }));
  // axe-core (once per document) and its run in one evaluation: a page that navigates away in between fails it
  // whole, and is retried where it lands.
  const loaded = await page.evaluate(() => "axe" in window);
  const found = (await page.evaluate(
    `${loaded ? "" : axeSource};\n(async () => (await axe.run(document, { resultTypes: ["violations"] })).violations)()`,
  )) as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
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

const hydrated = (page: Page) => page.waitForSelector("html[data-hydrated]", { timeout: 10_000 });

/** Measures a page in the current colour scheme, retrying where it lands if it navigates away meanwhile. */
async function settledMeasure(page: Page): Promise<Measured> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await measure(page);
    } catch (error) {
      if (attempt === 2 || !/context was destroyed|navigat/i.test(String(error))) throw error;
      await page.waitForLoadState("load");
      await hydrated(page);
    }
  }
}

/** Loads `url` once and measures it in light and then dark mode (the scheme the page's CSS follows). */
async function audit(page: Page, url: string, siteName: string | null): Promise<Finding[]> {
  const findings: Finding[] = [];
  page.on("pageerror", (error) => findings.push({ theme: "any", problem: `page error: ${error.message}` }));
  await page.emulateMedia({ colorScheme: "light" });
  const response = await page.goto(url, { waitUntil: "load" });
  if (!response || response.status() >= 500) findings.push({ theme: "any", problem: `answered ${response?.status()}` });
  await hydrated(page).catch(() => findings.push({ theme: "any", problem: "never hydrated" }));
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    const { overflow, title, violations } = await settledMeasure(page);
    const found = (problem: string) => findings.push({ theme, problem });
    if (overflow > 0) found(`scrolls sideways by ${overflow}px`);
    if (!title) found("has an empty <title>");
    else if (siteName && !title.includes(siteName)) found(`title "${title}" does not name the website`);
    for (const v of violations) found(`axe ${v}`);
  }
  return findings;
}

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  for (const context of contexts.values()) await (await context).close();
  await e2e?.close();
});

describe("every page of the route table, at 390 px and desktop, light and dark", async () => {
  const all = await listVisits();
  it("lists both route trees and every role", () => {
    expect(all.length).toBeGreaterThan(60);
    expect(new Set(all.map((v) => v.tree))).toEqual(new Set(["main", "seller-path", "seller-domain"]));
    expect(new Set(all.map((v) => v.role))).toEqual(new Set(["guest", "seller", "user", "superadmin"]));
  });

  it.each(all.map((v) => [`${v.tree} ${v.route.pattern} as ${v.role}`, v] as const))("%s", async (_name, visit) => {
    const siteName = visit.tree === "main" ? null : "Wanderlust Journeys";
    const findings: string[] = [];
    await Promise.all(
      VIEWPORTS.map(async (viewport) => {
        const page = await (await contextFor(visit, viewport)).newPage();
        try {
          for (const f of await audit(page, `${hostOf(visit)}${visit.path}`, siteName))
            findings.push(`${viewport.name} ${f.theme}: ${f.problem}`);
        } finally {
          await page.close();
        }
      }),
    );
    expect(findings).toEqual([]);
  });
});
