import { and, eq } from "drizzle-orm";
import { customDomains } from "@db/sellers";
import type { Db } from "../db/client";

/** The seller owning an active custom domain, or null. */
export async function lookupActiveDomain(db: Db, hostname: string): Promise<string | null> {
  const row = await db
    .select({ sellerId: customDomains.sellerId })
    .from(customDomains)
    .where(and(eq(customDomains.hostname, hostname), eq(customDomains.status, "active")))
    .get();
  return row?.sellerId ?? null;
}

// Host -> seller rarely changes; remembering it per isolate keeps the lookup off most requests (ADR 0007).
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
