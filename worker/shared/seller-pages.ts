/**
 * The one table of seller-site pages (ADR 0024). Everything that lists them derives from it:
 * the route mounts (app/routes.ts), the clean paths a custom domain answers and the route tree
 * each tenant is served from (worker/tenant/), the pages the edge cache may share
 * (worker/cache/page-cache.ts) and the browser's idea of which site it is on (app/lib/api.ts).
 * Imported by the app and the Worker alike, so it imports nothing.
 */

export type SellerPage = {
  /** The route path inside the site ("" is the landing). */
  path: string;
  /** The module in app/routes/seller-site/. */
  file: string;
  /** The same for every signed-out visitor, so the edge cache may share it (ADR 0007). */
  cacheable: boolean;
};

export const SELLER_PAGES: readonly SellerPage[] = [
  { path: "", file: "landing", cacheable: true },
  { path: "package/all", file: "package-all", cacheable: true },
  { path: "package/:packageId", file: "package-detail", cacheable: true },
  { path: "searchpackages/:query", file: "search", cacheable: true },
  { path: "about", file: "about", cacheable: true },
  { path: "contact", file: "contact", cacheable: true },
  { path: "signin", file: "signin", cacheable: false },
  { path: "login", file: "signin", cacheable: false },
  { path: "signup", file: "signup", cacheable: false },
  { path: "forgot-password", file: "forgot-password", cacheable: false },
  { path: "reset-password/:token", file: "reset-password", cacheable: false },
  { path: "dashboard", file: "dashboard", cacheable: false },
  { path: "settings", file: "settings", cacheable: false },
  { path: "booking/:id", file: "booking", cacheable: false },
  { path: "booking/:id/voucher.pdf", file: "booking-voucher", cacheable: false },
  { path: "booking-success", file: "booking-success", cacheable: false },
  { path: "sitemap.xml", file: "sitemap", cacheable: true },
  { path: "robots.txt", file: "robots", cacheable: true },
];

/** Where a seller site lives on the platform's hosts ("path" mode); on its own domain it sits at the root. */
export const SELLER_BASE = "seller/:sellerId/website";

/** `/seller/{slug}/website`, the base path of a seller site on the platform (ADR 0040; an id or an old slug redirects there). */
export const sellerBasePath = (segment: string) => `/${SELLER_BASE.replace(":sellerId", encodeURIComponent(segment))}`;

/** A path segment decoded; one that is not valid percent-encoding is kept as it came (it names no seller). */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export type SiteMode = "path" | "domain";

/** The seller layout's route id in each mode; the ids of its pages start with it and a slash. */
export const SELLER_LAYOUT_ID: Record<SiteMode, string> = { path: "seller-path", domain: "seller-domain" };

export const sellerPageRouteId = (mode: SiteMode, page: SellerPage) => `${SELLER_LAYOUT_ID[mode]}/${page.path || "index"}`;

/** True for the seller layout of `mode` and every page under it. */
export const inSellerTree = (routeId: string, mode: SiteMode) =>
  routeId === SELLER_LAYOUT_ID[mode] || routeId.startsWith(`${SELLER_LAYOUT_ID[mode]}/`);

/** Header the browser sends with API calls made from a seller site by path (see worker/tenant/). */
export const SITE_HEADER = "x-tb-site";

// Route paths as regular expressions: a `:param` is one segment, everything else literal.
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const sourceOf = (path: string, param: string) =>
  path
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment.startsWith(":") ? param : literal(segment)))
    .join("/");

// `website.data` is the landing's single-fetch data URL (a client navigation to Home).
const SELLER_BASE_RE = new RegExp(`^/${sourceOf(SELLER_BASE, "([^/]+)")}(?=/|\\.data$|$)`);

const PAGE_RES = SELLER_PAGES.map((page) => {
  const source = sourceOf(page.path, "[^/]+");
  return { page, re: new RegExp(source ? `^/${source}/?$` : "^/$") };
});

/** The `/seller/{id}/website` prefix of a path and its (still encoded) id segment, or null. */
export function matchSellerBase(pathname: string): { basePath: string; idSegment: string } | null {
  const match = SELLER_BASE_RE.exec(pathname);
  return match ? { basePath: match[0], idSegment: match[1] } : null;
}

/**
 * The seller page a request path asks for, its single-fetch `.data` twin included. By path the
 * site starts after `/seller/{id}/website`; on a custom domain at the root.
 */
export function sellerPageAt(pathname: string, mode: SiteMode): SellerPage | undefined {
  let inner = pathname;
  if (mode === "path") {
    const base = matchSellerBase(pathname);
    if (!base) return undefined;
    inner = pathname.slice(base.basePath.length);
  }
  inner = inner === "" || inner === ".data" || inner === "/_root.data" ? "/" : inner.replace(/\.data$/, "");
  return PAGE_RES.find(({ re }) => re.test(inner))?.page;
}

/**
 * Where a request for a site by path belongs when it named the site by its seller's id or by a slug they gave up
 * (ADR 0040): the same page and query at `sitePath`, the site's address of today; null when it is already there.
 * A single-fetch data URL (`….data`, `_routes`) is sent to its document, which the client then loads.
 */
export function movedSitePath(url: URL, sitePath: string): string | null {
  const [asked, today] = [matchSellerBase(url.pathname), matchSellerBase(sitePath)];
  if (!asked || !today || decodeSegment(asked.idSegment) === decodeSegment(today.idSegment)) return null;
  const rest = url.pathname.slice(asked.basePath.length).replace(/(\/_root)?\.data$/, "");
  const query = new URLSearchParams(url.search);
  query.delete("_routes");
  const search = query.toString();
  return `${today.basePath}${rest}${search ? `?${search}` : ""}`;
}
