import { readViewer } from "./auth/session";
import { requestTime } from "./clock";
import { type Db, createDb } from "./db/client";
import { requestLoad } from "./db/request-db";
import { type Env, readConfig } from "./env";
import { domainSetupOf } from "./saas/config";
import { newNonce } from "./security-headers";
import { type Tenant, resolveRequestTenant } from "./tenant";

/**
 * Built once per request by the Worker and handed to every Remix loader and action. `load` batches the queries of
 * parallel loaders into one D1 round trip (and reports a GET's second one, worker/db/request-db.ts); `edge` is
 * where the seller layout notes the content version the page was rendered at.
 */
export async function createLoadContext(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  resolved?: { db: Db; tenant: Tenant; url: URL; now: Date },
) {
  const config = readConfig(env);
  /** The time the request is served at (worker/clock.ts): every date the pages decide on is taken from it. */
  const now = resolved?.now ?? new Date(requestTime(request, env, config));
  const db = resolved?.db ?? createDb(env.DB);
  /** The request's URL, parsed once (read it, never change it). */
  const url = resolved?.url ?? new URL(request.url);
  const tenant = resolved?.tenant ?? (await resolveRequestTenant(url, config, db, now.getTime()));
  const viewer = await readViewer(request, config);
  const load = requestLoad(db, config, request);
  const edge = { contentVersion: null as number | null };
  /** The page's CSP nonce (worker/security-headers.ts); a cached page keeps the one it was rendered with. */
  const nonce = newNonce();
  /** Cloudflare for SaaS (or its offline stand-in) and the CNAME target, for the custom-domain screens (ADR 0041). */
  const domainSetup = domainSetupOf(config);
  return { env, ctx, config, db, tenant, viewer, load, edge, url, nonce, now, domainSetup };
}

export type LoadContext = Awaited<ReturnType<typeof createLoadContext>>;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext extends LoadContext {}
}
