import type { ValidationTargets } from "hono";
import type { RouterRoute } from "hono/types";
import type { ZodSchema } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import { SESSION_COOKIE } from "../auth/session";
import { apiError } from "./responses/common";
import { type RouteDoc, type RouteInfo, routeInfoOf } from "./route-info";

/**
 * The OpenAPI 3.1 document of the API, read from the Hono app's own route table (ADR 0023): the
 * validators' zod schemas give parameters and bodies, the guards give security, `describeRoute`
 * gives the words. Nothing here lists routes, so a new route is documented by being mounted.
 */

export type JsonSchema = { [key: string]: unknown };
export type Parameter = { name: string; in: "path" | "query" | "header"; required: boolean; description?: string; schema: JsonSchema };
export type MediaTypes = Record<string, { schema?: JsonSchema }>;
export type Response = { description: string; content?: MediaTypes };
export type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  deprecated?: true;
  security: Record<string, string[]>[];
  parameters: Parameter[];
  requestBody?: { required: boolean; description?: string; content: MediaTypes };
  responses: Record<string, Response | { $ref: string }>;
};
export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, JsonSchema>;
  };
};

/** One endpoint: its method, its Hono path, and every handler that runs for it (middleware first). */
export type Endpoint = { method: string; path: string; handlers: unknown[] };

const isMiddleware = (r: RouterRoute) => r.method === "ALL" && r.path.endsWith("*");

/** The app's endpoints, each with the `use()` middleware whose prefix covers it. */
export function endpointsOf(routes: RouterRoute[]): Endpoint[] {
  const middleware = routes.filter(isMiddleware).map((m) => ({ prefix: m.path.slice(0, -1).replace(/\/$/, ""), handler: m.handler }));
  const endpoints = new Map<string, Endpoint>();
  for (const route of routes) {
    if (isMiddleware(route)) continue;
    const key = `${route.method} ${route.path}`;
    let endpoint = endpoints.get(key);
    if (!endpoint) {
      const covering = middleware.filter((m) => route.path === m.prefix || route.path.startsWith(`${m.prefix}/`));
      endpoint = { method: route.method, path: route.path, handlers: covering.map((m) => m.handler) };
      endpoints.set(key, endpoint);
    }
    endpoint.handlers.push(route.handler);
  }
  return [...endpoints.values()];
}

/** `/api/x/:id{[0-9]+}` → `/api/x/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, "{$1}");

const ERRORS: Record<number, [name: string, description: string]> = {
  400: ["BadRequest", "Malformed request (body that is not JSON, a missing header, a wrong code)"],
  401: ["Unauthorized", "No session, or one that has ended (disabled account, password changed since)"],
  403: ["Forbidden", "Another role's route, a cross-site request with the session cookie, or an action this account may not take"],
  404: ["NotFound", "No such resource for this account"],
  409: ["Conflict", "The resource's state does not allow this (already reviewed, has bookings, taken)"],
  413: ["PayloadTooLarge", "The body is too large"],
  415: ["UnsupportedMediaType", "The body's type is not accepted"],
  422: ["ValidationFailed", "The input failed validation; `issues` lists each field's problem"],
  429: ["TooManyRequests", "Rate limited; try again later"],
  503: ["ServiceBusy", "The database is briefly unavailable; nothing was written, and the request may be repeated (Retry-After)"],
};

const TAGS: Record<string, string> = {
  platform: "Health and this documentation",
  auth: "Accounts and sessions: signup, login, profile, passwords, hand-over",
  bookings: "Booking requests: customers book and cancel, sellers approve and reject",
  "seller-website": "The public read API of seller websites, and their contact form",
  "seller-admin": "The signed-in seller's packages, website, inbox, domains and media",
  "seller-payments": "The signed-in seller's payments ledger and its CSV export",
  "seller-requests": "A customer's application to become a seller",
  "student-verification": "A traveller's student status and student ID (the student discount)",
  superadmin: "Platform administration: applications, custom domains, accounts, student IDs",
  dev: "Development only: the email outbox",
};

/** JSON Schema (2020-12 compatible) of what a request may send: the input side of transforms. */
export function toJsonSchema(schema: ZodSchema): JsonSchema {
  const { $schema: _, ...json } = zodToJsonSchema(schema as never, {
    target: "jsonSchema7",
    $refStrategy: "none",
    effectStrategy: "input",
    pipeStrategy: "input",
    // Unknown keys are stripped, not refused: say nothing about them.
    removeAdditionalStrategy: "strict",
    allowedAdditionalProperties: undefined,
  }) as JsonSchema;
  return json;
}

const infosOf = (e: Endpoint) => e.handlers.map(routeInfoOf).filter((i): i is RouteInfo => i !== undefined);

/** Whether the endpoint exists only in development. */
export const isDevelopmentOnly = (e: Endpoint) => infosOf(e).some((i) => i.kind === "development-only");

function parametersOf(e: Endpoint, validators: Map<keyof ValidationTargets, JsonSchema>, doc: RouteDoc | undefined): Parameter[] {
  const fromObject = (where: "path" | "query", schema: JsonSchema | undefined, names?: string[]): Parameter[] => {
    const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema?.required ?? []) as string[]);
    return (names ?? Object.keys(properties)).map((name) => {
      const { description, ...rest } = properties[name] ?? { type: "string" };
      return {
        name,
        in: where,
        required: where === "path" || required.has(name),
        ...(typeof description === "string" ? { description } : {}),
        schema: rest,
      };
    });
  };
  const pathNames = [...e.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  const parameters = [...fromObject("path", validators.get("param"), pathNames), ...fromObject("query", validators.get("query"))];
  if (doc?.idempotencyKey)
    parameters.push({
      name: "Idempotency-Key",
      in: "header",
      required: doc.idempotencyKey === "required",
      description: "8 to 200 visible characters; a retry with the same key and body answers as the first request did",
      schema: { type: "string", minLength: 8, maxLength: 200 },
    });
  return parameters;
}

