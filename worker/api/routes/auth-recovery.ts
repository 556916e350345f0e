import { Hono } from "hono";
import type { ApiEnv } from "../app-env";
import { describeRoute } from "../route-info";
import { done, session } from "../responses/common";
import { validate } from "../validate";
import { checkSession } from "../../auth/live-account";
import { conflict } from "../../domain/errors";
import { callerOf } from "../caller";
import { FORGOT_ANSWER, PASSWORD_RESET, acceptHandover, requestResetLink, resetPassword } from "../../domain/auth/recovery";
import { forgotPasswordSchema, handoverSchema, resetPasswordSchema } from "../../domain/auth/schemas";
import { issueSession } from "../../domain/auth/session-user";

/** Forgot password, reset by link, and the sign-in hand-over. */
export const recoveryRoutes = new Hono<ApiEnv>()
  .post(
    "/forgot-password",
    describeRoute({
      summary: "Email a password reset link",
      description: "The same answer whether or not the account exists.",
      responses: { 200: done },
      errors: [429],
    }),
    validate("json", forgotPasswordSchema),
    async (c) => {
      // The link goes out after the answer (see requestResetLink): the same answer either way.
      const sending = await requestResetLink(c.var.db, c.var.config, c.req.valid("json").email, callerOf(c));
      if (sending) c.executionCtx.waitUntil(sending);
      return c.json({ success: true, message: FORGOT_ANSWER });
    },
  )
  .post(
    "/reset-password",
    describeRoute({ summary: "Set a new password with the emailed link's token", responses: { 200: done }, errors: [400, 429] }),
    validate("json", resetPasswordSchema),
    async (c) => {
      await resetPassword(c.var.db, c.var.config, c.req.valid("json"), callerOf(c));
      return c.json({ success: true, message: PASSWORD_RESET });
    },
  )
  .post(
    "/handover",
    describeRoute({
      summary: "Sign in with a hand-over token",
      description:
        "A customer's single-use token from the sister platform (ADR 0021, 0036); never a session token of ours. When the request is signed in as another account, the answer is 409 unless `confirm` is true.",
      responses: { 200: session },
      returns: "The session (and the session cookie)",
      errors: [400, 401, 409, 429],
    }),
    validate("json", handoverSchema),
    async (c) => {
      const signedIn = await checkSession(c.var, c.var.viewer);
      const outcome = await acceptHandover(
        c.var.db,
        c.var.config,
        c.req.valid("json"),
        callerOf(c),
        signedIn.kind === "signed-in" || signedIn.kind === "other-role" ? signedIn.user : null,
      );
      // SECURITY: another account is signed in here; the person is asked before it is replaced.
      if (outcome.kind === "confirm")
        throw conflict(`You are signed in as ${outcome.signedIn.email}. Send confirm to sign in as ${outcome.user.email} instead.`);
      const { user } = outcome;
      const session = await issueSession(c.var.config, user, new URL(c.req.url));
      c.header("Set-Cookie", session.cookie);
      c.header("Referrer-Policy", "no-referrer");
      return c.json({ token: session.token, user: session.user });
    },
  );
