import type { RouteConfig } from "@remix-run/route-config";
import { type DefineRoutesFunction, remixRoutesOptionAdapter } from "@remix-run/routes-option-adapter";

type DefineRouteFunction = Parameters<Parameters<DefineRoutesFunction>[0]>[0];

/**
 * The route table (ADR 0002). Seller-site pages are mounted twice: under
 * /seller/:sellerId/website and, for custom domains, at the root. Paths that
 * exist on both the main site and a seller site are one "dispatch" route that
 * renders either site by the tenant the Worker resolved.
 */
export const DISPATCHED = [
  { path: undefined, file: "home", id: "home" },
  { path: "about", file: "about", id: "about" },
  { path: "contact", file: "contact", id: "contact" },
  { path: "login", file: "login", id: "login" },
  { path: "signup", file: "signup", id: "signup" },
  { path: "forgot-password", file: "forgot-password", id: "forgot-password" },
  { path: "reset-password/:token", file: "reset-password", id: "reset-password" },
] as const;

/** Seller pages; `dispatched` ones are served at the root of a custom domain by the dispatch routes. */
const SELLER_PAGES = [
  { path: undefined, file: "landing", dispatched: true },
  { path: "package/all", file: "package-all", dispatched: false },
  { path: "package/:packageId", file: "package-detail", dispatched: false },
  { path: "searchpackages/:query", file: "search", dispatched: false },
  { path: "about", file: "about", dispatched: true },
  { path: "contact", file: "contact", dispatched: true },
  { path: "signin", file: "signin", dispatched: false },
  { path: "login", file: "signin", dispatched: true },
  { path: "signup", file: "signup", dispatched: true },
  { path: "forgot-password", file: "forgot-password", dispatched: true },
  { path: "reset-password/:token", file: "reset-password", dispatched: true },
  { path: "dashboard", file: "dashboard", dispatched: false },
  { path: "settings", file: "settings", dispatched: false },
  { path: "sitemap.xml", file: "sitemap", dispatched: false },
  { path: "robots.txt", file: "robots", dispatched: false },
] as const;

const MAIN_PAGES = [
  "reviews",
  "tour-package/:id",
  "booking/:id",
  "booking-success",
  "cart",
  "team",
  "privacy-policy",
  "terms",
  "shipping-and-delivery",
  "cancellation-and-refund",
  "flights/search",
  "hotels/search",
  "buses/search",
  "tours/search",
  "hotel/:hotelId",
  "flight-booking",
  "verify-email",
] as const;

const SELLER_DASHBOARD = [
  "packages",
  "packages/modify-package/:id",
  "packages/add-package",
  "hotels",
  "orders",
  "orders/:id",
  "messages",
  "payments",
  "pdf-template",
  "website",
  "addon-itinerary",
  "add-meals",
  "event-packages",
  "settings",
] as const;

const USER_DASHBOARD = ["bookings", "verify-student", "settings", "completed-trips", "upcoming-trips"] as const;
// Spec §1's screens, plus "domains" (custom domain activation, ADR 0007).
const SUPERADMIN = [
  "users",
  "seller-packages",
  "requests",
  "requests/rejected",
  "requests/approved",
  "edits",
  "settings",
  "domains",
] as const;

export const fileOf = (path: string) => path.replace(/\/:/g, "-").replace(/:/g, "").replace(/\//g, "-");

export function defineAppRoutes(route: DefineRouteFunction) {
  for (const d of DISPATCHED) {
    route(d.path, `routes/dispatch/${d.file}.tsx`, { id: d.id, index: d.path === undefined });
  }

  route(undefined, "routes/main/layout.tsx", { id: "main" }, () => {
    for (const p of MAIN_PAGES) route(p, `routes/main/${fileOf(p)}.tsx`, { id: `main/${p}` });
    route("seller-dashboard", "routes/seller-dashboard/layout.tsx", { id: "seller-dashboard" }, () => {
      route(undefined, "routes/seller-dashboard/index.tsx", { index: true, id: "seller-dashboard/index" });
      for (const p of SELLER_DASHBOARD) route(p, `routes/seller-dashboard/${fileOf(p)}.tsx`, { id: `seller-dashboard/${p}` });
    });
    route("user-dashboard", "routes/user-dashboard/layout.tsx", { id: "user-dashboard" }, () => {
      route(undefined, "routes/user-dashboard/index.tsx", { index: true, id: "user-dashboard/index" });
      for (const p of USER_DASHBOARD) route(p, `routes/user-dashboard/${fileOf(p)}.tsx`, { id: `user-dashboard/${p}` });
    });
    route("superadmin-panel", "routes/superadmin-panel/layout.tsx", { id: "superadmin-panel" }, () => {
      route(undefined, "routes/superadmin-panel/index.tsx", { index: true, id: "superadmin-panel/index" });
      for (const p of SUPERADMIN) route(p, `routes/superadmin-panel/${fileOf(p)}.tsx`, { id: `superadmin-panel/${p}` });
    });
  });

  route("seller/:sellerId/website", "routes/seller-site/layout.tsx", { id: "seller-path" }, () => {
    for (const p of SELLER_PAGES) {
      route(p.path, `routes/seller-site/${p.file}.tsx`, { id: `seller-path/${p.path ?? "index"}`, index: p.path === undefined });
    }
  });
  route(undefined, "routes/seller-site/layout.tsx", { id: "seller-domain" }, () => {
    for (const p of SELLER_PAGES) {
      if (!p.dispatched) route(p.path, `routes/seller-site/${p.file}.tsx`, { id: `seller-domain/${p.path}` });
    }
  });
}

export default remixRoutesOptionAdapter((defineRoutes) => defineRoutes(defineAppRoutes)) satisfies RouteConfig;