function requestBodyOf(validators: Map<keyof ValidationTargets, JsonSchema>, optional: boolean, doc: RouteDoc | undefined) {
  const json = validators.get("json");
  if (json) return { required: !optional, content: { "application/json": { schema: json } } };
  const body = doc?.body;
  if (!body) return undefined;
  if (!("contentType" in body)) return { required: !body.isOptional(), content: { "application/json": { schema: toJsonSchema(body) } } };
  const content: MediaTypes = {};
  for (const type of body.contentType)
    content[type] =
      type === "multipart/form-data"
        ? {
            schema: {
              type: "object",
              required: ["file"],
              properties: { file: { type: "string", contentMediaType: "application/octet-stream" } },
            },
          }
        : {};
  return { required: true, description: body.description, content };
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

function operationOf(e: Endpoint): Operation {
  const infos = infosOf(e);
  const doc = infos.find((i) => i.kind === "doc")?.doc;
  const guards = infos.filter((i) => i.kind === "guard");
  const role = guards.map((g) => g.role).find((r) => r !== null) ?? null;
  const validated = infos.filter((i) => i.kind === "validate");
  const validators = new Map(validated.map((v) => [v.target, toJsonSchema(v.schema)]));
  const jsonOptional = validated.some((v) => v.target === "json" && v.schema.isOptional());

  const errors = new Set(doc?.errors ?? []);
  if (validated.length || doc?.body) errors.add(422);
  if (validators.has("json") || doc?.body) errors.add(400);
  if (guards.length) errors.add(401);
  // SECURITY: a write with the session cookie from another origin is refused (CSRF), whatever the role.
  if (role || (guards.length && !SAFE.has(e.method))) errors.add(403);
  if (doc?.database !== false) errors.add(503);

  const description = [
    doc?.description,
    guards.length
      ? `Requires ${role ? `a ${role}` : "any signed-in"} account's session (bearer token or the \`${SESSION_COOKIE}\` cookie).`
      : "",
    doc?.deprecatedFor ? `Deprecated: an alias of \`${doc.deprecatedFor}\`, kept for older callers.` : "",
  ].filter(Boolean);
  const segments = e.path.split("/").filter(Boolean);
  const tag = segments[1] && segments[1] in TAGS ? segments[1] : segments.length > 2 ? segments[1] : "platform";
  const words = [e.method.toLowerCase(), ...segments.slice(1).map((s) => s.replace(/^:/, "by-").replace(/\{.*\}$/, ""))];
  const operationId = words
    .join("-")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1)))
    .join("");

  const responses = responsesOf(doc);
  for (const status of [...errors].sort((a, b) => a - b)) {
    if (String(status) in responses) continue;
    const known = ERRORS[status];
    responses[String(status)] = known ? { $ref: `#/components/responses/${known[0]}` } : errorResponse(`Error ${status}`);
  }
  const requestBody = requestBodyOf(validators, jsonOptional, doc);
  return {
    operationId,
    summary: doc?.summary ?? `${e.method} ${openApiPath(e.path)}`,
    ...(description.length ? { description: description.join("\n\n") } : {}),
    tags: [tag],
    ...(doc?.deprecatedFor ? { deprecated: true as const } : {}),
    security: guards.length ? [{ bearerAuth: [] }, { cookieAuth: [] }] : [],
    parameters: parametersOf(e, validators, doc),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/**
 * The answers `describeRoute` declares, each with its schema (ADR 0023). A route without a declaration gets a
 * JSON answer with no schema, which test/integration/api-docs.test.ts refuses.
 */
function responsesOf(doc: RouteDoc | undefined): Operation["responses"] {
  if (!doc) return { "200": { description: "Undocumented: this route has no describeRoute", content: { "application/json": {} } } };
  const responses: Operation["responses"] = {};
  for (const [status, schema] of Object.entries(doc.responses)) {
    const success = status.startsWith("2");
    const description = success
      ? (doc.returns ?? schema?.description ?? "Success")
      : (schema?.description ?? ERRORS[Number(status)]?.[1] ?? `Error ${status}`);
    responses[status] =
      schema === null
        ? { description }
        : { description, content: { [(success && doc.mediaType) || "application/json"]: { schema: toJsonSchema(schema) } } };
  }
  return responses;
}

const errorResponse = (description: string): Response => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** The document for an app's route table; development-only routes are left out unless `development`. */
export function buildOpenApiDocument(routes: RouterRoute[], options: { development: boolean }): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  const tags = new Set<string>();
  for (const endpoint of endpointsOf(routes)) {
    if (!options.development && isDevelopmentOnly(endpoint)) continue;
    const operation = operationOf(endpoint);
    tags.add(operation.tags[0]);
    const path = openApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Tripbazaar API",
      version: "1",
      description:
        "The JSON API of Tripbazaar. Every error answers `{ success: false, message, issues? }`. Sessions travel as a bearer JWT (the `token` that login answers) or as the HttpOnly session cookie; a write with the cookie must come from this origin.",
    },
    tags: [...tags].map((name) => ({ name, description: TAGS[name] ?? name })),
    paths,
    components: {
      schemas: { Error: toJsonSchema(apiError) },
      responses: Object.fromEntries(Object.values(ERRORS).map(([name, description]) => [name, errorResponse(description)])),
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        cookieAuth: { type: "apiKey", in: "cookie", name: SESSION_COOKIE },
      },
    },
  };
}
