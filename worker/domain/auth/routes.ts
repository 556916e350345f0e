import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { users } from "@db/schema";
import type { ApiEnv } from "../../api/app-env";
import { ApiError } from "../../api/errors";
import { requireUser } from "../../api/guard";
import { validate } from "../../api/validate";
import { decoyHash, verifyPassword } from "../../auth/password";
import { clearSessionCookie } from "../../auth/session";
import { loginSchema } from "./schemas";
import { issueSession } from "./session-user";

const INVALID_LOGIN = "Invalid email or password";

/** /api/auth — spec §7. */
export const authRoutes = new Hono<ApiEnv>()
  .post("/login", validate("json", loginSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    const { db, config } = c.var;
    const user = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .get();
    // SECURITY: an unknown email costs one real hash check too, and gets the same answer.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash(config.PASSWORD_PEPPER)), config.PASSWORD_PEPPER);
    if (!user || !ok || user.status !== "active") throw new ApiError(401, INVALID_LOGIN);
    const session = await issueSession(config, user, new URL(c.req.url));
    c.header("Set-Cookie", session.cookie);
    return c.json({ token: session.token, user: session.user });
  })
  .get("/profile", async (c) => {
    const user = await requireUser(c);
    return c.json({ name: user.name, email: user.email, phone: user.phone });
  })
  .post("/logout", (c) => {
    c.header("Set-Cookie", clearSessionCookie(new URL(c.req.url)));
    return c.json({ success: true });
  });
