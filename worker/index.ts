import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "virtual:remix-server-build";
import { apiApp } from "./api/app";
import { requestTime } from "./clock";
import { isCacheablePage, markPrivate, matchPage, storePage } from "./cache/page-cache";
import { type Db, createDb } from "./db/client";
import { busyPageOnD1Failure } from "./db/d1-failure";
import { requestDb, withD1Calls } from "./db/request-db";
import { type AppConfig, type Env, readConfig } from "./env";
import { createLoadContext } from "./load-context";
import { resolveRequestTenant, routeTrees, treeOf } from "./tenant";
import { plainPage, siteNotFoundPage } from "./site-not-found";
import { DAILY_CLEANUP_CRON, runMaintenance } from "./maintenance";
import { expireUnanswered } from "./domain/payments/expiry";
import { checkPendingDomains } from "./domain/seller-admin/domains";
import { customHostnamesOf } from "./saas/config";
import { serveMedia } from "./media";
import { withSecurityHeaders } from "./security-headers";
import { checkPageOrigin } from "./page-origin";
import { drainableBody } from "./request-body";
import { withDecodablePath } from "./decodable-path";
import { consumeFollowUps } from "./follow-ups";
import { resendPending } from "./domain/follow-ups/outbox";
import { inviteReviews } from "./domain/reviews/invitations";
import { sweepUnusedReviewPhotos } from "./domain/reviews/photos";
import type { FollowUpMessage } from "./domain/follow-ups/message";

// One Remix handler per route tree: the platform's, a seller site's by path, a custom domain's (ADR 0024).
const trees = routeTrees(build as unknown as ServerBuild);
const handlers = {
  platform: createRequestHandler(trees.platform),
  path: createRequestHandler(trees.path),
  domain: createRequestHandler(trees.domain),
};

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    // The benchmark's denominator (npm run bench): the cheapest answer this Worker can give.
    if (url.pathname === "/__bench/trivial") return new Response("ok");
    // Its reference: one bare local D1 round trip, the floor under any uncached page's data.
    if (url.pathname === "/__bench/d1" && env.BENCH === "1") return Response.json(await env.DB.prepare("SELECT 1 AS ok").first());
    const { request: sent, drain } = drainableBody(request);
    const response = await answer(sent, env, ctx, url).catch(busyPageOnD1Failure);
    // Whatever of the body no handler read is read now, before the answer leaves (worker/request-body.ts).
    await drain();
    return withSecurityHeaders(response);
  },

  /**
   * Cron Triggers (wrangler.toml): every 15 minutes, unanswered paid requests past 48 hours are expired and
   * refunded (ADR 0029), follow-ups whose enqueueing was lost are sent again (ADR 0039) and custom domains waiting
   * for Cloudflare are checked (ADR 0041); once a day, expired rows and unused review photos are cleaned up.
   */
  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    const db = createDb(env.DB);
    const config = readConfig(env);
    const now = new Date(controller.scheduledTime);
    const payments = await expireUnanswered(db, config, now);
    console.log(`payments ${JSON.stringify(payments)}`);
    const followUps = await resendPending(db, config, now);
    console.log(`follow-ups ${JSON.stringify(followUps)}`);
    // Custom domains waiting for Cloudflare go live on their own.
    const domains = await checkPendingDomains(db, config, customHostnamesOf(config), now.getTime());
    console.log(`domains ${JSON.stringify(domains)}`);
    // Trips that ended: their travellers are invited to review them, once per booking (issue 28).
    const invitations = await inviteReviews(db, config, now);
    console.log(`review invitations ${JSON.stringify(invitations)}`);
    if (controller.cron === DAILY_CLEANUP_CRON) {
      const removed = await runMaintenance(db, now.getTime());
      console.log(`maintenance removed ${JSON.stringify(removed)}`);
      // Review photos no review named within a day, with their copies (ADR 0062's addendum).
      if (env.MEDIA) console.log(`unused review photos removed ${await sweepUnusedReviewPhotos(db, env.MEDIA, now)}`);
    }
  },

  /** The FOLLOW_UPS queue and its dead-letter queue (wrangler.toml, ADR 0039). */
  async queue(batch: MessageBatch<FollowUpMessage>, env: Env): Promise<void> {
    await consumeFollowUps(batch, env);
  },
} satisfies ExportedHandler<Env, FollowUpMessage>;

async function answer(incoming: Request, env: Env, ctx: ExecutionContext, url: URL): Promise<Response> {
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) {
    return apiApp.fetch(incoming, env, ctx);
  }
  // An address starting with a backslash (`/\…`, `/%5C…`) is no page of ours, and the router cannot rebuild it
  // (`\` reads as `/`, so it would become a protocol-relative URL): not found, before any page runs.
  if (/^\/(%5c|\\)/i.test(url.pathname)) return plainPage(404, "Page not found", "There is no page at this address.");
  const request = checkPageOrigin(incoming, url);
  if (request instanceof Response) return request;
  const media = await serveMedia(request, env, url);
  if (media) return media;
  const config = readConfig(env);
  // Every D1 round trip is counted and reported (x-tb-d1-calls), so tests and the bench can hold a page to one.
  const { db, d1Calls } = requestDb(env, config, request);
  return withD1Calls(await page(request, env, ctx, url, config, db), d1Calls);
}

/** A page of the tenant the request is for: from the edge cache where it may be, else rendered by Remix. */
async function page(request: Request, env: Env, ctx: ExecutionContext, url: URL, config: AppConfig, db: Db): Promise<Response> {
  const now = new Date(requestTime(request, env, config));
  const tenant = await resolveRequestTenant(url, config, db, now.getTime());
  // An unknown host is not ours to serve. On a seller's own domain, a path that is none of the site's pages (a
  // main-site path, say) is a missing page of a site that exists: the site's branded 404, rendered by Remix.
  if (tenant.kind === "unknown-host") return siteNotFoundPage();
  const cacheable = tenant.kind === "seller" && isCacheablePage(request, tenant, url);
  const cached = cacheable ? await matchPage(tenant.sellerId, url) : null;
  if (cached) return cached;
  const context = await createLoadContext(request, env, ctx, { db, tenant, url, now });
  const response = await handlers[treeOf(tenant)](withDecodablePath(request, url), context);
  if (tenant.kind !== "seller") return response;
  return cacheable ? storePage(ctx, tenant.sellerId, context.edge.contentVersion, url, response) : markPrivate(response);
}
