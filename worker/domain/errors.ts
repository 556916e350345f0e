/**
 * What a domain service refuses, in the domain's words: the API (worker/api/errors.ts) and the pages
 * (app/lib/session.server.ts) map a kind to their HTTP status, so no service knows about HTTP.
 */
export type DomainErrorKind =
  | "invalid"
  | "unauthorized"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "too-large"
  | "unsupported"
  | "unprocessable"
  | "rate-limited"
  | "unavailable";

export type DomainIssue = { path: string; message: string };

/** An expected refusal with a message meant for the user. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly issues?: DomainIssue[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new DomainError("invalid", message);
export const unauthorized = (message = "Please log in to continue") => new DomainError("unauthorized", message);
export const forbidden = (message = "You do not have permission to do this") => new DomainError("forbidden", message);
export const notFound = (message = "Not found") => new DomainError("not-found", message);
export const conflict = (message: string) => new DomainError("conflict", message);
export const tooManyRequests = (message = "Too many requests. Please try again later.") => new DomainError("rate-limited", message);
export const unprocessable = (message: string, issues?: DomainIssue[]) => new DomainError("unprocessable", message, issues);
export const tooLarge = (message: string) => new DomainError("too-large", message);
export const unsupported = (message: string) => new DomainError("unsupported", message);
/** A service we depend on (the payment provider) did not answer; nothing was changed. */
export const unavailable = (message: string) => new DomainError("unavailable", message);
