import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { otpCodes, users } from "@db/schema";
import type { ApiEnv } from "../app-env";
import { ApiError, conflict } from "../errors";
import { describeRoute } from "../route-info";
import { validate } from "../validate";
import { hashPassword } from "../../auth/password";
import { sendEmail } from "../../domain/email/send";
import { findUserByEmail, findUserById } from "../../domain/auth/accounts";
import { resolveBrand, verificationEmail } from "../../domain/auth/brand";
import { CODE_TTL_MS, consumeCode, generateCode, hashSecret, issueCode } from "../../domain/auth/otp";
import { LIMITS, clientIp, enforce } from "../../domain/auth/rate-limit";
import { resendOtpSchema, signupSchema, verifyOtpSchema } from "../../domain/auth/schemas";
import { issueSession } from "../../domain/auth/session-user";

const NO_SUCH_CODE = "Invalid verification code";

/** Signup with an emailed code (spec §2, §4). */
export const signupRoutes = new Hono<ApiEnv>()
  .post(
    "/signup",
    describeRoute({
      summary: "Create a customer account",
      description: "Emails a 6-digit code; the account signs in after `verify-otp`.",
      status: 201,
      returns: "`{ success, message, userId }`",
      errors: [409, 429],
    }),
    validate("json", signupSchema),
    async (c) => {
      const body = c.req.valid("json");
      const { db, config } = c.var;
      await enforce(db, [
        [LIMITS.signupIp, clientIp(c.req.raw)],
        [LIMITS.sendCodeAccount, body.email],
      ]);
      if (await findUserByEmail(db, body.email)) throw conflict("An account with this email already exists. Please log in.");
      const userId = `u_${crypto.randomUUID()}`;
      const code = generateCode();
      const { now } = c.var;
      // User and first code in one batch: never a user without a code, nor the reverse.
      try {
        await db.batch([
          // SECURITY: role is always "user"; seller accounts come from the superadmin panel.
          db.insert(users).values({
            id: userId,
            name: body.name,
            email: body.email,
            phone: body.phone,
            passwordHash: await hashPassword(body.password, config.PASSWORD_PEPPER),
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
        if (String((error as Error)?.message ?? error).includes("UNIQUE"))
          throw conflict("An account with this email already exists. Please log in.");
        throw error;
      }
      await sendEmail(db, config, verificationEmail(await resolveBrand(db, config, c.var.tenant), body.email, code));
      return c.json({ success: true, message: "We have sent a 6-digit code to your email.", userId }, 201);
    },
  )
  .post(
    "/verify-otp",
    describeRoute({
      summary: "Verify the email with its code and sign in",
      returns: "`{ token, user }` (and the session cookie)",
      errors: [400, 409, 429],
    }),
    validate("json", verifyOtpSchema),
    async (c) => {
      const { userId, otp } = c.req.valid("json");
      const { db, config } = c.var;
      await enforce(db, [
        [LIMITS.verifyIp, clientIp(c.req.raw)],
        [LIMITS.verifyAccount, userId],
      ]);
      const user = await findUserById(db, userId);
      if (!user) throw new ApiError(400, NO_SUCH_CODE);
      if (user.isVerified) throw conflict("This account is already verified. Please log in.");
      await consumeCode(db, config.PASSWORD_PEPPER, user.id, "verify-email", otp, c.var.now.getTime());
      const verified = await db
        .update(users)
        .set({ isVerified: true, updatedAt: c.var.now.toISOString() })
        .where(eq(users.id, user.id))
        .returning()
        .get();
      if (!verified) throw new ApiError(400, NO_SUCH_CODE);
      const session = await issueSession(config, verified, new URL(c.req.url));
      c.header("Set-Cookie", session.cookie);
      return c.json({ token: session.token, user: session.user });
    },
  )
  .post(
    "/resend-otp",
    describeRoute({ summary: "Send a new verification code", errors: [404, 409, 429] }),
    validate("json", resendOtpSchema),
    async (c) => {
      const { userId } = c.req.valid("json");
      const { db, config } = c.var;
      await enforce(db, [
        [LIMITS.sendCodeIp, clientIp(c.req.raw)],
        [LIMITS.sendCodeAccount, userId],
      ]);
      const user = await findUserById(db, userId);
      if (!user) throw new ApiError(404, "Account not found");
      if (user.isVerified) throw conflict("This account is already verified. Please log in.");
      const code = await issueCode(db, config.PASSWORD_PEPPER, user.id, "verify-email", { now: c.var.now.getTime() });
      await sendEmail(db, config, verificationEmail(await resolveBrand(db, config, c.var.tenant), user.email, code));
      return c.json({ success: true, message: "OTP sent to your email. Please check your inbox." });
    },
  );
