import { clientIp } from "../client-ip";
import type { ApiEnv } from "./app-env";

/** Who is calling, as the auth domain takes it (worker/domain/auth/sign-in.ts `Caller`): address, site and clock. */
export const callerOf = (c: { req: { raw: Request }; var: ApiEnv["Variables"] }) => ({
  ip: clientIp(c.req.raw),
  tenant: c.var.tenant,
  now: c.var.now,
});
