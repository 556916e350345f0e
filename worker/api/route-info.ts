import type { ValidationTargets } from "hono";
import { createMiddleware } from "hono/factory";
import type { ZodSchema } from "zod";
import type { Role } from "@db/users";

/**
 * What the OpenAPI document knows about a route, kept on the middleware that does the work: the
 * validator knows its schema, the guard its role. The document is read from the app's own route
 * table (worker/api/openapi.ts), so it cannot describe a route other than the one that runs
 * (ADR 0023).
 */
export type RouteDoc = {
  summary: string;
  description?: string;
  /** The success status; 200 when absent. */
  status?: 200 | 201;
  /** What the success answer holds. */
  returns?: string;
  /** The success answer's media type when it is not JSON. */
  mediaType?: string;
  /** A body not read by `validate()` (parsed in the handler, or not JSON). */
  body?: ZodSchema | { contentType: string[]; description: string };
  /** Statuses this route answers besides success, validation, session and D1 ones (e.g. 404, 409, 429). */
  errors?: number[];
  idempotencyKey?: "required" | "optional";
  /** `false` for a route that never touches D1 (so never answers 503). */
  database?: false;
  /** Set on an alias kept for old callers: the path to use instead. */
  deprecatedFor?: string;
};

export type RouteInfo =
  | { kind: "validate"; target: keyof ValidationTargets; schema: ZodSchema }
  | { kind: "guard"; role: Role | null }
  | { kind: "doc"; doc: RouteDoc }
  | { kind: "development-only" };

const infos = new WeakMap<object, RouteInfo>();

export function registerRouteInfo<H extends object>(handler: H, info: RouteInfo): H {
  infos.set(handler, info);
  return handler;
}

export const routeInfoOf = (handler: unknown): RouteInfo | undefined => (typeof handler === "function" ? infos.get(handler) : undefined);

/** Summary, description and answers of a route for /api/openapi.json and /api/docs; does nothing at run time. */
export const describeRoute = (doc: RouteDoc) =>
  registerRouteInfo(
    createMiddleware(async (_c, next) => {
      await next();
    }),
    { kind: "doc", doc },
  );
