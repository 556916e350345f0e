import { clientIp } from "@worker/client-ip";
import type { AuditActor } from "@worker/domain/audit/entry";
import type { SignedInUser } from "./session.server";

/** The signed-in operator of a panel action, as the audit log records them: account, role and client address. */
export const adminActor = (request: Request, admin: SignedInUser): AuditActor => ({
  id: admin.id,
  role: admin.role,
  ip: clientIp(request),
});
