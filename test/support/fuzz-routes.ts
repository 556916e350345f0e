import type { RouteConfigEntry } from "@remix-run/route-config";
import routeConfig from "../../app/routes";
import type { ZodTypeAny } from "zod";
import { createApiApp } from "../../worker/api/app";
import { routeInfoOf } from "../../worker/api/route-info";

// The fuzz suite lists its targets from the app itself, so a route added tomorrow is fuzzed
// without anyone remembering to add it here.

/** An endpoint, and the schema its JSON body is validated with, when it has one (`validate("json", …)`). */
export type ApiRoute = { method: string; path: string; jsonBody?: ZodTypeAny };

/**
 * Every endpoint of the Hono app, from its own route table. A validator and its handler are two
 * entries of one endpoint, so entries are unique by method and path; middleware (`ALL /api/*`,
 * `ALL /api/dev/*`) is not an endpoint.
 */
export function listApiRoutes(): ApiRoute[] {
  const seen = new Map<string, ApiRoute>();
  for (const { method, path, handler } of createApiApp().routes) {
    if (method === "ALL" && path.endsWith("*")) continue;
    const key = `${method} ${path}`;
    const route = seen.get(key) ?? { method, path };
    const info = routeInfoOf(handler);
    if (info?.kind === "validate" && info.target === "json") route.jsonBody = info.schema as ZodTypeAny;
    seen.set(key, route);
  }
  return [...seen.values()];
}

/** A page: its full path pattern, and the ids of the routes it renders (layouts first), for `?_data=`. */
export type PageRoute = { id: string; pattern: string; chain: string[] };

/**
 * Every leaf of the Remix route table (`app/routes.ts`) in every route tree, with its full path pattern. The
 * custom-domain tree repeats the seller pages at the root, so a pattern can appear twice (the tree is `chain[0]`).
 */
export async function listAllPageRoutes(): Promise<PageRoute[]> {
  const leaves = (entries: RouteConfigEntry[], parent: string, chain: string[]): PageRoute[] =>
    entries.flatMap((entry) => {
      const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
      const ids = [...chain, entry.id ?? entry.file];
      if (entry.children?.length) return leaves(entry.children, pattern, ids);
      return [{ id: ids[ids.length - 1], pattern: `/${pattern}`, chain: ids }];
    });
  return leaves(await routeConfig, "", []);
}

/** Every page of the Remix route table (`app/routes.ts`): its leaf routes with their full path patterns. */
export async function listPageRoutes(): Promise<PageRoute[]> {
  const seen = new Map<string, PageRoute>();
  for (const route of await listAllPageRoutes()) if (!seen.has(route.pattern)) seen.set(route.pattern, route);
  return [...seen.values()];
}

/** `:name`, `:name?`, `:name{regex}` (Hono) and `*` splats of a route pattern, in order. */
const PARAM = /:([A-Za-z0-9_]+)(\{[^}]*\})?\??|\*/g;

export const paramNames = (pattern: string) => [...pattern.matchAll(PARAM)].map((m) => m[1] ?? "*");

/** The pattern with each parameter replaced by the next of `values` (already encoded path segments). */
export function fillPattern(pattern: string, values: string[]) {
  let i = 0;
  return pattern.replace(PARAM, () => values[i++] ?? "");
}
