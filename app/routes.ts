import type { RouteConfig } from "@remix-run/route-config";
import { type DefineRoutesFunction, remixRoutesOptionAdapter } from "@remix-run/routes-option-adapter";
import { SELLER_BASE, SELLER_LAYOUT_ID, SELLER_PAGES, sellerPageRouteId } from "../worker/shared/seller-pages";

type DefineRouteFunction = Parameters<Parameters<DefineRoutesFunction>[0]>[0];

/**
 * The route table (ADR 0024). Two route trees share these paths and never meet: the platform's
 * (main site at the root, seller sites under /seller/{slug}/website) and a custom domain's
 * (one seller site at the root). The Worker serves each tenant from a build narrowed to its tree
 * (worker/tenant/route-trees.ts), so `/about` is the main site's page on the platform and the
 * seller's on a seller's own domain. The seller pages come from one table (worker/shared/seller-pages.ts).
 */
const MAIN_PAGES = [
  "about",
  "contact",
  "login",
  "signup",
  "forgot-password",
  "reset-password/:token",
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
  // The public check a voucher's QR code opens (ADR 0046).
  "verify/:ref",
  // Where a sign-in hand-over (spec §4) is completed; login-required pages send one here.
  "handover",
  // Logout is a form post here: the session cookie goes (spec §4).
  "logout",
] as const;

const SELLER_DASHBOARD = [
  "packages",
  "packages/modify-package/:id",
  "packages/add-package",
  "hotels",
  "orders",
  "orders/:id",
  "messages",
  "reviews",
  "payments",
  "pdf-template",
  "website",
  "addon-itinerary",
  "add-meals",
  "event-packages",
  "settings",
] as const;

// "trips/:ref": a flight, stay or bus trip the platform sold (issue 27, ADR 0053).
const USER_DASHBOARD = ["bookings", "verify-student", "settings", "completed-trips", "upcoming-trips", "trips/:ref"] as const;
// Spec §1's screens, plus "domains" (custom domain activation, ADR 0007) and "messages" (undelivered follow-ups, ADR 0039)
// and "refunds" (refunds the provider refused on every try, ADR 0029), and "audit" (the audit log, issue 28).
const SUPERADMIN = [
  "users",
  "seller-packages",
  "requests",
  "requests/rejected",
  "requests/approved",
  "edits",
  "settings",
  "domains",
  "messages",
  "refunds",
  // Student IDs waiting for review (issue 28).
  "students",
  "audit",
  "reviews",
  // The platform's own money for flights, stays and buses (issue 27, ADR 0055).
  "ledger",
] as const;

export const fileOf = (path: string) => path.replace(/\/:/g, "-").replace(/:/g, "").replace(/\//g, "-");

export function defineAppRoutes(route: DefineRouteFunction) {
  route(undefined, "routes/main/layout.tsx", { id: "main" }, () => {
    route(undefined, "routes/main/home.tsx", { index: true, id: "main/index" });
    for (const p of MAIN_PAGES) route(p, `routes/main/${fileOf(p)}.tsx`, { id: `main/${p}` });
    route("seller-dashboard", "routes/seller-dashboard/layout.tsx", { id: "seller-dashboard" }, () => {
      route(undefined, "routes/seller-dashboard/index.tsx", { index: true, id: "seller-dashboard/index" });
      for (const p of SELLER_DASHBOARD) route(p, `routes/seller-dashboard/${fileOf(p)}.tsx`, { id: `seller-dashboard/${p}` });
    });
    // The payments page's Download CSV: a file, not a page, so outside the dashboard's frame (its own guard).
    route("seller-dashboard/payments.csv", "routes/seller-dashboard/payments-csv.tsx", { id: "seller-dashboard/payments.csv" });
    // Voucher PDFs (ADR 0046): files too, each with its own guard.
    route("seller-dashboard/orders/:id/voucher.pdf", "routes/seller-dashboard/orders-voucher.tsx", {
      id: "seller-dashboard/orders/:id/voucher.pdf",
    });
    route("seller-dashboard/pdf-template/preview.pdf", "routes/seller-dashboard/pdf-template-preview.tsx", {
      id: "seller-dashboard/pdf-template/preview.pdf",
    });
    route("booking/:id/voucher.pdf", "routes/main/booking-voucher.tsx", { id: "main/booking/:id/voucher.pdf" });
    // A flight's e-ticket, a stay's hotel voucher, a bus ticket (issue 27): the same renderer.
    route("user-dashboard/trips/:ref/ticket.pdf", "routes/user-dashboard/trips-ticket.tsx", { id: "user-dashboard/trips/:ref/ticket.pdf" });
    // A waiting student ID (issue 28): a file for the superadmin, outside the panel's frame (its own guard).
    route("superadmin-panel/students/:id/document", "routes/superadmin-panel/students-id-document.tsx", {
      id: "superadmin-panel/students/:id/document",
    });
    route("user-dashboard", "routes/user-dashboard/layout.tsx", { id: "user-dashboard" }, () => {
      route(undefined, "routes/user-dashboard/index.tsx", { index: true, id: "user-dashboard/index" });
      for (const p of USER_DASHBOARD) route(p, `routes/user-dashboard/${fileOf(p)}.tsx`, { id: `user-dashboard/${p}` });
    });
    route("superadmin-panel", "routes/superadmin-panel/layout.tsx", { id: "superadmin-panel" }, () => {
      route(undefined, "routes/superadmin-panel/index.tsx", { index: true, id: "superadmin-panel/index" });
      for (const p of SUPERADMIN) route(p, `routes/superadmin-panel/${fileOf(p)}.tsx`, { id: `superadmin-panel/${p}` });
    });
    // Every other address: the designed 404 in the main site's frame.
    route("*", "routes/main/not-found.tsx", { id: "main/not-found" });
  });

  for (const mode of ["path", "domain"] as const) {
    const layout = SELLER_LAYOUT_ID[mode];
    route(mode === "path" ? SELLER_BASE : undefined, "routes/seller-site/layout.tsx", { id: layout }, () => {
      for (const page of SELLER_PAGES) {
        const id = sellerPageRouteId(mode, page);
        route(page.path || undefined, `routes/seller-site/${page.file}.tsx`, { id, index: !page.path });
      }
      // Any other address of a seller site, by path or on its own domain: the site's own 404 in its frame.
      route("*", "routes/seller-site/not-found.tsx", { id: `${layout}/not-found` });
    });
  }
}

export default remixRoutesOptionAdapter((defineRoutes) => defineRoutes(defineAppRoutes)) satisfies RouteConfig;
