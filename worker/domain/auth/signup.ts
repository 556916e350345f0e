import { eq } from "drizzle-orm";
import type { z } from "zod";
import { otpCodes, users } from "@db/schema";
import { badRequest, conflict, notFound } from "../errors";
import { hashPassword } from "../../auth/password";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { sendEmail } from "../email/send";
import { type RequestOrigin, type UserRow, findUserByEmail, findUserById } from "./accounts";
import { resolveBrand, verificationEmail } from "./brand";
import { CODE_TTL_MS, consumeCode, generateCode, hashSecret, issueCode } from "./otp";
import { LIMITS, enforce } from "./rate-limit";
import type { signupSchema, verifyOtpSchema } from "./schemas";

/** Signup with an emailed code (spec §2, §4): the account exists unverified until its code comes back. */

export const ACCOUNT_EXISTS = "An account with this email already exists. Please log in.";
export const ALREADY_VERIFIED = "This account is already verified. Please log in.";
const NO_SUCH_CODE = "Invalid verification code";

/** Where a signup step comes from: the client's address (rate limits), the site whose brand its emails carry, its time. */
export type SignupOrigin = Pick<RequestOrigin, "ip" | "tenant" | "now">;

/**
 * A new customer account and its first code, emailed. The user and the code are one batch: never a user
 * without a code, nor the reverse. Answers the new account's id, which the code is checked against.
 */
export async function signUp(db: Db, config: AppConfig, input: z.output<typeof signupSchema>, from: SignupOrigin) {
  await enforce(db, [
    [LIMITS.signupIp, from.ip],
    [LIMITS.sendCodeAccount, input.email],
  ]);
  if (await findUserByEmail(db, input.email)) throw conflict(ACCOUNT_EXISTS);
  const userId = `u_${crypto.randomUUID()}`;
  const code = generateCode();
  const { now } = from;
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
    if (String((error as Error)?.message ?? error).includes("UNIQUE")) throw conflict(ACCOUNT_EXISTS);
    throw error;
  }
  await sendEmail(db, config, verificationEmail(await resolveBrand(db, config, from.tenant), input.email, code));
  return { userId };
}

/** The emailed code verifies the account; answers the verified account, for the session that follows. */
export async function verifyEmail(
  db: Db,
  config: AppConfig,
  { userId, otp }: z.output<typeof verifyOtpSchema>,
  from: Pick<SignupOrigin, "ip" | "now">,
): Promise<UserRow> {
  await enforce(db, [
    [LIMITS.verifyIp, from.ip],
    [LIMITS.verifyAccount, userId],
  ]);
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

/** A new verification code for an account not yet verified, emailed (the code's own resend rules apply). */
export async function resendVerificationCode(db: Db, config: AppConfig, userId: string, from: SignupOrigin) {
  await enforce(db, [
    [LIMITS.sendCodeIp, from.ip],
    [LIMITS.sendCodeAccount, userId],
  ]);
  const user = await findUserById(db, userId);
  if (!user) throw notFound("Account not found");
  if (user.isVerified) throw conflict(ALREADY_VERIFIED);
  const code = await issueCode(db, config.PASSWORD_PEPPER, user.id, "verify-email", { now: from.now.getTime() });
  await sendEmail(db, config, verificationEmail(await resolveBrand(db, config, from.tenant), user.email, code));
}
