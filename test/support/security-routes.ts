import { defineAppRoutes } from "../../app/routes";
import { createApiApp } from "../../worker/api/app";
import { bookingRequest, daysFromNow } from "./bookings";

/**
 * The security matrix's knowledge of the route tables. Routes are read from the Hono app and
 * from Remix's route table, so a new route is covered without anyone remembering it; what cannot
 * be derived (public or not, which role, which resource a `:param` names) lives in the small
 * tables below, and `unclassified*` lists every route they do not answer for.
 */

export type Role = "user" | "seller" | "superadmin";
export type ApiRoute = { method: string; path: string; key: string; params: string[] };

const paramsOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** Every API route of the app, one per method and path (validators repeat a route; `use()` middleware is skipped). */
export function apiRoutes(): ApiRoute[] {
  const routes = new Map<string, ApiRoute>();
  for (const r of createApiApp().routes) {
    // app.use() and sub-app .use() register as ALL on a wildcard path: middleware, not a route.
    if (r.method === "ALL" && r.path.endsWith("*")) continue;
    const method = r.method === "ALL" ? "GET" : r.method;
    const key = `${method} ${r.path}`;
    if (!routes.has(key)) routes.set(key, { method, path: r.path, key, params: paramsOf(r.path) });
  }
  return [...routes.values()];
}

/** SECURITY: the only API routes that may answer a visitor without a session. */
export const PUBLIC_API = new Set([
  "GET /api/health",
  "POST /api/auth/signup",
  "POST /api/auth/verify-otp",
  "POST /api/auth/resend-otp",
  "POST /api/auth/forgot-password",
  "POST /api/auth/reset-password",
  "POST /api/auth/handover",
  "POST /api/auth/login",
  "POST /api/auth/logout",
  "GET /api/seller-website/seller/:sellerId/website/config",
  "GET /api/seller-website/seller/:sellerId/website/package/all",
  "GET /api/seller-website/seller/:sellerId/website/package/:packageId",
  "GET /api/seller-website/seller/:sellerId/website/searchpackages/:query",
  "POST /api/seller-website/seller/:sellerId/website/messages",
  // Issue 27: travel search and hotel content are public by design (no account to search); POST only for the body.
  "POST /api/flights/search",
  "GET /api/hotels/facilities",
  "POST /api/hotels/rates",
  "GET /api/hotels/:id",
  "POST /api/buses/search",
  "GET /api/buses/trips/:serviceId/:date",
  // Issue 28: published reviews are public reads.
  "GET /api/reviews",
  "GET /api/reviews/packages/:id",
  "GET /api/dev/outbox",
  "POST /api/dev/scheduled",
  "GET /api/dev/flight-supplier",
  "POST /api/dev/flight-fare",
  "POST /api/dev/flight-searches/:id/abort",
  // The payment provider's webhook: it carries no session, its signature over the raw body is its credential.
  "POST /api/webhooks/payments",
  "GET /api/openapi.json",
  "GET /api/docs",
]);

/** Routes that end the caller's sessions (ADR 0036): never called with the sessions a whole test shares. */
export const ENDS_SESSIONS = new Set(["POST /api/auth/logout", "POST /api/auth/logout-everywhere"]);

/** Routes only some roles may call (first match wins); a protected route matching none is open to any signed-in account. */
const ROLE_RULES: { match: string; roles: Role[] }[] = [
  { match: "/api/superadmin/", roles: ["superadmin"] },
  { match: "/api/seller-admin/", roles: ["seller"] },
  { match: "/api/bookings/seller/", roles: ["seller"] },
  { match: "/api/seller-payments", roles: ["seller"] },
  { match: "PUT /api/seller-website/config", roles: ["seller"] },
  { match: "POST /api/bookings", roles: ["user"] },
  { match: "/api/cart", roles: ["user"] },
  { match: "POST /api/payments/", roles: ["user"] },
  // Only travellers write reviews (issue 28); the public reads are in PUBLIC_API.
  { match: "GET /api/reviews/reviewable", roles: ["user"] },
  { match: "POST /api/reviews", roles: ["user"] },
  { match: "POST /api/reviews/photos", roles: ["user"] },
];

/** A protected path that looks like an admin or seller area must have an explicit rule, never the "any account" default. */
const LOOKS_PRIVILEGED = /admin|\/seller(\/|$)|\/seller-website\/config|\/seller-payments/;

