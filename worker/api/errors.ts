import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import { SERVICE_BUSY, isD1Failure } from "../db/d1-failure";
import { DomainError, type DomainErrorKind, type DomainIssue } from "../domain/errors";

export { badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from "../domain/errors";

export type ApiIssue = DomainIssue;

const STATUS_OF_KIND: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  unsupported: 415,
  unprocessable: 422,
  "rate-limited": 429,
  unavailable: 503,
};
const KIND_OF_STATUS = new Map(Object.entries(STATUS_OF_KIND).map(([kind, status]) => [status, kind as DomainErrorKind]));

/** A refusal decided at the HTTP edge (a route, validation), with its status. */
export class ApiError extends DomainError {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    issues?: ApiIssue[],
  ) {
    super(KIND_OF_STATUS.get(status) ?? "invalid", message, issues);
  }
}

/** The HTTP status of a domain refusal: the one place a domain kind becomes a status. */
export const statusOf = (error: DomainError): ContentfulStatusCode =>
  error instanceof ApiError ? error.status : STATUS_OF_KIND[error.kind];

export function zodIssues(error: ZodError): ApiIssue[] {
  return error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

export function validationError(error: ZodError) {
  const issues = zodIssues(error);
  return new ApiError(422, issues[0]?.message ?? "Invalid input", issues);
}

type ErrorAnswer = {
  body: { success: false; message: string; issues?: ApiIssue[] };
  status: ContentfulStatusCode;
  headers?: Record<string, string>;
};

/** The one error shape (`{ success: false, message, issues? }`) and status of anything a route throws. */
function errorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof DomainError) {
    return { body: { success: false, message: error.message, ...(error.issues ? { issues: error.issues } : {}) }, status: statusOf(error) };
  }
  if (error instanceof ZodError) {
    const e = validationError(error);
    return { body: { success: false, message: e.message, issues: e.issues }, status: 422 };
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    const message = status === 400 ? "Malformed request body" : error.message || "Request failed";
    return { body: { success: false, message }, status };
  }
  // A D1 failure is the platform's, not the request's: the client may repeat it (ADR 0020).
  if (isD1Failure(error)) {
    console.error("D1 failure", error);
    return { body: { success: false, message: SERVICE_BUSY }, status: 503, headers: { "Retry-After": "1" } };
  }
  console.error("Unhandled API error", error);
  return { body: { success: false, message: "Something went wrong. Please try again." }, status: 500 };
}

export function errorResponse(c: Context, error: unknown) {
  const { body, status, headers } = errorAnswer(error);
  return c.json(body, status, headers);
}

/**
 * The error as a response of its own, carrying nothing of the context's: what replaces an answer that must not
 * leave (a read whose session check failed, worker/api/guard.ts), headers the handler set included.
 */
export function freshErrorResponse(error: unknown): Response {
  const { body, status, headers } = errorAnswer(error);
  return Response.json(body, { status, headers });
}
