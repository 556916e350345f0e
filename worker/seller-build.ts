import type { ServerBuild } from "@remix-run/cloudflare";

/** Route ids a seller site can match, by mode: its own pages (and, on a domain, the dispatch routes). */
const ROUTES_BY_MODE = {
  path: /^(root|seller-path(\/.*)?)$/,
  domain: /^(root|seller-domain(\/.*)?|home|about|contact|login|signup|forgot-password|reset-password)$/,
};

/**
 * The server build narrowed to the routes a seller site can reach (ADR 0008). Remix flattens,
 * ranks and matches every route of the build about six times per document request (lazy route
 * discovery included); a seller page needs a fifth of them, and matching was a large part of
 * an uncached render's CPU time.
 */
export function sellerSiteBuild(build: ServerBuild, mode: keyof typeof ROUTES_BY_MODE): ServerBuild {
  const wanted = ROUTES_BY_MODE[mode];
  const keep = <T>(table: Record<string, T>) => Object.fromEntries(Object.entries(table).filter(([id]) => wanted.test(id)));
  return { ...build, routes: keep(build.routes), assets: { ...build.assets, routes: keep(build.assets.routes) } };
}
