import { and, asc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { customDomains, sellers } from "@db/schema";
import type { DomainRecord } from "@db/sellers";
import { hostCacheTag } from "../../cache/purge";
import type { Reader } from "../../db/batcher";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { type CustomHostnames, CustomHostnameError, type HostnameState, isHostnameError } from "../../saas/custom-hostnames";
import { forgetDomain } from "../../tenant/domains";
import { trySendEmail } from "../email/send";
import { conflict, notFound, unavailable, unprocessable } from "../errors";
import { type AuditActor, auditInsertWhen } from "../audit/entry";
import { announceVersion, bumpQuery } from "../seller-website/service";
import { sellerBasePath } from "../../shared/seller-pages";

/**
 * A seller's custom domains and their lifecycle through Cloudflare for SaaS (ADR 0041): added → pending (records
 * shown) → verifying (Cloudflare sees the hostname; the certificate is on its way) → active (served), or failed with
 * Cloudflare's reason. A check (the seller's "Check now", the scheduled run) reads Cloudflare and moves it on.
 * SECURITY: a seller's functions take the signed-in seller's id and scope every query by it.
 */
type DomainRow = typeof customDomains.$inferSelect;
export type DomainStatus = DomainRow["status"];

/** Hostnames a seller may have not yet live at once (ADR 0021). */
export const MAX_PENDING_DOMAINS = 3;
/** A hostname that never went live is released after this long (maintenance.ts). */
export const PENDING_DOMAIN_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** Domains one scheduled run checks at most (oldest check first). */
export const DOMAINS_PER_RUN = 25;

/** A bare domain (example.com, example.co.in) usually cannot hold a CNAME: the seller is told to use www. */
const SECOND_LEVEL = new Set(["co", "com", "net", "org", "gov", "edu", "ac", "ltd", "plc", "firm", "gen", "ind", "nic", "res"]);
export function isApex(hostname: string) {
  const labels = hostname.split(".");
  return labels.length === 2 || (labels.length === 3 && SECOND_LEVEL.has(labels[1]) && labels[2].length === 2);
}

export function domainView(d: DomainRow, cnameTarget: string) {
  const records: DomainRecord[] = [{ type: "CNAME", name: d.hostname, value: cnameTarget, purpose: "routing" }];
  // Without Cloudflare for SaaS a superadmin checks our own TXT token by hand (ADR 0021).
  if (!d.providerId) records.push({ type: "TXT", name: `_tripbazaar.${d.hostname}`, value: d.verificationToken, purpose: "ownership" });
  records.push(...(d.records ?? []));
  return {
    id: d.id,
    hostname: d.hostname,
    status: d.status,
    failureReason: d.failureReason,
    records,
    apex: isApex(d.hostname),
    /** Cloudflare checks this domain on its own; without it a superadmin activates it. */
    automatic: d.providerId !== null,
    heldByAdmin: d.heldByAdmin,
    checkedAt: d.checkedAt,
    verificationToken: d.verificationToken,
    txtRecord: `_tripbazaar.${d.hostname}`,
    createdAt: d.createdAt,
  };
}
export type DomainView = ReturnType<typeof domainView>;

export async function listDomains({ db, load }: Reader, sellerId: string, cnameTarget: string) {
  const rows = await load(
    db.select().from(customDomains).where(eq(customDomains.sellerId, sellerId)).orderBy(asc(customDomains.createdAt)),
  );
  return rows.map((d) => domainView(d, cnameTarget));
}

function verificationToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `tb-verify-${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Where Cloudflare's answer puts the domain: live only when both the hostname and its certificate are active. */
function statusOf(state: HostnameState): { status: DomainStatus; failureReason: string | null } {
  if (state.failure) return { status: "failed", failureReason: state.failure };
  if (state.hostname_status === "active" && state.certificate_status === "active") return { status: "active", failureReason: null };
  return { status: state.hostname_status === "active" ? "verifying" : "pending", failureReason: null };
}

/** What the seller is told when Cloudflare refuses; nothing is kept on our side. */
function refusalOf(error: CustomHostnameError) {
  switch (error.kind) {
    case "taken":
      return conflict("This hostname is already connected to another website on Cloudflare. Remove it there first, or add another one.");
    case "invalid": {
      const message = `Cloudflare does not accept this hostname: ${error.message}`;
      return unprocessable(message, [{ path: "hostname", message }]);
    }
    case "quota":
      return conflict("We cannot connect more custom domains right now. Please try again later or write to support.");
    default:
      return unavailable("Cloudflare could not be reached just now; nothing was changed. Please try again in a minute.");
  }
}

const nowIso = () => new Date().toISOString();

/**
 * Adds a domain: one conditional insert reserves the hostname (a hostname already registered, or a seller with
 * MAX_PENDING_DOMAINS not yet live, writes nothing, however many requests race); then Cloudflare creates the custom
 * hostname and the row takes its records. If Cloudflare refuses, the reservation is deleted again.
 */
export async function addDomain(
  db: Db,
  hostnames: CustomHostnames | null,
  sellerId: string,
  hostname: string,
  cnameTarget: string,
): Promise<DomainView | "taken" | "too-many"> {
  const id = `dom_${crypto.randomUUID()}`;
  const [inserted] = await db.all<{ id: string }>(sql`
    INSERT INTO custom_domains (id, hostname, seller_id, status, verification_token)
    SELECT ${id}, ${hostname}, ${sellerId}, 'pending', ${verificationToken()}
    WHERE (SELECT count(*) FROM custom_domains WHERE seller_id = ${sellerId} AND status <> 'active') < ${MAX_PENDING_DOMAINS}
    ON CONFLICT (hostname) DO NOTHING
    RETURNING id`);
  if (!inserted) {
    const existing = await db.select({ id: customDomains.id }).from(customDomains).where(eq(customDomains.hostname, hostname)).get();
    return existing ? "taken" : "too-many";
  }
  let state: HostnameState | null = null;
  if (hostnames) {
    try {
      state = await hostnames.create(hostname);
    } catch (error) {
      await db.delete(customDomains).where(eq(customDomains.id, id));
      if (isHostnameError(error)) throw refusalOf(error);
      throw error;
    }
  }
  const [row] = await db
    .update(customDomains)
    .set(
      state
        ? { providerId: state.id, records: state.records, ...statusOf({ ...state, certificate_status: "pending" }), checkedAt: nowIso() }
        : {},
    )
    .where(eq(customDomains.id, id))
    .returning();
  return domainView(row, cnameTarget);
}

/** The seller's domain with `id`, or a 404 (another seller's domain is as unknown as a missing one). */
async function ownDomain(db: Db, sellerId: string, domainId: string) {
  const row = await db
    .select()
    .from(customDomains)
    .where(and(eq(customDomains.sellerId, sellerId), eq(customDomains.id, domainId)))
    .get();
  if (!row) throw notFound("Domain not found");
  return row;
}

/**
 * Removes one of the seller's domains: first at Cloudflare (if that fails nothing is removed and the seller can try
 * again), then here, in one batch with the content version when it was live.
 */
export async function removeDomain(db: Db, config: AppConfig, hostnames: CustomHostnames | null, sellerId: string, domainId: string) {
  const row = await ownDomain(db, sellerId, domainId);
  if (row.providerId && hostnames) {
    try {
      await hostnames.delete(row.providerId);
    } catch (error) {
      if (isHostnameError(error)) throw refusalOf(new CustomHostnameError(error.message, "unavailable"));
      throw error;
    }
  }
  const own = and(eq(customDomains.sellerId, sellerId), eq(customDomains.id, domainId));
  const [bumped, removed] = await db.batch([
    bumpQuery(db, sellerId, sql`EXISTS (SELECT 1 FROM ${customDomains} WHERE ${own} AND ${customDomains.status} = 'active')`),
    db.delete(customDomains).where(own).returning({ id: customDomains.id, hostname: customDomains.hostname }),
  ]);
  if (removed.length === 0) throw notFound("Domain not found");
  if (bumped[0]) await domainChanged(config, removed[0].hostname, sellerId, bumped[0].version);
}

/**
 * Reads the domain's state at Cloudflare and moves it on. `refresh` (the seller's "Check now") also asks Cloudflare
 * to validate again, so a record fixed a minute ago counts. Going live is one batch with the content version, then
 * the host is forgotten by the tenant lookup and the seller is emailed.
 */
async function checkRow(db: Db, config: AppConfig, hostnames: CustomHostnames, row: DomainRow, refresh: boolean): Promise<DomainRow> {
  if (!row.providerId || row.status === "active" || row.heldByAdmin) return row;
  const state = refresh ? await hostnames.refresh(row.providerId) : await hostnames.get(row.providerId);
  const next = state
    ? statusOf(state)
    : { status: "failed" as const, failureReason: "Cloudflare no longer has this hostname. Remove it and add it again." };
  const open = and(eq(customDomains.id, row.id), ne(customDomains.status, "active"), eq(customDomains.heldByAdmin, false));
  const records = state?.records ?? row.records;
  if (next.status !== "active") {
    const [updated] = await db
      .update(customDomains)
      .set({ ...next, records, checkedAt: nowIso() })
      .where(open)
      .returning();
    return updated ?? row;
  }
  const [bumped, [updated]] = await db.batch([
    db
      .update(sellers)
      .set({ contentVersion: sql`${sellers.contentVersion} + 1`, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
      .where(sql`${sellers.id} = (SELECT ${customDomains.sellerId} FROM ${customDomains} WHERE ${open})`)
      .returning({ version: sellers.contentVersion, email: sellers.email }),
    db
      .update(customDomains)
      .set({ ...next, records, checkedAt: nowIso() })
      .where(open)
      .returning(),
  ]);
  // Another check won the race: it announced the change and sent the email.
  if (!updated || !bumped[0]) return updated ?? row;
  await domainChanged(config, updated.hostname, updated.sellerId, bumped[0].version);
  await trySendEmail(db, config, {
    to: bumped[0].email,
    sellerId: updated.sellerId,
    subject: `${updated.hostname} is live`,
    text: `Your website now answers at https://${updated.hostname}/ with its own certificate.\n\nVisitors who type the address or follow a link to it see your Tripbazaar website.`,
  });
  return updated;
}

