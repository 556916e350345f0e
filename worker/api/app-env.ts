import type { SessionClaims } from "../auth/jwt";
import type { TokenSource } from "../auth/session";
import type { Db } from "../db/client";
import type { AppConfig, Env } from "../env";

export type Viewer = SessionClaims & { source: TokenSource };

export type ApiEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    config: AppConfig;
    viewer: Viewer | null;
  };
};
