import { clientIp } from "../client-ip";
import type { SearchContext } from "../domain/travel/offer";
import type { ApiEnv } from "./app-env";

/** Who is calling, as the auth domain takes it (worker/domain/auth/sign-in.ts `Caller`): address, site and clock. */
export const callerOf = (c: { req: { raw: Request }; var: ApiEnv["Variables"] }) => ({
  ip: clientIp(c.req.raw),
  tenant: c.var.tenant,
  now: c.var.now,
});

/**
 * A public search's context (worker/domain/travel/offer.ts `SearchContext`): the clock, the signal the supplier stops
 * on (the request's, unless given) and the client address the search is counted against.
 */
export const searchContextOf = (c: { req: { raw: Request }; var: ApiEnv["Variables"] }, signal = c.req.raw.signal): SearchContext => ({
  now: c.var.now,
  signal,
  client: clientIp(c.req.raw),
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
