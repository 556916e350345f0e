import type { Viewer } from "../auth/session";
import type { Load } from "../db/batcher";
import type { Db } from "../db/client";
import type { AppConfig, Env } from "../env";
import type { Tenant } from "../tenant";

export type { Viewer };

export type ApiEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    /**
     * The request's loader: reads started together are one D1 batch (one round trip), the guard's account read
     * included. `c.var` is a `Reader` ({ db, load }), so a handler hands it to a read service as it is.
     */
    load: Load;
    config: AppConfig;
    viewer: Viewer | null;
    /** SECURITY: on a platform host a seller tenant is the page's claim (x-tb-site); it only brands emails (worker/tenant/). */
    tenant: Tenant;
    /** The time the request is served at (worker/clock.ts); services take their dates from it. */
    now: Date;
  };
};
