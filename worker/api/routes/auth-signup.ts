import { Hono } from "hono";
import type { ApiEnv } from "../app-env";
import { describeRoute } from "../route-info";
import { validate } from "../validate";
import { clientIp } from "../../client-ip";
import { resendOtpSchema, signupSchema, verifyOtpSchema } from "../../domain/auth/schemas";
import { issueSession } from "../../domain/auth/session-user";
import { resendVerificationCode, signUp, verifyEmail } from "../../domain/auth/signup";

/** Signup with an emailed code (spec §2, §4); the writes are the auth domain's (worker/domain/auth/signup.ts). */
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
      const { db, config, tenant, now } = c.var;
      const { userId } = await signUp(db, config, c.req.valid("json"), { ip: clientIp(c.req.raw), tenant, now });
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
      const { db, config, now } = c.var;
      const verified = await verifyEmail(db, config, c.req.valid("json"), { ip: clientIp(c.req.raw), now });
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
      const { db, config, tenant, now } = c.var;
      await resendVerificationCode(db, config, c.req.valid("json").userId, { ip: clientIp(c.req.raw), tenant, now });
      return c.json({ success: true, message: "OTP sent to your email. Please check your inbox." });
    },
  );