export function rolesFor(route: ApiRoute): Role[] | null {
  const rule = ROLE_RULES.find((r) => (r.match.includes(" ") ? r.match === route.key : route.path.startsWith(r.match)));
  return rule?.roles ?? null;
}

/** Tenant-owned resources an id in a path can name; "platform" ids are the superadmin's to act on across tenants. */
export type Resource =
  | "booking"
  | "package"
  | "departure"
  | "message"
  | "domain"
  | "cart"
  | "payment"
  | "travel-booking"
  | "review"
  | "platform"
  | "public";

/** Which resource each path parameter names, keyed by the route path up to and including the parameter. */
const API_PARAMS: Record<string, Resource> = {
  "/api/bookings/seller/bookings/:id": "booking",
  "/api/bookings/:id": "booking",
  "/api/cart/:id": "cart",
  "/api/payments/:id": "payment",
  // A traveller's own flight, stay or bus booking (travel_bookings); another traveller's answers 404 (travel-bookings.test.ts).
  "/api/travel-bookings/:id": "travel-booking",
  // A review of the seller's own package; another seller's answers 404 (reviews.test.ts).
  "/api/seller-admin/reviews/:id": "review",
  "/api/superadmin/reviews/:id": "platform",
  "/api/seller-admin/packages/:id": "package",
  "/api/seller-departures/:id": "departure",
  "/api/seller-admin/messages/:id": "message",
  "/api/seller-admin/domains/:id": "domain",
  "/api/superadmin/domains/:id": "platform",
  "/api/superadmin/seller-requests/:id": "platform",
  "/api/superadmin/users/:id": "platform",
  "/api/superadmin/packages/:id": "platform",
  "/api/superadmin/edits/:id": "platform",
  "/api/superadmin/student-verifications/:id": "platform",
  "/api/seller-website/seller/:sellerId": "public",
  "/api/seller-website/seller/:sellerId/website/package/:packageId": "public",
  "/api/seller-website/seller/:sellerId/website/searchpackages/:query": "public",
  "/api/hotels/:id": "public",
  "/api/buses/trips/:serviceId": "public",
  "/api/buses/trips/:serviceId/:date": "public",
  "/api/reviews/packages/:id": "public",
  // Development only: a search's name from its x-tb-search-id header, not a stored row.
  "/api/dev/flight-searches/:id": "public",
};

const paramKey = (path: string, param: string) => path.slice(0, path.indexOf(`:${param}`) + param.length + 1);

export function resourcesOf(route: ApiRoute): Resource[] {
  return route.params.map((p) => API_PARAMS[paramKey(route.path, p)]);
}

/** The resource a parameter names, by the key `fillPath` hands its callback. */
export const resourceAt = (key: string): Resource | undefined => API_PARAMS[key];

/** Problems with the tables above, as messages that say what to add. Empty when every route is classified. */
export function unclassifiedApiRoutes(routes: ApiRoute[]): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    for (const p of route.params) {
      const key = paramKey(route.path, p);
      if (!(key in API_PARAMS))
        problems.push(`${route.key}: unknown path parameter — add "${key}" to API_PARAMS in test/support/security-routes.ts`);
    }
    if (PUBLIC_API.has(route.key)) continue;
    if (LOOKS_PRIVILEGED.test(route.path) && !rolesFor(route))
      problems.push(`${route.key}: looks like a seller or admin route but has no ROLE_RULES entry in test/support/security-routes.ts`);
  }
  for (const key of PUBLIC_API) if (!routes.some((r) => r.key === key)) problems.push(`PUBLIC_API lists "${key}", which no longer exists`);
  return problems;
}

/** The route path with every parameter replaced; `value` picks each one. */
export function fillPath(path: string, value: (param: string, key: string) => string) {
  return path.replace(/:(\w+)/g, (_m, p: string) => encodeURIComponent(value(p, paramKey(path, p))));
}

// ---------------------------------------------------------------- Remix pages

export type PageRoute = { id: string; path: string };

type RouteFn = (path: string | undefined, file: string, options?: unknown, children?: () => void) => void;

/** Every page route of app/routes.ts with its full path (layouts without a path of their own are left out). */
export function pageRoutes(): PageRoute[] {
  const pages: PageRoute[] = [];
  const parents: string[] = [];
  const route: RouteFn = (path, file, options, children) => {
    const opts = (typeof options === "function" ? {} : (options ?? {})) as { id?: string; index?: boolean };
    const kids = typeof options === "function" ? (options as () => void) : children;
    const full = `/${[...parents, path].filter(Boolean).join("/")}`;
    if (!kids || opts.index) pages.push({ id: opts.id ?? file, path: full });
    if (kids) {
      parents.push(path ?? "");
      kids();
      parents.pop();
    }
  };
  defineAppRoutes(route as never);
  return pages;
}

