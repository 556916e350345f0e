import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { KEY_PATTERN } from "../domain/idempotency";
import { badRequest } from "./errors";

/**
 * The Idempotency-Key header of a create (ADR 0009, ADR 0020). What a key means, and how a repeat is answered,
 * is the domain's (worker/domain/idempotency.ts); this reads the header and refuses a malformed one.
 */
export function idempotencyKeyOf(c: Context, options: { required: true }): string;
export function idempotencyKeyOf(c: Context, options: { required: false }): string | null;
export function idempotencyKeyOf(c: Context, { required }: { required: boolean }): string | null {
  const key = c.req.header("idempotency-key")?.trim();
  if (!key) {
    if (required) throw badRequest("An Idempotency-Key header is required");
    return null;
  }
  if (!KEY_PATTERN.test(key)) throw badRequest("The Idempotency-Key header must be 8 to 200 visible characters");
  return key;
}

/** Refuses a create without a well-formed Idempotency-Key (400) before its body is read. */
export const requireIdempotencyKey = createMiddleware(async (c, next) => {
  idempotencyKeyOf(c, { required: true });
  await next();
});
