import { breaksUnique } from "../db/constraints";
import { eq } from "drizzle-orm";
import { idempotencyKeys } from "@db/schema";
import type { Db } from "../db/client";
import { unprocessable } from "./errors";

/**
 * Idempotency keys for creates (ADR 0009, ADR 0020): a repeat of a create with the same key answers as the first
 * one did instead of making a second thing. The key (scoped by its owner in `idempotency_keys`) is stored by the
 * same D1 batch that makes the thing, so the key and its effect exist together or not at all. A second request
 * with the key either finds it stored (and answers as the first did) or fails inside its own batch on the key's
 * primary key, which rolls the whole batch back. Where a key comes from (the API's Idempotency-Key header, a
 * page's form) is the caller's business; the key is a plain string here.
 */

/** What an idempotency key may be: 8 to 200 visible ASCII characters. */
export const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
const KEY_REUSED = "This Idempotency-Key was already used for a different request";

/** SHA-256 of the validated input (zod output), so unknown keys do not count. */
export async function requestHash(input: unknown) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(input)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export type StoredKey = typeof idempotencyKeys.$inferSelect;

/** The stored key of an earlier request, or null; the same key with another input is refused as unprocessable (`reused`). */
export async function earlierRequest(db: Db, key: string, hash: string, reused = KEY_REUSED): Promise<StoredKey | null> {
  const row = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).get();
  if (row && row.requestHash !== hash) throw unprocessable(reused);
  return row ?? null;
}

/** Whether a batch was rolled back because a concurrent request stored the same key first. */
export function lostKeyRace(error: unknown) {
  return breaksUnique(error, "idempotency_keys.key");
}
