import { sql } from "drizzle-orm";
import { rateLimits } from "@db/schema";
import { tooManyRequests } from "../errors";
import type { Db } from "../../db/client";

export type Limit = { name: string; max: number; windowSeconds: number };

/**
 * The limits of ADR 0006. Per IP they are generous (shared NATs, tests); per
 * account they are tight. One-time codes also have their own counters (otp.ts).
 * A client's address comes from its request (worker/client-ip.ts) as a plain string, and is counted by its clientBucket
 * (worker/shared/client-address.ts: an IPv6 address by its /64, ADR 0063).
 */
export const LIMITS = {
  loginIp: { name: "login-ip", max: 100, windowSeconds: 15 * 60 },
  // One address guessing at one account is stopped after 10 tries; it cannot lock the owner out
  // elsewhere. The account-wide ceiling bounds a guesser spread over many addresses (ADR 0021).
  loginAccountIp: { name: "login-account-ip", max: 10, windowSeconds: 15 * 60 },
  loginAccount: { name: "login-account", max: 100, windowSeconds: 15 * 60 },
  signupIp: { name: "signup-ip", max: 20, windowSeconds: 60 * 60 },
  sendCodeIp: { name: "send-code-ip", max: 30, windowSeconds: 60 * 60 },
  sendCodeAccount: { name: "send-code-account", max: 10, windowSeconds: 60 * 60 },
  verifyIp: { name: "verify-ip", max: 200, windowSeconds: 15 * 60 },
  verifyAccount: { name: "verify-account", max: 40, windowSeconds: 15 * 60 },
  // Seller website contact form: per visitor address and seller, and a ceiling per seller inbox.
  contactIp: { name: "contact-ip", max: 10, windowSeconds: 60 * 60 },
  contactSeller: { name: "contact-seller", max: 500, windowSeconds: 60 * 60 },
  // Payments (ADR 0029): each checkout is a provider order and a row, each callback may be a row; a traveller
  // needs a few of either, so a flood from one account stops here.
  checkoutAccount: { name: "checkout-account", max: 30, windowSeconds: 60 * 60 },
  paymentCallbackAccount: { name: "payment-callback-account", max: 60, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

/**
 * Counts one hit in a fixed window and returns whether it is allowed. One
 * atomic upsert, so a flood of parallel requests cannot slip past the count.
 */
export async function hit(db: Db, limit: Limit, subject: string, now = Date.now()): Promise<boolean> {
  const nowSeconds = Math.floor(now / 1000);
  const expired = nowSeconds - limit.windowSeconds;
  const key = `${limit.name}:${subject}`;
  const row = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: nowSeconds })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${nowSeconds} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count })
    .get();
  return (row?.count ?? 1) <= limit.max;
}

const MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

/**
 * Counts a hit in each bucket of `checks`, narrowest first, and throws 429 at the first stage with a bucket over
 * its limit. Each stage is a list of buckets counted together; a later stage is counted only when every earlier
 * one allowed the try. SECURITY: so a try refused by a narrow bucket (an address, an account from one address)
 * never fills a wider one (the account across addresses): one address cannot lock the owner out (ADR 0036).
 */
export async function enforce(db: Db, ...stages: [Limit, string][][]) {
  for (const checks of stages) {
    const results = await Promise.all(checks.map(([limit, subject]) => hit(db, limit, subject)));
    if (results.includes(false)) throw tooManyRequests(MESSAGE);
  }
}