/** The seller's "Check now": answers the domain as it now stands. */
export async function checkSellerDomain(
  db: Db,
  config: AppConfig,
  hostnames: CustomHostnames | null,
  sellerId: string,
  domainId: string,
  cnameTarget: string,
) {
  const row = await ownDomain(db, sellerId, domainId);
  if (row.heldByAdmin) throw conflict("The Tripbazaar team has switched this domain off. Write to support to turn it on again.");
  if (!hostnames || !row.providerId) return domainView(row, cnameTarget);
  try {
    return domainView(await checkRow(db, config, hostnames, row, true), cnameTarget);
  } catch (error) {
    if (isHostnameError(error)) throw refusalOf(new CustomHostnameError(error.message, "unavailable"));
    throw error;
  }
}

/** The scheduled run: checks the domains waiting the longest since their last check. One failing call skips one domain. */
export async function checkPendingDomains(
  db: Db,
  config: AppConfig,
  hostnames: CustomHostnames | null,
  now: number,
  limit = DOMAINS_PER_RUN,
) {
  const counts = { checked: 0, active: 0, released: 0, failed: 0 };
  if (!hostnames) return counts;
  const rows = await db
    .select()
    .from(customDomains)
    .where(
      and(
        inArray(customDomains.status, ["pending", "verifying"]),
        isNotNull(customDomains.providerId),
        eq(customDomains.heldByAdmin, false),
      ),
    )
    .orderBy(sql`${customDomains.checkedAt} IS NOT NULL`, asc(customDomains.checkedAt))
    .limit(limit);
  for (const row of rows) {
    try {
      // A hostname claimed but never proven is released, at Cloudflare first, so nobody holds another's domain for long.
      if (row.status !== "active" && Date.parse(row.createdAt) < now - PENDING_DOMAIN_TTL_MS) {
        if (row.providerId) await hostnames.delete(row.providerId);
        await db.delete(customDomains).where(and(eq(customDomains.id, row.id), ne(customDomains.status, "active")));
        counts.released++;
        continue;
      }
      const after = await checkRow(db, config, hostnames, row, false);
      counts.checked++;
      if (after.status === "active") counts.active++;
    } catch (error) {
      counts.failed++;
      console.warn(`Custom domain check failed for ${row.hostname}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return counts;
}

/** Superadmin only (the caller checks the role): every seller's domains, those not live first, oldest first. */
export async function listAllDomains({ db, load }: Reader, cnameTarget: string) {
  const rows = await load(
    db
      .select({ domain: customDomains, sellerName: sellers.name, siteSlug: sql<string | null>`${sellers.slug}`.as("site_slug") })
      .from(customDomains)
      .innerJoin(sellers, eq(sellers.id, customDomains.sellerId))
      .orderBy(sql`${customDomains.status} = 'active'`, asc(customDomains.createdAt), asc(customDomains.id)),
  );
  // Sellers are named by name, and linked at their readable address, wherever a person reads the list (issue 24).
  return rows.map(({ domain, sellerName, siteSlug }) => ({
    ...domainView(domain, cnameTarget),
    sellerId: domain.sellerId,
    sellerName,
    sitePath: sellerBasePath(siteSlug ?? domain.sellerId),
  }));
}

/**
 * Superadmin only: the manual override. Activation serves the domain whatever Cloudflare says (and lifts a hold);
 * an unknown id is a 404, an active domain a 409.
 */
export async function activateDomain(db: Db, config: AppConfig, admin: AuditActor, domainId: string, cnameTarget: string) {
  const notLive = and(eq(customDomains.id, domainId), ne(customDomains.status, "active"));
  const found = await db
    .select({ status: customDomains.status, hostname: customDomains.hostname })
    .from(customDomains)
    .where(eq(customDomains.id, domainId))
    .get();
  // The entry first, while the domain is not live: written only if this activation is the one that changes it.
  const [, bumped, [row]] = await db.batch([
    auditInsertWhen(
      db,
      admin,
      {
        action: "domain.activate",
        targetType: "custom_domain",
        targetId: domainId,
        before: { hostname: found?.hostname, status: found?.status },
        after: { status: "active" },
      },
      sql`exists (select 1 from ${customDomains} where ${notLive})`,
    ),
    db
      .update(sellers)
      .set({ contentVersion: sql`${sellers.contentVersion} + 1`, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
      .where(sql`${sellers.id} = (SELECT ${customDomains.sellerId} FROM ${customDomains} WHERE ${notLive})`)
      .returning({ version: sellers.contentVersion }),
    db.update(customDomains).set({ status: "active", failureReason: null, heldByAdmin: false }).where(notLive).returning(),
  ]);
  if (!row) {
    const exists = await db.select({ id: customDomains.id }).from(customDomains).where(eq(customDomains.id, domainId)).get();
    throw exists ? conflict("This domain is already active") : notFound("Domain not found");
  }
  if (bumped[0]) await domainChanged(config, row.hostname, row.sellerId, bumped[0].version);
  return domainView(row, cnameTarget);
}

export const DEACTIVATED_REASON = "Switched off by the Tripbazaar team";

/** Superadmin only: stops serving a domain and holds it off, so that no check turns it back on. */
export async function deactivateDomain(db: Db, config: AppConfig, admin: AuditActor, domainId: string, cnameTarget: string) {
  const found = await db.select().from(customDomains).where(eq(customDomains.id, domainId)).get();
  if (!found) throw notFound("Domain not found");
  const target = and(eq(customDomains.id, domainId), eq(customDomains.heldByAdmin, false));
  // One batch: a live domain was the canonical address of the owner's pages, so switching it off bumps the version.
  const [bumped, , [row]] = await db.batch([
    bumpQuery(db, found.sellerId, sql`EXISTS (SELECT 1 FROM ${customDomains} WHERE ${target} AND ${customDomains.status} = 'active')`),
    auditInsertWhen(
      db,
      admin,
      {
        action: "domain.deactivate",
        targetType: "custom_domain",
        targetId: domainId,
        before: { hostname: found.hostname, status: found.status },
        after: { status: "failed", reason: DEACTIVATED_REASON },
      },
      sql`exists (select 1 from ${customDomains} where ${target})`,
    ),
    db.update(customDomains).set({ status: "failed", failureReason: DEACTIVATED_REASON, heldByAdmin: true }).where(target).returning(),
  ]);
  if (!row) throw conflict("This domain is already switched off");
  if (bumped[0]) await domainChanged(config, row.hostname, row.sellerId, bumped[0].version);
  return domainView(row, cnameTarget);
}

/** The host → seller answer is forgotten here and purged elsewhere, with the owner's pages (ADR 0026). */
async function domainChanged(config: AppConfig, hostname: string, sellerId: string, version: number) {
  await forgetDomain(hostname);
  await announceVersion(config, sellerId, version, [hostCacheTag(hostname)]);
}
