import type { MiddlewareHandler, TypedResponse, ValidationTargets } from "hono";
import { createMiddleware } from "hono/factory";
import type { StatusCode } from "hono/utils/http-status";
import type { BlankInput } from "hono/types";
import type { ZodSchema, ZodTypeAny, z } from "zod";
import type { Role } from "@db/users";

/**
 * What the OpenAPI document knows about a route, kept on the middleware that does the work: the
 * validator knows its schema, the guard its role. The document is read from the app's own route
 * table (worker/api/openapi.ts), so it cannot describe a route other than the one that runs
 * (ADR 0023).
 */

/** A route's answers by status: the zod schema of the body, or `null` for an answer without one (204). */
export type Responses = { [status: number]: ZodTypeAny | null };

export type RouteDoc<R extends Responses = Responses> = {
  summary: string;
  description?: string;
  /**
   * The success answers (and any error answer with a body of its own), each with its schema. The handler's
   * answers are checked against these when the app compiles (worker/api/declared-responses.ts).
   */
  responses: R;
  /** Words on the success answer that its schema cannot say (headers, order, limits). */
  returns?: string;
  /** The success answer's media type when it is not JSON. */
  mediaType?: string;
  /** A body not read by `validate()` (not JSON, or read raw). */
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

/**
 * The answers a route declares, as Hono types a middleware's answers: the route table's type (`AppType`) then
 * carries them beside the handler's own, in the format `declared`, so the compiler can hold one against the
 * other. Type only: the middleware never answers.
 */
export type DeclaredAnswer<R extends Responses> = {
  [S in keyof R & StatusCode]: TypedResponse<R[S] extends ZodTypeAny ? z.input<R[S]> : null, S, "declared">;
}[keyof R & StatusCode];

/** Summary, description and answers of a route for /api/openapi.json and /api/docs; does nothing at run time. */
export const describeRoute = <const R extends Responses>(doc: RouteDoc<R>) =>
  registerRouteInfo(
    createMiddleware(async (_c, next) => {
      await next();
    }),
    { kind: "doc", doc },
  ) as unknown as MiddlewareHandler<any, string, BlankInput, DeclaredAnswer<R>>;
