import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { idempotencyKeys } from "@db/schema";
import type { Db } from "../db/client";
import { ApiError, badRequest } from "./errors";

/**
 * Idempotency-Key support for creates (ADR 0009, ADR 0020). The key (scoped by user in
 * `idempotency_keys`) is stored by the same D1 batch that makes the thing: the key and its effect
 * exist together or not at all. A second request with the key either finds it stored (and answers
 * as the first did) or fails inside its own batch on the key's primary key, which rolls the whole
 * batch back.
 */
/** What an Idempotency-Key may be: 8 to 200 visible ASCII characters. */
export const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
const KEY_REUSED = "This Idempotency-Key was already used for a different request";

/** The request's Idempotency-Key; null when there is none and it is optional. */
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

/** SHA-256 of the validated input (zod output), so unknown keys do not count. */
export async function requestHash(input: unknown) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(input)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export type StoredKey = typeof idempotencyKeys.$inferSelect;

/** The stored key of an earlier request, or null; the same key with another body is a 422 (`reused`). */
export async function earlierRequest(db: Db, key: string, hash: string, reused = KEY_REUSED): Promise<StoredKey | null> {
  const row = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).get();
  if (row && row.requestHash !== hash) throw new ApiError(422, reused);
  return row ?? null;
}

/** Whether a batch was rolled back because a concurrent request stored the same key first. */
export function lostKeyRace(error: unknown) {
  return error instanceof Error && /UNIQUE constraint failed: idempotency_keys\.key/.test(error.message);
}
