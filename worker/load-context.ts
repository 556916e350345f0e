import { eq, and } from "drizzle-orm";
import { readViewer } from "./auth/session";
import { createDb } from "./db/client";
import { customDomains } from "@db/sellers";
import { type Env, readConfig } from "./env";
import { hostnameOf, isPlatformHost, resolveTenant } from "./tenant";

/** The seller owning an active custom domain, or null. */
export async function lookupActiveDomain(db: ReturnType<typeof createDb>, hostname: string): Promise<string | null> {
  const row = await db
    .select({ sellerId: customDomains.sellerId })
    .from(customDomains)
    .where(and(eq(customDomains.hostname, hostname), eq(customDomains.status, "active")))
    .get();
  return row?.sellerId ?? null;
}

/** Built once per request by the Worker and handed to every Remix loader and action. */
export async function createLoadContext(request: Request, env: Env, ctx: ExecutionContext) {
  const config = readConfig(env);
  const db = createDb(env.DB);
  const url = new URL(request.url);
  const hostname = hostnameOf(url.host);
  const domainSellerId = isPlatformHost(hostname, config.PLATFORM_HOSTS) ? null : await lookupActiveDomain(db, hostname);
  const tenant = resolveTenant({ url, platformHosts: config.PLATFORM_HOSTS, domainSellerId });
  const viewer = await readViewer(request, config);
  return { env, ctx, config, db, tenant, viewer };
}

export type LoadContext = Awaited<ReturnType<typeof createLoadContext>>;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext extends LoadContext {}
}
