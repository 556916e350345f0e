import { and, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import { customDomains, endedSessions, handoverTokens, idempotencyKeys, otpCodes, outbox, rateLimits } from "@db/schema";
import { PENDING_DOMAIN_TTL_MS } from "./domain/seller-admin/domains";
import type { Db } from "./db/client";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The once-a-day trigger in wrangler.toml; the other one, every 15 minutes, expires unanswered paid requests. */
export const DAILY_CLEANUP_CRON = "17 3 * * *";

/** How long each kind of short-lived row is kept (ADR 0014). */
export const RETENTION = {
  /** Longest rate-limit window is one hour; a day of margin. */
  rateLimitMs: DAY_MS,
  /** Booking retries come within minutes; a week covers any client that kept its key. */
  idempotencyKeyMs: 7 * DAY_MS,
  /** Codes live 10 minutes and resend windows an hour; a spent or expired code is kept a day. */
  otpCodeMs: DAY_MS,
  /** Emails (they carry codes and links) are kept a week for support questions. */
  outboxMs: 7 * DAY_MS,
};

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The daily clean-up (Cron Trigger, wrangler.toml): deletes rows whose purpose has passed,
 * in one D1 batch. Nothing a user can still act on is touched: an unexpired, unused code stays.
 */
export async function runMaintenance(db: Db, now = Date.now()) {
  const [limits, keys, codes, emails, handovers, domains, sessions] = await db.batch([
    db
      .delete(rateLimits)
      .where(lt(rateLimits.windowStart, Math.floor((now - RETENTION.rateLimitMs) / 1000)))
      .returning({ key: rateLimits.key }),
    db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, iso(now - RETENTION.idempotencyKeyMs)))
      .returning({ key: idempotencyKeys.key }),
    db
      .delete(otpCodes)
      .where(
        and(lt(otpCodes.lastSentAt, iso(now - RETENTION.otpCodeMs)), or(isNotNull(otpCodes.consumedAt), lt(otpCodes.expiresAt, iso(now)))),
      )
      .returning({ id: otpCodes.id }),
    // An email still waiting for the queue stays until it is sent or dead (ADR 0039).
    db
      .delete(outbox)
      .where(and(lt(outbox.createdAt, iso(now - RETENTION.outboxMs)), inArray(outbox.status, ["sent", "dead"])))
      .returning({ id: outbox.id }),
    // A spent hand-over token is refused by its own expiry from then on, so its jti can go.
    db
      .delete(handoverTokens)
      .where(lt(handoverTokens.expiresAt, iso(now)))
      .returning({ jti: handoverTokens.jti }),
    // A hostname claimed but never proven is released, so nobody can hold another's domain for long.
    db
      .delete(customDomains)
      // Those Cloudflare holds are released by the scheduled domain check, which deletes them there first (ADR 0041).
      .where(
        and(
          eq(customDomains.status, "pending"),
          isNull(customDomains.providerId),
          lt(customDomains.createdAt, iso(now - PENDING_DOMAIN_TTL_MS)),
        ),
      )
      .returning({ id: customDomains.id }),
    // A logged-out session's token has expired by then, so its record can go.
    db
      .delete(endedSessions)
      .where(lt(endedSessions.expiresAt, iso(now)))
      .returning({ sid: endedSessions.sid }),
  ]);
  return {
    rateLimits: limits.length,
    idempotencyKeys: keys.length,
    otpCodes: codes.length,
    outbox: emails.length,
    handoverTokens: handovers.length,
    pendingDomains: domains.length,
    endedSessions: sessions.length,
  };
}
