import { type PageRoute, fillPattern, listAllPageRoutes, paramNames } from "./fuzz-routes";

/**
 * Every page of the route table (both route trees: the platform's and a custom domain's) as a visit: the address
 * with seeded values for its parameters, and the role it is for. Listed from `app/routes.ts`, so a new route is
 * visited (walked in Chromium by test/e2e/every-page-*.test.ts, held to the dashboard script budget by
 * test/integration/budgets.test.ts) without anyone adding it here.
 */

export type Role = "guest" | "seller" | "user" | "superadmin";
export type Tree = "main" | "seller-path" | "seller-domain";
export type Visit = { route: PageRoute; tree: Tree; path: string; role: Role };

/** The seeded account each signed-in role visits as. */
export const ACCOUNTS: Record<Exclude<Role, "guest">, string> = {
  seller: "owner@wanderlust.example",
  user: "asha@example.com",
  superadmin: "admin@tripbazaar.example",
};

/** The custom domain of the seeded seller whose site the walk visits (the `seller-domain` tree). */
export const SELLER_DOMAIN = "wanderlust.localhost";

/** A value for each route parameter: seeded rows the signed-in role may see. */
const PARAMS: Record<string, string> = {
  sellerId: "s_wanderlust",
  packageId: "p_goa",
  id: "p_goa",
  query: "goa",
  token: "no-such-token",
  hotelId: "h_1",
};
/** `/booking/:id` (the main site's and a seller site's) and a seller's `orders/:id` take Asha's booking with Wanderlust, the rest of `:id`s a package. */
const BOOKING_PAGES = /^(\/seller\/:sellerId\/website)?\/(booking|seller-dashboard\/orders)\/:id$/;

/** Who a page is for (spec §2 and §6): dashboards by their prefix, the traveller's pages, and everyone else. */
function roleOf(pattern: string, tree: Tree): Role {
  if (pattern.startsWith("/seller-dashboard")) return "seller";
  if (pattern.startsWith("/superadmin-panel")) return "superadmin";
  if (/^\/(user-dashboard|booking\/|booking-success|cart)/.test(pattern)) return "user";
  // A seller site's customer pages (its own dashboard, settings and booking page).
  if (tree !== "main" && /(^|\/)(dashboard|settings|booking\/:id)$/.test(pattern)) return "user";
  return "guest";
}

/** The dashboards: the signed-in areas of the main site, one per role. */
export const isDashboard = (visit: Visit) => /^\/(seller-dashboard|user-dashboard|superadmin-panel)(\/|$)/.test(visit.route.pattern);

/** Every page of the route table; resource routes (sitemap.xml, robots.txt, the payments CSV) are not pages. */
export async function listVisits(): Promise<Visit[]> {
  const routes = await listAllPageRoutes();
  return routes
    .filter((route) => !/\.(xml|txt|csv)$/.test(route.pattern))
    .map((route) => {
      const tree = route.chain[0] as Tree;
      const values = paramNames(route.pattern).map((name) =>
        name === "id" && BOOKING_PAGES.test(route.pattern) ? "bk_w1" : (PARAMS[name] ?? "x"),
      );
      return { route, tree, path: fillPattern(route.pattern, values), role: roleOf(route.pattern, tree) };
    });
}
