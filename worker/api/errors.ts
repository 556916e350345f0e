import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import { SERVICE_BUSY, isD1Failure } from "../db/d1-failure";

export type ApiIssue = { path: string; message: string };

/** An expected failure with a status and a message meant for the user. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly issues?: ApiIssue[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = "Please log in to continue") => new ApiError(401, message);
export const forbidden = (message = "You do not have permission to do this") => new ApiError(403, message);
export const notFound = (message = "Not found") => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const tooManyRequests = (message = "Too many requests. Please try again later.") => new ApiError(429, message);

export function zodIssues(error: ZodError): ApiIssue[] {
  return error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

export function validationError(error: ZodError) {
  const issues = zodIssues(error);
  return new ApiError(422, issues[0]?.message ?? "Invalid input", issues);
}

export function errorResponse(c: Context, error: unknown) {
  if (error instanceof ApiError) {
    return c.json({ success: false, message: error.message, ...(error.issues ? { issues: error.issues } : {}) }, error.status);
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
