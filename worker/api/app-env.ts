import type { SessionClaims } from "../auth/jwt";
import type { TokenSource } from "../auth/session";
import type { Db } from "../db/client";
import type { AppConfig, Env } from "../env";
import type { Tenant } from "../tenant";

export type Viewer = SessionClaims & { source: TokenSource };

export type ApiEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    config: AppConfig;
    viewer: Viewer | null;
    /** SECURITY: on a platform host a seller tenant is the page's claim (x-tb-site); it only brands emails (worker/tenant/). */
    tenant: Tenant;
    /** The time the request is served at (worker/clock.ts); services take their dates from it. */
    now: Date;
  };
};
