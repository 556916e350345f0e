import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app-env";
import { describeRoute } from "../route-info";
import { done, session } from "../responses/common";
import { validate } from "../validate";
import { callerOf } from "../caller";
import { resendOtpSchema, signupSchema, verifyOtpSchema } from "../../domain/auth/schemas";
import { issueSession } from "../../domain/auth/session-user";
import { CODE_SENT, resendVerificationCode, signUp, verifyEmail } from "../../domain/auth/sign-in";

/** Signup with an emailed code (spec §2, §4); the work is in sign-in.ts, shared with the pages' actions. */
export const signupRoutes = new Hono<ApiEnv>()
  .post(
    "/signup",
    describeRoute({
      summary: "Create a customer account",
      description: "Emails a 6-digit code; the account signs in after `verify-otp`.",
      responses: { 201: done.extend({ userId: z.string() }) },
      errors: [409, 429],
    }),
    validate("json", signupSchema),
    async (c) => {
      const { userId } = await signUp(c.var.db, c.var.config, c.req.valid("json"), callerOf(c));
      return c.json({ success: true, message: CODE_SENT, userId }, 201);
    },
  )
  .post(
    "/verify-otp",
    describeRoute({
      summary: "Verify the email with its code and sign in",
      responses: { 200: session },
      returns: "The session (and the session cookie)",
      errors: [400, 409, 429],
    }),
    validate("json", verifyOtpSchema),
    async (c) => {
      const verified = await verifyEmail(c.var.db, c.var.config, c.req.valid("json"), callerOf(c));
      const session = await issueSession(c.var.config, verified, new URL(c.req.url));
      c.header("Set-Cookie", session.cookie);
      return c.json({ token: session.token, user: session.user });
    },
  )
  .post(
    "/resend-otp",
    describeRoute({ summary: "Send a new verification code", responses: { 200: done }, errors: [404, 409, 429] }),
    validate("json", resendOtpSchema),
    async (c) => {
      await resendVerificationCode(c.var.db, c.var.config, c.req.valid("json").userId, callerOf(c));
      return c.json({ success: true, message: "OTP sent to your email. Please check your inbox." });
    },
  );
