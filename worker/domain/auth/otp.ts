import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { otpCodes, otpLocks } from "@db/schema";
import { badRequest, tooManyRequests } from "../errors";
import type { Db } from "../../db/client";
import { sameText } from "../mac";
import { type CodePurpose, generateCode, hashSecret } from "./codes";

export { CODE_DIGITS, type CodePurpose, generateCode, hashSecret } from "./codes";

export const CODE_TTL_MS = 10 * 60 * 1000;
export const RESEND_AFTER_MS = 30 * 1000;
export const SENDS_PER_HOUR = 5;
export const TRIES_PER_CODE = 5;
export const MISSES_BEFORE_LOCK = 20;
export const LOCK_MS = 24 * 60 * 60 * 1000;

const HOUR_MS = 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

async function assertNotLocked(db: Db, userId: string, now: number) {
  const lock = await db.select().from(otpLocks).where(eq(otpLocks.userId, userId)).get();
  if (lock?.lockedUntil && lock.lockedUntil > iso(now))
    throw tooManyRequests("Too many wrong codes. Codes for this account are locked for 24 hours.");
}

/**
 * Stores a fresh code (replacing any earlier one for this purpose) and returns
 * it for the email. The 30-second and 5-per-hour rules live in the WHERE of one
 * upsert, so parallel resends cannot both pass.
 */
export async function issueCode(
  db: Db,
  pepper: string,
  userId: string,
  purpose: CodePurpose,
  { now = Date.now(), ttlMs = CODE_TTL_MS, code = generateCode() } = {},
) {
  // A reset link is not guessable, so a code lock (which an attacker can cause) must not block it.
  if (purpose !== "reset-password") await assertNotLocked(db, userId, now);
  const codeHash = await hashSecret(pepper, userId, purpose, code);
  const hourAgo = iso(now - HOUR_MS);
  const row = await db
    .insert(otpCodes)
    .values({
      id: crypto.randomUUID(),
      userId,
      purpose,
      codeHash,
      expiresAt: iso(now + ttlMs),
      windowStartedAt: iso(now),
      lastSentAt: iso(now),
      createdAt: iso(now),
    })
    .onConflictDoUpdate({
      target: [otpCodes.userId, otpCodes.purpose],
      set: {
        codeHash,
        attempts: 0,
        consumedAt: null,
        expiresAt: iso(now + ttlMs),
        sendCount: sql`CASE WHEN ${otpCodes.windowStartedAt} <= ${hourAgo} THEN 1 ELSE ${otpCodes.sendCount} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${otpCodes.windowStartedAt} <= ${hourAgo} THEN ${iso(now)} ELSE ${otpCodes.windowStartedAt} END`,
        lastSentAt: iso(now),
      },
      setWhere: sql`${otpCodes.lastSentAt} <= ${iso(now - RESEND_AFTER_MS)} AND (${otpCodes.windowStartedAt} <= ${hourAgo} OR ${otpCodes.sendCount} < ${SENDS_PER_HOUR})`,
    })
    .returning({ id: otpCodes.id })
    .get();
  if (!row) {
    const existing = await db
      .select({ lastSentAt: otpCodes.lastSentAt })
      .from(otpCodes)
      .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose)))
      .get();
    if (existing && existing.lastSentAt > iso(now - RESEND_AFTER_MS))
      throw tooManyRequests("Please wait 30 seconds before requesting another code.");
    throw tooManyRequests("Too many codes requested. Please try again in an hour.");
  }
  return code;
}

const WRONG_CODE = "Invalid verification code";
export const DEAD_CODE = "This code has expired or was tried too many times. Please request a new code.";

/**
 * Checks a code without using it up, and returns its id. Each try first claims one of the code's
 * five attempts with a conditional UPDATE; only a claimed try is compared, so parallel guesses
 * beyond the fifth are never evaluated. The caller uses the code up with {@link codeUse}, in the
 * same batch as the change the code allows (ADR 0020).
 */
export async function checkCode(db: Db, pepper: string, userId: string, purpose: CodePurpose, code: string, now = Date.now()) {
  await assertNotLocked(db, userId, now);
  const claimed = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(
        eq(otpCodes.userId, userId),
        eq(otpCodes.purpose, purpose),
        isNull(otpCodes.consumedAt),
        gt(otpCodes.expiresAt, iso(now)),
        lt(otpCodes.attempts, TRIES_PER_CODE),
      ),
    )
    .returning({ id: otpCodes.id, codeHash: otpCodes.codeHash })
    .get();
  if (!claimed) throw badRequest(DEAD_CODE);
  const matches = sameText(claimed.codeHash, await hashSecret(pepper, userId, purpose, code));
  if (!matches) {
    await db
      .insert(otpLocks)
      .values({ userId, misses: 1 })
      .onConflictDoUpdate({
        target: otpLocks.userId,
        // A lock that has run out starts the count again.
        set: {
          misses: sql`CASE WHEN ${otpLocks.lockedUntil} <= ${iso(now)} THEN 1 ELSE ${otpLocks.misses} + 1 END`,
          lockedUntil: sql`CASE WHEN ${otpLocks.lockedUntil} <= ${iso(now)} THEN NULL WHEN ${otpLocks.misses} + 1 >= ${MISSES_BEFORE_LOCK} THEN ${iso(now + LOCK_MS)} ELSE ${otpLocks.lockedUntil} END`,
        },
      });
    throw badRequest(WRONG_CODE);
  }
  return claimed.id;
}

/** Statements for a batch that use up a checked code (once) and clear the account's count of wrong codes. */
export function codeUse(db: Db, userId: string, codeId: string, now = Date.now()) {
  return [
    db
      .update(otpCodes)
      .set({ consumedAt: iso(now) })
      .where(and(eq(otpCodes.id, codeId), isNull(otpCodes.consumedAt)))
      .returning({ id: otpCodes.id }),
    db.update(otpLocks).set({ misses: 0 }).where(eq(otpLocks.userId, userId)),
  ] as const;
}

/** A condition for a change made with a code, placed before {@link codeUse} in its batch: the code is still unused. */
export const codeUnused = (codeId: string) =>
  sql`EXISTS (SELECT 1 FROM ${otpCodes} WHERE ${otpCodes.id} = ${codeId} AND ${otpCodes.consumedAt} IS NULL)`;

/** Checks a code and uses it up, when the code itself is the whole change (email verification). */
export async function consumeCode(db: Db, pepper: string, userId: string, purpose: CodePurpose, code: string, now = Date.now()) {
  const codeId = await checkCode(db, pepper, userId, purpose, code, now);
  const [used] = await db.batch(codeUse(db, userId, codeId, now));
  if (used.length === 0) throw badRequest(DEAD_CODE);
}

/** Consumes a reset-link secret (no per-try counter: it is 256 random bits). Returns false when unknown, used or expired. */
export async function consumeLinkSecret(db: Db, pepper: string, userId: string, secret: string, now = Date.now()) {
  const codeHash = await hashSecret(pepper, userId, "reset-password", secret);
  const row = await db
    .update(otpCodes)
    .set({ consumedAt: iso(now) })
    .where(
      and(
        eq(otpCodes.userId, userId),
        eq(otpCodes.purpose, "reset-password"),
        eq(otpCodes.codeHash, codeHash),
        isNull(otpCodes.consumedAt),
        gt(otpCodes.expiresAt, iso(now)),
      ),
    )
    .returning({ id: otpCodes.id })
    .get();
  return Boolean(row);
}
