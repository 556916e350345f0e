import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../app-env";
import { requireUserMiddleware } from "../guard";
import { describeRoute } from "../route-info";
import { apiError, done, ok, session } from "../responses/common";
import { validate } from "../validate";
import { clearSessionCookie } from "../../auth/session";
import { clientIp } from "../../client-ip";
import { changePassword, readProfile, requestPasswordCode, updateProfile } from "../../domain/auth/accounts";
import { changePasswordSchema, loginSchema, profileSchema, requestPasswordOtpSchema } from "../../domain/auth/schemas";
import { issueSession } from "../../domain/auth/session-user";
import { endEverySession, endSession } from "../../domain/auth/sessions";
import { NEEDS_VERIFICATION, logIn } from "../../domain/auth/sign-in";
import { recoveryRoutes } from "./auth-recovery";
import { signupRoutes } from "./auth-signup";

const profile = z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() });

/** Login's 403 has a shape of its own. */
const needsVerification = apiError
  .extend({ needsVerification: z.literal(true).optional(), userId: z.string().optional() })
  .describe(
    "An account whose email is not verified yet: `needsVerification` and `userId` (a fresh code is emailed); or a cross-site request with the session cookie",
  );

/** /api/auth — spec §7 and issue #3. */
export const authRoutes = new Hono<ApiEnv>()
  .route("/", signupRoutes)
  .route("/", recoveryRoutes)
  .post(
    "/login",
    describeRoute({
      summary: "Log in",
      description:
        "Answers the session token and user, and sets the same token as the HttpOnly `tb_session` cookie. An unverified account gets 403 with `needsVerification` and a fresh code by email. A disabled account with the right password gets 401 saying it is disabled and whom to write to; a wrong password gets the same 401 whatever the account.",
      responses: { 200: session, 403: needsVerification },
      errors: [401, 429],
    }),
    validate("json", loginSchema),
    async (c) => {
      const { email, password, remember } = c.req.valid("json");
      const { db, config, tenant, now } = c.var;
      const outcome = await logIn(db, config, { email, password }, { ip: clientIp(c.req.raw), tenant, now });
      if (outcome.kind === "needs-verification") {
        return c.json({ success: false, message: NEEDS_VERIFICATION, needsVerification: true, userId: outcome.userId }, 403);
      }
      const session = await issueSession(config, outcome.user, new URL(c.req.url), { remember });
      c.header("Set-Cookie", session.cookie);
      return c.json({ token: session.token, user: session.user });
    },
  )
  .get(
    "/profile",
    requireUserMiddleware(),
    describeRoute({ summary: "The signed-in account's profile", responses: { 200: profile } }),
    async (c) => c.json(await readProfile(c.var, c.var.userId)),
  )
  .put(
    "/profile",
    requireUserMiddleware(),
    describeRoute({ summary: "Change the account's name and phone", responses: { 200: done.merge(profile) } }),
    validate("json", profileSchema),
    async (c) => {
      const user = await c.var.user;
      const saved = await updateProfile(c.var.db, user.id, c.req.valid("json"));
      return c.json({ success: true, message: "Profile updated successfully!", name: saved.name, email: user.email, phone: saved.phone });
    },
  )
  .post(
    "/request-password-otp",
    requireUserMiddleware(),
    describeRoute({
      summary: "Email a code for a password change",
      description: "Checks the current password first; a wrong one is a 400 and does not end the session.",
      responses: { 200: done },
      errors: [400, 429],
    }),
    validate("json", requestPasswordOtpSchema),
    async (c) => {
      const { db, config, tenant } = c.var;
      await requestPasswordCode(db, config, await c.var.user, c.req.valid("json").current, {
        ip: clientIp(c.req.raw),
        url: new URL(c.req.url),
        tenant,
        now: c.var.now,
      });
      return c.json({ success: true, message: "OTP sent to your email. Please check your inbox." });
    },
  )
  .put(
    "/password",
    requireUserMiddleware(),
    describeRoute({
      summary: "Change the password with the emailed code",
      description: "Ends every other session; this one continues with the fresh token in the answer (and cookie).",
      responses: { 200: done.merge(session) },
      errors: [400, 429],
    }),
    validate("json", changePasswordSchema),
    async (c) => {
      const { db, config, tenant } = c.var;
      // Every other session ends with the change; this one continues with a fresh token.
      const session = await changePassword(db, config, await c.var.user, c.req.valid("json"), {
        ip: clientIp(c.req.raw),
        url: new URL(c.req.url),
        tenant,
        now: c.var.now,
      });
      c.header("Set-Cookie", session.cookie);
      return c.json({ success: true, message: "Password updated successfully!", token: session.token, user: session.user });
    },
  )
  .post(
    "/logout",
    describeRoute({
      summary: "Log out",
      description:
        "Ends the session on the server (its token, bearer or cookie, answers 401 from then on; ADR 0036) and clears the session cookie. The account's other sessions go on.",
      responses: { 200: z.object({ success: ok }) },
    }),
    async (c) => {
      const { viewer } = c.var;
      if (viewer) await endSession(c.var.db, viewer);
      c.header("Set-Cookie", clearSessionCookie(new URL(c.req.url)));
      return c.json({ success: true });
    },
  )
  .post(
    "/logout-everywhere",
    describeRoute({
      summary: "Log out everywhere",
      description: "Ends every session of the account, this one included (ADR 0036), and clears the session cookie.",
      responses: { 200: z.object({ success: ok }) },
    }),
    requireUserMiddleware(),
    async (c) => {
      await endEverySession(c.var.db, (await c.var.user).id, c.var.now);
      c.header("Set-Cookie", clearSessionCookie(new URL(c.req.url)));
      return c.json({ success: true });
    },
  );
