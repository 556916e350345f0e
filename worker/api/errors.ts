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

export function errorResponse(c: Context, error: unknown) {
  if (error instanceof DomainError) {
    return c.json({ success: false, message: error.message, ...(error.issues ? { issues: error.issues } : {}) }, statusOf(error));
  }
  if (error instanceof ZodError) {
    const e = validationError(error);
    return c.json({ success: false, message: e.message, issues: e.issues }, 422);
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    const message = status === 400 ? "Malformed request body" : error.message || "Request failed";
    return c.json({ success: false, message }, status);
  }
  // A D1 failure is the platform's, not the request's: the client may repeat it (ADR 0020).
  if (isD1Failure(error)) {
    console.error("D1 failure", error);
    return c.json({ success: false, message: SERVICE_BUSY }, 503, { "Retry-After": "1" });
  }
  console.error("Unhandled API error", error);
  return c.json({ success: false, message: "Something went wrong. Please try again." }, 500);
}