/** Login-required page areas and the role each needs (null: any signed-in account). */
export const PAGE_AREAS: { prefix: string; role: Role | null }[] = [
  { prefix: "/seller-dashboard", role: "seller" },
  { prefix: "/superadmin-panel", role: "superadmin" },
  { prefix: "/user-dashboard", role: null },
];

export const areaOf = (path: string) => PAGE_AREAS.find((a) => path === a.prefix || path.startsWith(`${a.prefix}/`)) ?? null;

/** What each page path parameter names, keyed by the path up to and including it; the test fills in the ids. */
export type PageParam = "seller" | "package" | "booking" | "search" | "reset-token" | "hotel" | "student" | "travel-booking";
const PAGE_PARAMS: Record<string, PageParam> = {
  "/reset-password/:token": "reset-token",
  "/tour-package/:id": "package",
  "/booking/:id": "package",
  "/verify/:ref": "booking",
  "/hotel/:hotelId": "hotel",
  "/seller-dashboard/packages/modify-package/:id": "package",
  "/seller-dashboard/orders/:id": "booking",
  // A traveller's flight, stay or bus trip (issue 27); anyone else's answers 404 (travel-booking-pages.test.ts).
  "/user-dashboard/trips/:ref": "travel-booking",
  "/superadmin-panel/students/:id": "student",
  "/seller/:sellerId": "seller",
  "/seller/:sellerId/website/package/:packageId": "package",
  "/seller/:sellerId/website/searchpackages/:query": "search",
  "/seller/:sellerId/website/reset-password/:token": "reset-token",
  "/seller/:sellerId/website/booking/:id": "booking",
  "/package/:packageId": "package",
  "/searchpackages/:query": "search",
};

export const pageParamOf = (key: string): PageParam | undefined => PAGE_PARAMS[key];

export function unclassifiedPages(pages: PageRoute[]): string[] {
  return pages.flatMap((page) =>
    paramsOf(page.path)
      .map((p) => paramKey(page.path, p))
      .filter((key) => !(key in PAGE_PARAMS))
      .map((key) => `page ${page.path}: unknown path parameter — add "${key}" to PAGE_PARAMS in test/support/security-routes.ts`),
  );
}

// ---------------------------------------------------------------- request bodies

export const SAMPLE_PACKAGE = {
  name: "Sample Escape",
  city: "Sampleton",
  description: "A package the security matrix writes.",
  durationDays: 3,
  priceRanges: [{ label: "Per person", price: 1_000_00 }],
};

/**
 * A valid body per route. The session and role guards run before validation (ADR 0023), but a
 * tenant check or a write under test is reached only with a body that validates.
 */
