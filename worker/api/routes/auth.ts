import { DomainError } from "../../domain/errors";
import { Hono } from "hono";
import type { ApiEnv } from "../app-env";
import { unauthorized } from "../errors";
import { requireUserMiddleware } from "../guard";
import { describeRoute } from "../route-info";
import { validate } from "../validate";
import { decoyHash, verifyPassword } from "../../auth/password";
import { clearSessionCookie } from "../../auth/session";
import { sendEmail } from "../../domain/email/send";
import { changePassword, findUserByEmail, requestPasswordCode, updateProfile } from "../../domain/auth/accounts";
import { resolveBrand, verificationEmail } from "../../domain/auth/brand";
import { issueCode } from "../../domain/auth/otp";
import { LIMITS, enforce } from "../../domain/auth/rate-limit";
import { clientIp } from "../../client-ip";
import { recoveryRoutes } from "./auth-recovery";
import { changePasswordSchema, loginSchema, profileSchema, requestPasswordOtpSchema } from "../../domain/auth/schemas";
import { issueSession } from "../../domain/auth/session-user";
import { signupRoutes } from "./auth-signup";

// SECURITY: the same status and message for an unknown email and a wrong password.
export const INVALID_LOGIN = "Invalid email or password";

/** /api/auth — spec §7 and issue #3. */
export const authRoutes = new Hono<ApiEnv>()
  .route("/", signupRoutes)
  .route("/", recoveryRoutes)
  .post(
    "/login",
    describeRoute({
      summary: "Log in",
      description:
        "Answers the session token and user, and sets the same token as the HttpOnly `tb_session` cookie. An unverified account gets 403 with `needsVerification` and a fresh code by email.",
      returns: "`{ token, user }`",
      errors: [401, 403, 429],
    }),
    validate("json", loginSchema),
    async (c) => {
      const { email, password, remember } = c.req.valid("json");
      const { db, config } = c.var;
      const ip = clientIp(c.req.raw);
      await enforce(db, [
        [LIMITS.loginIp, ip],
        [LIMITS.loginAccountIp, `${email}|${ip}`],
        [LIMITS.loginAccount, email],
      ]);
      const user = await findUserByEmail(db, email);
      // SECURITY: an unknown email costs one real hash check too, and gets the same answer.
      const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash(config.PASSWORD_PEPPER)), config.PASSWORD_PEPPER);
      if (!user || !ok || user.status !== "active") throw unauthorized(INVALID_LOGIN);
      if (!user.isVerified) {
        const brand = await resolveBrand(db, config, c.var.tenant);
        try {
          const code = await issueCode(db, config.PASSWORD_PEPPER, user.id, "verify-email", { now: c.var.now.getTime() });
          await sendEmail(db, config, verificationEmail(brand, user.email, code));
        } catch (error) {
          // A code sent moments ago is still valid; the answer stays the same.
          if (!(error instanceof DomainError && error.kind === "rate-limited")) throw error;
        }
        return c.json(
          {
            success: false,
            message: "Please verify your email first. We have sent a new 6-digit code to your inbox.",
            needsVerification: true,
            userId: user.id,
          },
          403,
        );
      }
      const session = await issueSession(config, user, new URL(c.req.url), { remember });
      c.header("Set-Cookie", session.cookie);
      return c.json({ token: session.token, user: session.user });
    },
  )
  .get(
    "/profile",
    requireUserMiddleware(),
    describeRoute({ summary: "The signed-in account's profile", returns: "`{ name, email, phone }`" }),
    async (c) => {
      const { user } = c.var;
      return c.json({ name: user.name, email: user.email, phone: user.phone });
    },
  )
  .put(
    "/profile",
    requireUserMiddleware(),
    describeRoute({ summary: "Change the account's name and phone", returns: "`{ success, message, name, email, phone }`" }),
    validate("json", profileSchema),
    async (c) => {
      const { user } = c.var;
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
      errors: [400, 429],
    }),
    validate("json", requestPasswordOtpSchema),
    async (c) => {
      const { user, db, config, tenant } = c.var;
      await requestPasswordCode(db, config, user, c.req.valid("json").current, {
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
      returns: "`{ success, message, token, user }`",
      errors: [400, 429],
    }),
    validate("json", changePasswordSchema),
    async (c) => {
      const { user, db, config, tenant } = c.var;
      // Every other session ends with the change; this one continues with a fresh token.
      const session = await changePassword(db, config, user, c.req.valid("json"), {
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
    describeRoute({ summary: "Log out", description: "Clears the session cookie; a bearer token simply stops being sent." }),
    (c) => {
      c.header("Set-Cookie", clearSessionCookie(new URL(c.req.url)));
      return c.json({ success: true });
    },
  );
