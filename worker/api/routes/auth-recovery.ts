import { DomainError } from "../../domain/errors";
import { Hono } from "hono";
import type { ApiEnv } from "../app-env";
import { badRequest, unauthorized } from "../errors";
import { describeRoute } from "../route-info";
import { validate } from "../validate";
import { verifyHandover, verifySession } from "../../auth/jwt";
import { hashPassword } from "../../auth/password";
import { jwtSettings } from "../../auth/session";
import { sendEmail } from "../../domain/email/send";
import { findUserByEmail, findUserById, setPassword } from "../../domain/auth/accounts";
import { HANDOVER_ROLES, spendHandover } from "../../domain/auth/handover";
import { passwordChangedEmail, resetLinkEmail, resolveBrand } from "../../domain/auth/brand";
import { generateLinkSecret } from "../../domain/auth/codes";
import { consumeLinkSecret, issueCode } from "../../domain/auth/otp";
import { LIMITS, enforce, hit } from "../../domain/auth/rate-limit";
import { clientIp } from "../../client-ip";
import { forgotPasswordSchema, handoverSchema, resetPasswordSchema } from "../../domain/auth/schemas";
import { issueSession } from "../../domain/auth/session-user";

export const RESET_LINK_TTL_MS = 30 * 60 * 1000;
const FORGOT_ANSWER = "If an account exists for this email, we have sent a link to reset the password.";
const BAD_HANDOVER = "The sign-in link is invalid or has expired";
const BAD_LINK = "This reset link is invalid or has expired. Please request a new one.";

/** Decodes the hand-over `user` parameter: base64 JSON (spec §4); plain JSON is tolerated. */
function decodeUserParam(raw: string): Record<string, unknown> | null {
  for (const text of [
    raw,
    (() => {
      try {
        return atob(raw);
      } catch {
        return "";
      }
    })(),
  ]) {
    try {
      const value = JSON.parse(text);
      if (value && typeof value === "object") return value as Record<string, unknown>;
    } catch {}
  }
  return null;
}

/** Forgot password, reset by link, and the sign-in hand-over. */
export const recoveryRoutes = new Hono<ApiEnv>()
  .post(
    "/forgot-password",
    describeRoute({
      summary: "Email a password reset link",
      description: "The same answer whether or not the account exists.",
      errors: [429],
    }),
    validate("json", forgotPasswordSchema),
    async (c) => {
      const { email } = c.req.valid("json");
      const { db, config, now } = c.var;
      await enforce(db, [[LIMITS.sendCodeIp, clientIp(c.req.raw)]]);
      // SECURITY: the same answer, after the same work, whether or not the account exists: the link is
      // issued and sent after the answer, so its D1 writes cannot time whether it went out (ADR 0021).
      const user = await findUserByEmail(db, email);
      if (user && user.status === "active") {
        const { tenant } = c.var;
        c.executionCtx.waitUntil(
          (async () => {
            if (!(await hit(db, LIMITS.sendCodeAccount, user.id))) return;
            const secret = generateLinkSecret();
            await issueCode(db, config.PASSWORD_PEPPER, user.id, "reset-password", {
              code: secret,
              ttlMs: RESET_LINK_TTL_MS,
              now: now.getTime(),
            });
            const brand = await resolveBrand(db, config, tenant);
            await sendEmail(db, config, resetLinkEmail(brand, user.email, `${user.id}.${secret}`));
          })().catch((error) => {
            if (!(error instanceof DomainError && error.kind === "rate-limited")) console.error("reset link not sent", error);
          }),
        );
      }
      return c.json({ success: true, message: FORGOT_ANSWER });
    },
  )
  .post(
    "/reset-password",
    describeRoute({ summary: "Set a new password with the emailed link's token", errors: [400, 429] }),
    validate("json", resetPasswordSchema),
    async (c) => {
      const { token, password } = c.req.valid("json");
      const { db, config } = c.var;
      await enforce(db, [[LIMITS.verifyIp, clientIp(c.req.raw)]]);
      const dot = token.lastIndexOf(".");
      const userId = token.slice(0, dot);
      const secret = token.slice(dot + 1);
      if (dot < 1 || !(await consumeLinkSecret(db, config.PASSWORD_PEPPER, userId, secret, c.var.now.getTime())))
        throw badRequest(BAD_LINK);
      // Following the emailed link proves the address, so the account counts as verified.
      const user = await setPassword(db, userId, await hashPassword(password, config.PASSWORD_PEPPER), { isVerified: true });
      if (!user) throw badRequest(BAD_LINK);
      await sendEmail(db, config, passwordChangedEmail(await resolveBrand(db, config, c.var.tenant), user.email));
      return c.json({ success: true, message: "Password updated successfully! Please log in with your new password." });
    },
  )
  .post(
    "/handover",
    describeRoute({
      summary: "Sign in with a hand-over token",
      description: "A token of ours, or a customer's single-use token from the sister platform (ADR 0021).",
      returns: "`{ token, user }` (and the session cookie)",
      errors: [400, 401, 429],
    }),
    validate("json", handoverSchema),
    async (c) => {
      const { token, user: userParam } = c.req.valid("json");
      const { db, config } = c.var;
      await enforce(db, [[LIMITS.verifyIp, clientIp(c.req.raw)]]);
      const claimed = decodeUserParam(userParam);
      if (!claimed) throw badRequest("The sign-in data could not be read");
      // SECURITY: the token is verified first (ours, or the sister platform's key and issuer); the user JSON
      // is only a cross-check against the token's subject, never a source of identity.
      const ours = await verifySession(jwtSettings(config), token);
      const sister =
        ours || !config.HANDOVER_JWT_SECRET
          ? null
          : await verifyHandover(
              { secret: config.HANDOVER_JWT_SECRET, issuer: config.HANDOVER_JWT_ISSUER, audience: config.JWT_AUDIENCE },
              token,
            );
      const subject = ours?.sub ?? sister?.sub;
      if (!subject) throw unauthorized(BAD_HANDOVER);
      const claimedId = claimed.id ?? claimed._id;
      if (claimedId !== subject) throw unauthorized("The sign-in data does not match its token");
      const user = (await findUserById(db, subject)) ?? (sister?.email ? await findUserByEmail(db, sister.email) : undefined);
      if (user?.status !== "active" || (ours && ours.ver !== user.tokenVersion)) throw unauthorized(BAD_HANDOVER);
      // SECURITY: the sister platform's key signs in customers only, and each of its tokens once (ADR 0021).
      if (sister && (!HANDOVER_ROLES.includes(user.role) || !(await spendHandover(db, sister, user.id)))) throw unauthorized(BAD_HANDOVER);
      const session = await issueSession(config, user, new URL(c.req.url));
      c.header("Set-Cookie", session.cookie);
      c.header("Referrer-Policy", "no-referrer");
      return c.json({ token: session.token, user: session.user });
    },
  );
