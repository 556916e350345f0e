import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { users } from "@db/schema";
import type { ApiEnv } from "../../api/app-env";
import { ApiError, badRequest, unauthorized } from "../../api/errors";
import { requireUser } from "../../api/guard";
import { validate } from "../../api/validate";
import { decoyHash, hashPassword, verifyPassword } from "../../auth/password";
import { clearSessionCookie } from "../../auth/session";
import { sendEmail, trySendEmail } from "../email/send";
import { changePasswordWithCode, findUserByEmail } from "./accounts";
import { passwordChangedEmail, passwordCodeEmail, resolveBrand, verificationEmail } from "./brand";
import { DEAD_CODE, checkCode, issueCode } from "./otp";
import { LIMITS, clientIp, enforce } from "./rate-limit";
import { recoveryRoutes } from "./recovery-routes";
import { changePasswordSchema, loginSchema, profileSchema, requestPasswordOtpSchema } from "./schemas";
import { issueSession } from "./session-user";
import { signupRoutes } from "./signup-routes";

// SECURITY: the same status and message for an unknown email and a wrong password.
export const INVALID_LOGIN = "Invalid email or password";

/** /api/auth — spec §7 and issue #3. */
export const authRoutes = new Hono<ApiEnv>()
  .route("/", signupRoutes)
  .route("/", recoveryRoutes)
  .post("/login", validate("json", loginSchema), async (c) => {
    const { email, password, remember, sellerId } = c.req.valid("json");
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
      const brand = await resolveBrand(db, config, c.req.raw, sellerId);
      try {
        const code = await issueCode(db, config.PASSWORD_PEPPER, user.id, "verify-email");
        await sendEmail(db, config, verificationEmail(brand, user.email, code));
      } catch (error) {
        // A code sent moments ago is still valid; the answer stays the same.
        if (!(error instanceof ApiError && error.status === 429)) throw error;
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
  })
  .get("/profile", async (c) => {
    const user = await requireUser(c);
    return c.json({ name: user.name, email: user.email, phone: user.phone });
  })
  .put("/profile", validate("json", profileSchema), async (c) => {
    const user = await requireUser(c);
    const { name, phone } = c.req.valid("json");
    const row = await c.var.db
      .update(users)
      .set({ name, phone, updatedAt: new Date().toISOString() })
      .where(eq(users.id, user.id))
      .returning()
      .get();
    return c.json({
      success: true,
      message: "Profile updated successfully!",
      name: row?.name ?? name,
      email: user.email,
      phone: row?.phone ?? phone,
    });
  })
  .post("/request-password-otp", validate("json", requestPasswordOtpSchema), async (c) => {
    const user = await requireUser(c);
    const { current, sellerId } = c.req.valid("json");
    const { db, config } = c.var;
    await enforce(db, [
      [LIMITS.sendCodeIp, clientIp(c.req.raw)],
      [LIMITS.sendCodeAccount, user.id],
    ]);
    // 400, not 401: a wrong current password must not sign the visitor out.
    if (!(await verifyPassword(current, user.passwordHash, config.PASSWORD_PEPPER))) throw badRequest("Current password is incorrect");
    const code = await issueCode(db, config.PASSWORD_PEPPER, user.id, "change-password");
    await sendEmail(db, config, passwordCodeEmail(await resolveBrand(db, config, c.req.raw, sellerId), user.email, code));
    return c.json({ success: true, message: "OTP sent to your email. Please check your inbox." });
  })
  .put("/password", validate("json", changePasswordSchema), async (c) => {
    const user = await requireUser(c);
    const body = c.req.valid("json");
    const { db, config } = c.var;
    await enforce(db, [
      [LIMITS.verifyIp, clientIp(c.req.raw)],
      [LIMITS.verifyAccount, user.id],
    ]);
    const codeId = await checkCode(db, config.PASSWORD_PEPPER, user.id, "change-password", body.otp);
    // Read before the change: once it is written, nothing may fail the answer (ADR 0020).
    const brand = await resolveBrand(db, config, c.req.raw, body.sellerId);
    const updated = await changePasswordWithCode(db, user.id, codeId, await hashPassword(body.new, config.PASSWORD_PEPPER));
    if (!updated) throw new ApiError(400, DEAD_CODE);
    await trySendEmail(db, config, passwordChangedEmail(brand, user.email));
    // Every other session ended with the version bump; this one continues with a fresh token.
    const session = await issueSession(config, updated, new URL(c.req.url));
    c.header("Set-Cookie", session.cookie);
    return c.json({ success: true, message: "Password updated successfully!", token: session.token, user: session.user });
  })
  .post("/logout", (c) => {
    c.header("Set-Cookie", clearSessionCookie(new URL(c.req.url)));
    return c.json({ success: true });
  });
