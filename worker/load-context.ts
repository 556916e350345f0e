import { and, eq } from "drizzle-orm";
import { customDomains } from "@db/sellers";
import { readViewer } from "./auth/session";
import { createBatcher } from "./db/batcher";
import { type Db, createDb } from "./db/client";
import { type Env, readConfig } from "./env";
import { newNonce } from "./security-headers";
import { type Tenant, hostnameOf, isPlatformHost, resolveTenant } from "./tenant";

/** The seller owning an active custom domain, or null. */
export async function lookupActiveDomain(db: Db, hostname: string): Promise<string | null> {
  const row = await db
    .select({ sellerId: customDomains.sellerId })
    .from(customDomains)
    .where(and(eq(customDomains.hostname, hostname), eq(customDomains.status, "active")))
    .get();
  return row?.sellerId ?? null;
}

// Host -> seller rarely changes; remembering it per isolate keeps the lookup off most requests.
const DOMAIN_TTL_MS = 60_000;
const UNKNOWN_DOMAIN_TTL_MS = 10_000;
const domainMemo = new Map<string, { sellerId: string | null; until: number }>();

export async function resolveDomainSeller(db: Db, hostname: string): Promise<string | null> {
  const now = Date.now();
  const known = domainMemo.get(hostname);
  if (known && known.until > now) return known.sellerId;
  const sellerId = await lookupActiveDomain(db, hostname);
  if (domainMemo.size > 1000) domainMemo.clear();
  domainMemo.set(hostname, { sellerId, until: now + (sellerId ? DOMAIN_TTL_MS : UNKNOWN_DOMAIN_TTL_MS) });
  return sellerId;
}

export async function resolveRequestTenant(request: Request, env: Env, db: Db, url = new URL(request.url)): Promise<Tenant> {
  const config = readConfig(env);
  const hostname = hostnameOf(url.host);
  const domainSellerId = isPlatformHost(hostname, config.PLATFORM_HOSTS) ? null : await resolveDomainSeller(db, hostname);
  return resolveTenant({ url, platformHosts: config.PLATFORM_HOSTS, domainSellerId });
}

/**
 * Built once per request by the Worker and handed to every Remix loader and action.
 * `load` batches the queries of parallel loaders into one D1 round trip; `edge` is
 * where the seller layout notes the content version the page was rendered at.
 */
export async function createLoadContext(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  resolved?: { db: Db; tenant: Tenant; url: URL },
) {
  const config = readConfig(env);
  const db = resolved?.db ?? createDb(env.DB);
  /** The request's URL, parsed once (read it, never change it). */
  const url = resolved?.url ?? new URL(request.url);
  const tenant = resolved?.tenant ?? (await resolveRequestTenant(request, env, db, url));
  const viewer = await readViewer(request, config);
  const load = createBatcher(db);
  const edge = { contentVersion: null as number | null };
  /** The page's CSP nonce (worker/security-headers.ts); a cached page keeps the one it was rendered with. */
  const nonce = newNonce();
  return { env, ctx, config, db, tenant, viewer, load, edge, url, nonce };
}

export type LoadContext = Awaited<ReturnType<typeof createLoadContext>>;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext extends LoadContext {}
}
