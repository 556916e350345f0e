import { Hono } from "hono";
import { readViewer } from "../auth/session";
import { createDb, type Db } from "../db/client";
import { type AppConfig, type Env, readConfig } from "../env";
import { errorResponse, notFound } from "./errors";

export type ApiEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    config: AppConfig;
    viewer: Awaited<ReturnType<typeof readViewer>>;
  };
};

export function createApiApp() {
  const app = new Hono<ApiEnv>().basePath("/api");

  app.use(async (c, next) => {
    const config = readConfig(c.env);
    c.set("config", config);
    c.set("db", createDb(c.env.DB));
    c.set("viewer", await readViewer(c.req.raw, config));
    await next();
    c.header("Cache-Control", "no-store");
  });

  app.get("/health", (c) => c.json({ ok: true }));

  app.notFound(() => {
    throw notFound("No such API route");
  });
  app.onError((error, c) => errorResponse(c, error));
  return app;
}

export const apiApp = createApiApp();