const SAMPLE_BODIES: Record<string, unknown> = {
  "PUT /api/auth/profile": { name: "Sam Sample", phone: "+91 90000 00000" },
  "POST /api/auth/request-password-otp": { current: "not-the-password" },
  "PUT /api/auth/password": { new: "Sample#2026x", confirm: "Sample#2026x", otp: "123456" },
  "POST /api/bookings": bookingRequest({ packageId: "p_goa" }),
  "PUT /api/bookings/seller/bookings/:id/approve": { message: "See you soon" },
  "PUT /api/bookings/seller/bookings/:id/reject": { message: "Sold out on those dates" },
  "PUT /api/bookings/:id/status": { status: "cancelled" },
  "POST /api/cart": bookingRequest({ packageId: "p_goa" }),
  "POST /api/payments/checkout": { source: "cart" },
  "POST /api/payments/:id/confirm": { razorpay_order_id: "order_x", razorpay_payment_id: "pay_x", razorpay_signature: "0".repeat(64) },
  "POST /api/payments/:id/failure": { reason: "Card declined" },
  "POST /api/payments/:id/test-pay": { outcome: "failure" },
  "PUT /api/seller-website/config": { themeColor: "#123456", secondaryColor: "#654321", websiteName: "Sample Site" },
  "PUT /api/seller-admin/config": { themeColor: "#123456", secondaryColor: "#654321", websiteName: "Sample Site" },
  "POST /api/seller-admin/packages": SAMPLE_PACKAGE,
  "PUT /api/seller-admin/packages/:id": SAMPLE_PACKAGE,
  "PUT /api/seller-admin/packages/:id/status": { status: "draft" },
  "POST /api/seller-departures": { packageId: "p_kerala_draft", startDate: "2031-01-15", capacity: 10 },
  "PUT /api/seller-departures/:id": { capacity: 30, status: "closed" },
  "PUT /api/seller-admin/messages/:id": { status: "read" },
  "PUT /api/seller-admin/profile": { bio: "Sample bio" },
  "POST /api/seller-admin/domains": { hostname: "sample-matrix.example.com" },
  "POST /api/seller-requests": {
    businessName: "Sample Trails",
    phone: "+91 98000 12345",
    city: "Kochi",
    about: "Backwater and beach holidays in Kerala since 2015.",
  },
  "POST /api/superadmin/seller-requests/:id/reject": { note: "Not enough detail" },
  "POST /api/superadmin/student-verifications/:id/reject": { reason: "Not a student card" },
  "PUT /api/superadmin/users/:id/status": { status: "disabled" },
  "PUT /api/superadmin/packages/:id/decision": { decision: "reject", reason: "Not enough detail" },
  "PUT /api/superadmin/edits/:id/decision": { decision: "reject", reason: "Not enough detail" },
  "PUT /api/superadmin/users/:id/role": { role: "user" },
  // Public searches: dates inside the windows they take (a bus up to 59 days ahead).
  "POST /api/flights/search": { origin: "DEL", destination: "BOM", departureDate: daysFromNow(30) },
  "POST /api/hotels/rates": { city: "Goa", checkIn: daysFromNow(20), checkOut: daysFromNow(22), rooms: [{ adults: 2, childAges: [] }] },
  "POST /api/buses/search": { origin: "Bengaluru", destination: "Chennai", date: daysFromNow(10) },
  "POST /api/reviews": { booking: "bk_matrix_missing", rating: 5, text: "A well planned trip from the first day to the last." },
  "POST /api/seller-admin/reviews/:id/reply": { reply: "Thank you for travelling with us" },
  "POST /api/seller-admin/reviews/:id/report": { reason: "other" },
  "POST /api/superadmin/reviews/:id/remove": { reason: "duplicate" },
  "POST /api/dev/flight-fare": { flightKey: "6E-2134:2031-01-15", fareAdjust: 0 },
  // Spec §9's figures: a superadmin sending the sample changes nothing.
  "PUT /api/superadmin/settings": {
    discountPercent: 10,
    bookingFeePercent: 18,
    maxTravellers: 12,
    childrenDiscountPercent: 0,
    studentDiscountPercent: 5,
    packagesNeedApproval: false,
  },
};

/** The sample body of a route; GET, HEAD and body-less routes get none. */
export const sampleBody = (route: ApiRoute): unknown => SAMPLE_BODIES[route.key];

/**
 * SECURITY (issue 23): every API write that sends an email or costs money (a provider order, a refund) is rate
 * limited, and answers 429 with nothing written past its limit. Each write route is either here, with the buckets
 * that hold it, or in UNLIMITED_WRITES with the reason it needs none; `unclassifiedWrites` names any write in
 * neither, so a new route must say which it is.
 */
export const LIMITED_WRITES: Record<string, string> = {
  "POST /api/auth/signup": "signup per address",
  "POST /api/auth/verify-otp": "code checks per address and account",
  "POST /api/auth/resend-otp": "codes sent per address and account",
  "POST /api/auth/forgot-password": "codes sent per address",
  "POST /api/auth/reset-password": "code checks per address",
  "POST /api/auth/login": "sign-in tries per address and account",
  "POST /api/auth/request-password-otp": "codes sent per address and account",
  "PUT /api/auth/password": "code checks per address and account",
  "POST /api/bookings": "booking requests per account and per seller",
  "POST /api/payments/checkout": "checkouts (provider orders) per account",
  "POST /api/payments/:id/confirm": "payment callbacks per account",
  "POST /api/payments/:id/failure": "payment callbacks per account",
  "POST /api/seller-website/seller/:sellerId/website/messages": "messages per visitor and seller, per seller inbox",
  // Public searches (issue 27): reads, POST for the body, no email; with an outside aggregator configured each is a call
  // to it, so each is counted per client address on the Rate Limiting binding (ADR 0063).
  "POST /api/flights/search": "searches per client address (SEARCH_LIMITER)",
  "POST /api/hotels/rates": "searches per client address (SEARCH_LIMITER)",
  "POST /api/buses/search": "searches per client address (SEARCH_LIMITER)",
};

