import { clientIp } from "../client-ip";
import type { ApiEnv } from "./app-env";

/** Who is calling, as the auth domain takes it (worker/domain/auth/sign-in.ts `Caller`): address, site and clock. */
export const callerOf = (c: { req: { raw: Request }; var: ApiEnv["Variables"] }) => ({
  ip: clientIp(c.req.raw),
  tenant: c.var.tenant,
  now: c.var.now,
});

/**
 * The superadmin behind an admin call, as the audit log records them (worker/domain/audit/entry.ts): only routes
 * behind `requireUserMiddleware("superadmin")` call this, so the role is the guard's.
 */
export const adminOf = (c: { req: { raw: Request }; var: { userId: string } }) => ({
  id: c.var.userId,
  role: "superadmin",
  ip: clientIp(c.req.raw),
});
