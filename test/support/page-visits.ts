import { type PageRoute, fillPattern, listAllPageRoutes, paramNames } from "./fuzz-routes";

/**
 * Every page of the route table (both route trees: the platform's and a custom domain's) as a visit: the address
 * with seeded values for its parameters, and the role it is for. Listed from `app/routes.ts`, so a new route is
 * visited (walked in Chromium by test/e2e/every-page-*.test.ts, held to the dashboard script budget by
 * test/integration/budgets.test.ts) without anyone adding it here.
 */

export type Role = "guest" | "seller" | "user" | "superadmin";
export type Tree = "main" | "seller-path" | "seller-domain";
/** `state`: which booking a booking page shows (it is visited once per state). */
export type Visit = { route: PageRoute; tree: Tree; path: string; role: Role; state?: string };

/**
 * A booking page in every state its viewers meet (issue 24): the refund line of a cancelled booking once pushed its
 * page sideways at 390 px while the walk saw only a pending one. All are Asha's with Wanderlust (the seed).
 */
const BOOKING_STATES = [
  ["pending", "bk_w1"],
  ["confirmed", "bk_w4"],
  ["rejected", "bk_w5"],
  ["cancelled and refunded", "bk_w6"],
  ["expired unanswered and refunded", "bk_w7"],
] as const;

/** The seeded account each signed-in role visits as. */
export const ACCOUNTS: Record<Exclude<Role, "guest">, string> = {
  seller: "owner@wanderlust.example",
  user: "asha@example.com",
  superadmin: "admin@tripbazaar.example",
};

/** The custom domain of the seeded seller whose site the walk visits (the `seller-domain` tree). */
export const SELLER_DOMAIN = "wanderlust.localhost";

/** The seeded seller's site on the platform, by its address (ADR 0040). */
export const SELLER_PATH = "/seller/wanderlust-journeys/website";

/** A value for each route parameter: seeded rows the signed-in role may see. */
const PARAMS: Record<string, string> = {
  // The seeded seller's site by its address (ADR 0040); by id it would answer with a redirect.
  sellerId: "wanderlust-journeys",
  packageId: "p_goa",
  id: "p_goa",
  query: "goa",
  token: "no-such-token",
  hotelId: "sh_goa_sea_breeze",
  // Asha's seeded flight (worker/db/seed-trips.ts), by its id, which its page takes as well as its number; a verify
  // page given it finds no booking.
  ref: "bk_trip_flight",
};
/** `/booking/:id` (the main site's and a seller site's) and a seller's `orders/:id` take Asha's bookings with Wanderlust, the rest of `:id`s a package. */
const BOOKING_PAGES = /^(\/seller\/:sellerId\/website)?\/(booking|seller-dashboard\/orders)\/:id$/;

/** Who a page is for (spec §2 and §6): dashboards by their prefix, the traveller's pages, and everyone else. */
function roleOf(pattern: string, tree: Tree): Role {
  if (pattern.startsWith("/seller-dashboard")) return "seller";
  if (pattern.startsWith("/superadmin-panel")) return "superadmin";
  if (/^\/(user-dashboard|booking\/|booking-success|cart)/.test(pattern)) return "user";
  // A seller site's customer pages (its own dashboard, settings and booking page).
  if (tree !== "main" && /(^|\/)(dashboard|settings|booking\/:id|booking-success)$/.test(pattern)) return "user";
  return "guest";
}

/** The dashboards: the signed-in areas of the main site, one per role. */
export const isDashboard = (visit: Visit) => /^\/(seller-dashboard|user-dashboard|superadmin-panel)(\/|$)/.test(visit.route.pattern);

/**
 * Every page of the route table; resource routes (sitemap.xml, robots.txt, the payments CSV, voucher PDFs, a waiting
 * student ID's document) are not pages.
 */
export async function listVisits(): Promise<Visit[]> {
  const routes = await listAllPageRoutes();
  return routes
    .filter((route) => !/\.(xml|txt|csv|pdf)$/.test(route.pattern) && !/\/students\/:id\/document$/.test(route.pattern))
    .flatMap((route) => {
      const tree = route.chain[0] as Tree;
      const role = roleOf(route.pattern, tree);
      const fill = (booking: string) =>
        fillPattern(
          route.pattern,
          paramNames(route.pattern).map((name) => (name === "id" && BOOKING_PAGES.test(route.pattern) ? booking : (PARAMS[name] ?? "x"))),
        );
      if (!BOOKING_PAGES.test(route.pattern)) return [{ route, tree, path: fill(""), role }];
      return BOOKING_STATES.map(([state, booking]) => ({ route, tree, path: fill(booking), role, state }));
    });
}