export const UNLIMITED_WRITES: Record<string, string> = {
  "POST /api/auth/handover": "a single-use token; no email, no money",
  "PUT /api/auth/profile": "no email, no money",
  "POST /api/auth/logout": "no email, no money",
  "POST /api/auth/logout-everywhere": "no email, no money; ends the account's own sessions",
  "PUT /api/bookings/seller/bookings/:id/approve": "one answer per booking (one conditional update): one email",
  "PUT /api/bookings/seller/bookings/:id/reject": "one answer per booking (one conditional update): one email, one refund",
  "PUT /api/bookings/:id/status": "one cancellation per booking (one conditional update): one email, one refund",
  "POST /api/cart": "no email, no money; at most 10 trips",
  "DELETE /api/cart/:id": "no email, no money",
  "POST /api/payments/:id/reopen": "opens an existing provider order; no email, no new order",
  "POST /api/payments/:id/test-pay": "development and tests only",
  "POST /api/webhooks/payments": "signed by the provider; each event takes effect once",
  "PUT /api/seller-website/config": "no email, no money",
  "POST /api/seller-admin/packages": "no email, no money",
  "PUT /api/seller-admin/packages/:id": "no email, no money",
  "PUT /api/seller-admin/packages/:id/status": "no email, no money",
  "DELETE /api/seller-admin/packages/:id": "no email, no money",
  "POST /api/seller-departures": "no email, no money",
  "PUT /api/seller-departures/:id": "no email, no money",
  "DELETE /api/seller-departures/:id": "no email, no money",
  "PUT /api/seller-admin/messages/:id": "no email, no money",
  "PUT /api/seller-admin/config": "no email, no money",
  "PUT /api/seller-admin/profile": "no email, no money",
  "PUT /api/seller-admin/site/slug": "once per seller (seller_slug_changes holds one row per seller); no email, no money",
  "POST /api/seller-admin/domains": "no email, no money; one Cloudflare call, at most a few not live",
  "DELETE /api/seller-admin/domains/:id": "no email, no money",
  "POST /api/seller-admin/domains/:id/check":
    "no money; one Cloudflare call on the seller's own domain, and the one 'is live' email only on the change to live",
  "POST /api/seller-admin/media": "no email, no money; 2 MB each",
  "POST /api/seller-requests": "one application under review per account: one email",
  "POST /api/superadmin/domains/:id/activate": "the superadmin's; no email",
  "POST /api/superadmin/domains/:id/deactivate": "the superadmin's; no email",
  "POST /api/superadmin/seller-requests/:id/approve": "the superadmin's; one answer per application",
  "POST /api/superadmin/seller-requests/:id/reject": "the superadmin's; one answer per application",
  "PUT /api/superadmin/users/:id/status": "the superadmin's",
  "PUT /api/superadmin/packages/:id/decision": "the superadmin's; one decision per package",
  "PUT /api/superadmin/edits/:id/decision": "the superadmin's; one decision per change",
  "POST /api/student-verification": "one document waiting per traveller (409 while one waits); no email, no money; 4 MB each",
  "POST /api/superadmin/student-verifications/:id/approve": "the superadmin's; one decision per verification: one email",
  "POST /api/superadmin/student-verifications/:id/reject": "the superadmin's; one decision per verification: one email",
  "PUT /api/superadmin/users/:id/role": "the superadmin's; no email",
  "PUT /api/superadmin/settings": "the superadmin's; no email",
  "POST /api/dev/scheduled": "development only",
  "POST /api/dev/flight-fare": "development only",
  "POST /api/dev/flight-searches/:id/abort": "development only",
  "POST /api/travel-bookings/:id/cancel":
    "one cancellation per booking (one conditional update): at most one refund (its id is the booking's); no email",
  "POST /api/reviews": "one review per trip (unique booking id); no email, no money",
  "POST /api/reviews/photos": "no email, no money; 2 MB each",
  "POST /api/seller-admin/reviews/:id/reply": "one reply per review (one conditional update); no email, no money",
  "POST /api/seller-admin/reviews/:id/report": "one report per review (one conditional update); no email, no money",
  "POST /api/superadmin/reviews/:id/publish": "the superadmin's; one decision per review; no email",
  "POST /api/superadmin/reviews/:id/remove": "the superadmin's; one decision per review; no email",
};

export const unclassifiedWrites = (routes: ApiRoute[]) =>
  routes.filter((r) => r.method !== "GET" && !(r.key in LIMITED_WRITES) && !(r.key in UNLIMITED_WRITES)).map((r) => r.key);
