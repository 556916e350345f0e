import { breaksUnique } from "../../db/constraints";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { otpCodes, users } from "@db/schema";
import { decoyHash, hashPassword, verifyPassword } from "../../auth/password";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import type { Tenant } from "../../tenant";
import { sendEmail } from "../email/send";
import { DomainError, badRequest, conflict, notFound, unauthorized } from "../errors";
import { type UserRow, findUserByEmail, findUserById } from "./accounts";
import { resolveBrand, verificationEmail } from "./brand";
import { CODE_TTL_MS, consumeCode, generateCode, hashSecret, issueCode } from "./otp";
import { LIMITS, enforce } from "./rate-limit";
import { clientBucket } from "../../shared/client-address";
import type { loginSchema, signupSchema } from "./schemas";

/**
 * Signing in and signing up (spec §2, §4), for the API (`/api/auth/login`, `/signup`, `/verify-otp`,
 * `/resend-otp`) and the pages' actions alike: plain values in, the account (or a refusal) out. Issuing the
 * session (token and cookie) is the caller's.
 */

/** Where a request came from: the client address (rate limits), the site whose brand emails carry, the clock. */
export type Caller = { ip: string; tenant: Tenant; now: Date };

// SECURITY: the same status and message for an unknown email and a wrong password.
export const INVALID_LOGIN = "Invalid email or password";
// Told only to someone who knows the account's password, so it reveals nothing a guess could learn.
export const ACCOUNT_DISABLED = "This account has been disabled. To ask why or to have it restored, write to support@tripbazaar.example.";
export const NEEDS_VERIFICATION = "Please verify your email first. We have sent a new 6-digit code to your inbox.";
export const ACCOUNT_EXISTS = "An account with this email already exists. Please log in.";
export const ALREADY_VERIFIED = "This account is already verified. Please log in.";
export const CODE_SENT = "We have sent a 6-digit code to your email.";
const NO_SUCH_CODE = "Invalid verification code";

/** A login's outcome: a verified account signs in; an unverified one gets a fresh code by email instead. */
export type LoginOutcome = { kind: "signed-in"; user: UserRow } | { kind: "needs-verification"; userId: string };

export async function logIn(
  db: Db,
  config: AppConfig,
  { email, password }: Pick<z.output<typeof loginSchema>, "email" | "password">,
  from: Caller,
): Promise<LoginOutcome> {
  await enforce(
    db,
    [
      [LIMITS.loginIp, clientBucket(from.ip)],
      [LIMITS.loginAccountIp, `${email}|${clientBucket(from.ip)}`],
    ],
    [[LIMITS.loginAccount, email]],
  );
  const user = await findUserByEmail(db, email);
  // SECURITY: an unknown email costs one real hash check too, and gets the same answer.
  const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash(config.PASSWORD_PEPPER)), config.PASSWORD_PEPPER);
  if (!user || !ok) throw unauthorized(INVALID_LOGIN);
  // SECURITY: "disabled" only after the password proved correct; a wrong one gets the answer above.
  if (user.status !== "active") throw unauthorized(ACCOUNT_DISABLED);
  if (user.isVerified) return { kind: "signed-in", user };
  const brand = await resolveBrand(db, config, from.tenant);
  try {
    const code = await issueCode(db, config.PASSWORD_PEPPER, user.id, "verify-email", { now: from.now.getTime() });
    await sendEmail(db, config, verificationEmail(brand, user.email, code));
  } catch (error) {
    // A code sent moments ago is still valid; the answer stays the same.
    if (!(error instanceof DomainError && error.kind === "rate-limited")) throw error;
  }
  return { kind: "needs-verification", userId: user.id };
}

/** A new customer account and its first code, by email; the account signs in once the code is verified. */
export async function signUp(db: Db, config: AppConfig, input: z.output<typeof signupSchema>, from: Caller): Promise<{ userId: string }> {
  await enforce(db, [[LIMITS.signupIp, clientBucket(from.ip)]], [[LIMITS.sendCodeAccount, input.email]]);
  if (await findUserByEmail(db, input.email)) throw conflict(ACCOUNT_EXISTS);
  const userId = `u_${crypto.randomUUID()}`;
  const code = generateCode();
  const { now } = from;
  // User and first code in one batch: never a user without a code, nor the reverse.
  try {
    await db.batch([
      // SECURITY: role is always "user"; seller accounts come from the superadmin panel.
      db.insert(users).values({
        id: userId,
        name: input.name,
        email: input.email,
        phone: input.phone,
        passwordHash: await hashPassword(input.password, config.PASSWORD_PEPPER),
        role: "user",
        isVerified: false,
      }),
      db.insert(otpCodes).values({
        id: crypto.randomUUID(),
        userId,
        purpose: "verify-email",
        codeHash: await hashSecret(config.PASSWORD_PEPPER, userId, "verify-email", code),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
        windowStartedAt: now.toISOString(),
        lastSentAt: now.toISOString(),
        createdAt: now.toISOString(),
      }),
    ]);
  } catch (error) {
    // Two signups racing for one address: the unique index decides.
    // The address is unique by its lower case (an index on an expression: SQLite names the index).
    if (breaksUnique(error, "users_email_unique")) throw conflict(ACCOUNT_EXISTS);
    throw error;
  }
  await sendEmail(db, config, verificationEmail(await resolveBrand(db, config, from.tenant), input.email, code));
  return { userId };
}

/** The emailed code verifies the address; answers the verified account, to sign in. */
export async function verifyEmail(db: Db, config: AppConfig, { userId, otp }: { userId: string; otp: string }, from: Caller) {
  await enforce(db, [[LIMITS.verifyIp, clientBucket(from.ip)]], [[LIMITS.verifyAccount, userId]]);
  const user = await findUserById(db, userId);
  if (!user) throw badRequest(NO_SUCH_CODE);
  if (user.isVerified) throw conflict(ALREADY_VERIFIED);
  await consumeCode(db, config.PASSWORD_PEPPER, user.id, "verify-email", otp, from.now.getTime());
  const verified = await db
    .update(users)
    .set({ isVerified: true, updatedAt: from.now.toISOString() })
    .where(eq(users.id, user.id))
    .returning()
    .get();
  if (!verified) throw badRequest(NO_SUCH_CODE);
  return verified;
}

/** A new verification code for an account that is not verified yet. */
export async function resendVerificationCode(db: Db, config: AppConfig, userId: string, from: Caller) {
  await enforce(db, [[LIMITS.sendCodeIp, clientBucket(from.ip)]], [[LIMITS.sendCodeAccount, userId]]);
  const user = await findUserById(db, userId);
  if (!user) throw notFound("Account not found");
  if (user.isVerified) throw conflict(ALREADY_VERIFIED);
  const code = await issueCode(db, config.PASSWORD_PEPPER, user.id, "verify-email", { now: from.now.getTime() });
  await sendEmail(db, config, verificationEmail(await resolveBrand(db, config, from.tenant), user.email, code));
}
