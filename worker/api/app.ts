import { Hono } from "hono";
import { readViewer } from "../auth/session";
import { createDb } from "../db/client";
import { withInjectedFaults } from "../db/fault-d1";
import { authRoutes } from "../domain/auth/routes";
import { bookingRoutes } from "../domain/bookings/routes";
import { devRoutes } from "../domain/email/dev-routes";
import { sellerAdminRoutes } from "../domain/seller-admin/routes";
import { superadminDomainRoutes } from "../domain/seller-admin/superadmin-routes";
import { sellerRequestRoutes, superadminRequestRoutes } from "../domain/seller-requests/routes";
import { superadminUserRoutes } from "../domain/superadmin/routes";
import { sellerWebsiteRoutes } from "../domain/seller-website/routes";
import { readConfig } from "../env";
import type { ApiEnv } from "./app-env";
import { errorResponse, notFound } from "./errors";
import { sameOriginForCookies } from "./guard";

export type { ApiEnv };

export function createApiApp() {
  const app = new Hono<ApiEnv>().basePath("/api");

  app.use(async (c, next) => {
    const config = readConfig(c.env);
    c.set("config", config);
    c.set("db", createDb(withInjectedFaults(c.env.DB, c.env, config, c.req.raw)));
    c.set("viewer", await readViewer(c.req.raw, config));
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  });
  app.use(sameOriginForCookies);

  app.get("/health", (c) => c.json({ ok: true }));
  app.route("/auth", authRoutes);
  app.route("/bookings", bookingRoutes);
  app.route("/seller-website", sellerWebsiteRoutes);
  app.route("/seller-admin", sellerAdminRoutes);
  app.route("/superadmin/domains", superadminDomainRoutes);
  app.route("/seller-requests", sellerRequestRoutes);
  app.route("/superadmin/seller-requests", superadminRequestRoutes);
  app.route("/superadmin/users", superadminUserRoutes);
  app.route("/dev", devRoutes);

  app.notFound(() => {
    throw notFound("No such API route");
  });
  app.onError((error, c) => errorResponse(c, error));
  return app;
}

export const apiApp = createApiApp();
