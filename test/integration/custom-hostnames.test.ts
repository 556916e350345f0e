import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CF_API_TOKEN, CF_ZONE_ID, FALLBACK_ORIGIN, SAAS_BINDINGS, cloudflareSaasStandIn } from "../support/cloudflare-saas-standin";
import { sendPageAction } from "../support/page-action";
import { type Session, bearer, latestEmail, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * Self-serve custom domains with the REAL Cloudflare for SaaS adapter (ADR 0041): the Worker is configured with
 * CF_API_TOKEN, CF_ZONE_ID and SAAS_FALLBACK_ORIGIN and every call it makes is answered by a local stand-in of the
 * custom hostnames API (test/support/cloudflare-saas-standin.ts, through Miniflare's outbound handler).
 */

const standIn = cloudflareSaasStandIn();
let w: TestWorker;
let himalayan: Session;
let wanderlust: Session;
let admin: Session;

beforeAll(async () => {
  w = await startWorker({ bindings: SAAS_BINDINGS, outbound: standIn.outbound });
  [himalayan, wanderlust, admin] = await Promise.all([
    loginViaApi(w, "owner@himalayan.example"),
    loginViaApi(w, "owner@wanderlust.example"),
    loginViaApi(w, "admin@tripbazaar.example"),
  ]);
});
afterAll(() => w?.dispose());
afterEach(() => standIn.up());

const cookie = (s: Session) => `tb_session=${s.token}`;
const act = (body: Record<string, string>, as: Session = himalayan) =>
  sendPageAction(w, "/seller-dashboard/website", body, { cookie: cookie(as) });
const add = (hostname: string, as: Session = himalayan) => w.api("POST", "/api/seller-admin/domains", { hostname }, bearer(as));
const row = (hostname: string) =>
  w.d1
    .prepare("SELECT id, status, failure_reason AS failureReason, provider_id AS providerId FROM custom_domains WHERE hostname = ?")
    .bind(hostname)
    .first<{ id: string; status: string; failureReason: string | null; providerId: string | null }>();
const websitePage = async (as: Session = himalayan) =>
  (await w.request("/seller-dashboard/website", { headers: { cookie: cookie(as) } })).text();
const runSchedule = async () => (await w.mf.getWorker()).scheduled({ cron: "*/15 * * * *" });
const site = (host: string) => w.request("/", { host });

describe("a seller connects a domain through Cloudflare for SaaS", () => {
  it("creates the hostname at Cloudflare and shows the exact records; Check now puts it live once hostname and certificate are active", async () => {
    const added = await act({ intent: "addDomain", hostname: "trips.himalaya-treks.test" });
    expect(added.answer).toEqual({ ok: true, message: "Domain added. Create the DNS records shown below, then press Check now." });
    const create = standIn.requests.find((r) => r.method === "POST");
    expect(create).toMatchObject({
      path: `/client/v4/zones/${CF_ZONE_ID}/custom_hostnames`,
      authorization: `Bearer ${CF_API_TOKEN}`,
      body: { hostname: "trips.himalaya-treks.test", ssl: { method: "txt", type: "dv" } },
    });
    const at = [...standIn.hostnames.values()].find((h) => h.hostname === "trips.himalaya-treks.test");
    expect(at).toBeDefined();
    expect(await row("trips.himalaya-treks.test")).toMatchObject({ status: "pending", providerId: at?.id });

    const html = await websitePage();
    expect(html).toContain(`<code>${FALLBACK_ORIGIN}</code>`);
    expect(html).toContain(`<code>_cf-custom-hostname.trips.himalaya-treks.test</code>`);
    expect(html).toContain(`<code>${at?.ownership_verification.value}</code>`);
    expect(html).toContain(`<code>_acme-challenge.trips.himalaya-treks.test</code>`);
    expect(html).toContain(`<code>${at?.ssl.validation_records[0].txt_value}</code>`);
    expect(html).toContain("Check now");
    expect(html).not.toContain("bare domain");

    const { id } = (await row("trips.himalaya-treks.test")) ?? { id: "" };
    const waiting = await act({ intent: "checkDomain", id });
    expect(waiting.answer?.message).toMatch(/does not see the records/);
    expect(standIn.requests.at(-1)).toMatchObject({ method: "PATCH", path: `/client/v4/zones/${CF_ZONE_ID}/custom_hostnames/${at?.id}` });
    expect((await site("trips.himalaya-treks.test")).status).toBe(404);

    standIn.hostnameOnly("trips.himalaya-treks.test");
    const verifying = await act({ intent: "checkDomain", id });
    expect(verifying.answer?.message).toMatch(/certificate is on its way/);
    expect((await row("trips.himalaya-treks.test"))?.status).toBe("verifying");
    // Not live until the certificate is too: the host still answers "not found".
    expect((await site("trips.himalaya-treks.test")).status).toBe(404);

    standIn.activate("trips.himalaya-treks.test");
    const live = await act({ intent: "checkDomain", id });
    expect(live.answer).toEqual({ ok: true, message: "trips.himalaya-treks.test is live" });
    expect((await row("trips.himalaya-treks.test"))?.status).toBe("active");
    // The tenant lookup sees it on the very next request: the seller's site answers on the domain.
    const served = await site("trips.himalaya-treks.test");
    expect(served.status).toBe(200);
    expect(await served.text()).toContain("Himalayan");
    const email = await latestEmail(w, "owner@himalayan.example");
    expect(email.subject).toBe("trips.himalaya-treks.test is live");
    expect(email.text).toContain("https://trips.himalaya-treks.test/");
  });

  it("the scheduled run moves pending domains on by itself, and emails once", async () => {
    expect((await add("www.wanderlust-trips.test", wanderlust)).status).toBe(201);
    standIn.activate("www.wanderlust-trips.test");
    await runSchedule();
    expect((await row("www.wanderlust-trips.test"))?.status).toBe("active");
    expect((await site("www.wanderlust-trips.test")).status).toBe(200);
    await runSchedule();
    const sent = await w.api("GET", "/api/dev/outbox?to=owner%40wanderlust.example");
    const live = (sent.body.messages as { subject: string }[]).filter((m) => m.subject === "www.wanderlust-trips.test is live");
    expect(live).toHaveLength(1);
  });

  it("shows why it failed: a CAA record blocking the certificate; a fixed record and Check now recover it", async () => {
    await add("caa.himalaya-treks.test");
    standIn.hostnameOnly("caa.himalaya-treks.test");
    standIn.blockByCaa("caa.himalaya-treks.test");
    const { id } = (await row("caa.himalaya-treks.test")) ?? { id: "" };
    const failed = await act({ intent: "checkDomain", id });
    expect(failed.answer?.message).toMatch(/^caa\.himalaya-treks\.test failed: The certificate cannot be issued: caa_error/);
    expect((await row("caa.himalaya-treks.test"))?.status).toBe("failed");
    const html = await websitePage();
    expect(html).toMatch(/data-testid="domain-failure"[^>]*>The certificate cannot be issued: caa_error/);
    const panel = await (await w.request("/superadmin-panel/domains", { headers: { cookie: cookie(admin) } })).text();
    expect(panel).toContain("caa.himalaya-treks.test");
    expect(panel).toMatch(/Failed<span class="error-text"> · <!-- -->The certificate cannot be issued: caa_error/);
    expect((await site("caa.himalaya-treks.test")).status).toBe(404);

    standIn.activate("caa.himalaya-treks.test");
    expect((await act({ intent: "checkDomain", id })).answer?.message).toBe("caa.himalaya-treks.test is live");
  });

  it("refuses what Cloudflare refuses, saying why, and keeps nothing", async () => {
    // Another Cloudflare account already has it.
    const first = [...standIn.hostnames.values()][0];
    standIn.hostnames.set("elsewhere", { ...first, id: "elsewhere", hostname: "taken.example-agency.test" });
    const taken = await add("taken.example-agency.test");
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/already connected to another website on Cloudflare/),
    });
    expect(await row("taken.example-agency.test")).toBeNull();

    const invalid = await add("invalid-name.example-agency.test");
    expect(invalid.status).toBe(422);
    expect(invalid.body.message).toMatch(/^Cloudflare does not accept this hostname: The custom hostname you specified is invalid/);
    expect(await row("invalid-name.example-agency.test")).toBeNull();

    standIn.quota(0);
    const full = await act({ intent: "addDomain", hostname: "quota.example-agency.test" });
    expect(full.status).toBe(409);
    expect(full.answer).toMatchObject({ ok: false, message: expect.stringMatching(/cannot connect more custom domains right now/) });
    expect(await row("quota.example-agency.test")).toBeNull();

    standIn.down();
    const down = await add("down.example-agency.test");
    expect(down.status).toBe(503);
    expect(down.body.message).toMatch(/Cloudflare could not be reached just now; nothing was changed/);
    expect(await row("down.example-agency.test")).toBeNull();
  });

  it("gives plain advice for a bare domain", async () => {
    await add("himalaya-treks.test");
    const html = await websitePage();
    expect(html).toMatch(/himalaya-treks\.test<!-- --> is a bare domain/);
    expect(html).toContain("www.<!-- -->himalaya-treks.test");
  });

  it("removal deletes the hostname at Cloudflare first; with Cloudflare down nothing is removed", async () => {
    await add("gone.himalaya-treks.test");
    const { id, providerId } = (await row("gone.himalaya-treks.test")) ?? { id: "", providerId: "" };
    standIn.down();
    const refused = await act({ intent: "removeDomain", id });
    expect(refused.status).toBe(503);
    expect(await row("gone.himalaya-treks.test")).not.toBeNull();
    standIn.up();
    const removed = await act({ intent: "removeDomain", id });
    expect(removed.answer).toEqual({ ok: true, message: "Domain removed" });
    expect(standIn.requests.at(-1)).toMatchObject({
      method: "DELETE",
      path: `/client/v4/zones/${CF_ZONE_ID}/custom_hostnames/${providerId}`,
    });
    expect(standIn.hostnames.has(providerId ?? "")).toBe(false);
    expect(await row("gone.himalaya-treks.test")).toBeNull();
  });

  it("a hostname never proven is released after 14 days, at Cloudflare first", async () => {
    await add("stale.himalaya-treks.test");
    const { providerId } = (await row("stale.himalaya-treks.test")) ?? { providerId: "" };
    await w.d1
      .prepare("UPDATE custom_domains SET created_at = ? WHERE hostname = 'stale.himalaya-treks.test'")
      .bind(new Date(Date.now() - 15 * 24 * 3600 * 1000).toISOString())
      .run();
    await runSchedule();
    expect(await row("stale.himalaya-treks.test")).toBeNull();
    expect(standIn.hostnames.has(providerId ?? "")).toBe(false);
  });

  it("a live domain removed stops answering at once", async () => {
    const { id } = (await row("trips.himalaya-treks.test")) ?? { id: "" };
    expect((await site("trips.himalaya-treks.test")).status).toBe(200);
    expect((await act({ intent: "removeDomain", id })).answer?.ok).toBe(true);
    expect((await site("trips.himalaya-treks.test")).status).toBe(404);
  });
});

describe("tenant isolation and bad input", () => {
  it("a seller can neither see, check nor remove another seller's domain", async () => {
    await add("mine.wanderlust-trips.test", wanderlust);
    const { id } = (await row("mine.wanderlust-trips.test")) ?? { id: "" };
    expect(await websitePage(himalayan)).not.toContain("mine.wanderlust-trips.test");
    const calls = standIn.requests.length;
    const check = await act({ intent: "checkDomain", id }, himalayan);
    expect(check.status).toBe(404);
    const checkApi = await w.api("POST", `/api/seller-admin/domains/${id}/check`, undefined, bearer(himalayan));
    expect(checkApi.status).toBe(404);
    const remove = await act({ intent: "removeDomain", id }, himalayan);
    expect(remove.status).toBe(404);
    const removeApi = await w.api("DELETE", `/api/seller-admin/domains/${id}`, undefined, bearer(himalayan));
    expect(removeApi.status).toBe(404);
    // Nothing reached Cloudflare on the other seller's behalf.
    expect(standIn.requests.length).toBe(calls);
    expect(await row("mine.wanderlust-trips.test")).toMatchObject({ status: "pending" });
  });

  it("bad hostnames and ids are 4xx answers, never 5xx, and reach no one", async () => {
    const calls = standIn.requests.length;
    for (const hostname of ["", "http://x.test/", "a..b", "-x.test", "x".repeat(300), "10.0.0.1", "localhost", FALLBACK_ORIGIN]) {
      const res = await add(hostname);
      expect(res.status, hostname).toBeGreaterThanOrEqual(400);
      expect(res.status, hostname).toBeLessThan(500);
      const page = await act({ intent: "addDomain", hostname });
      expect(page.status, hostname).toBeLessThan(500);
    }
    for (const id of ["", "x".repeat(500), "../../x"]) {
      expect((await act({ intent: "checkDomain", id })).status, id).toBeLessThan(500);
    }
    expect(standIn.requests.length).toBe(calls);
  });

  it("the superadmin overrides: deactivates a live domain (no check turns it on) and activates it again", async () => {
    await add("override.wanderlust-trips.test", wanderlust);
    standIn.activate("override.wanderlust-trips.test");
    await runSchedule();
    const { id } = (await row("override.wanderlust-trips.test")) ?? { id: "" };
    expect((await site("override.wanderlust-trips.test")).status).toBe(200);
    const off = await sendPageAction(w, "/superadmin-panel/domains", { id, intent: "deactivate" }, { cookie: cookie(admin) });
    expect(off.answer).toEqual({ ok: true, message: "override.wanderlust-trips.test is switched off" });
    expect((await site("override.wanderlust-trips.test")).status).toBe(404);
    await runSchedule();
    expect((await row("override.wanderlust-trips.test"))?.status).toBe("failed");
    const check = await act({ intent: "checkDomain", id }, wanderlust);
    expect(check.status).toBe(409);
    const on = await w.api("POST", `/api/superadmin/domains/${id}/activate`, undefined, bearer(admin));
    expect(on.status).toBe(200);
    expect((await site("override.wanderlust-trips.test")).status).toBe(200);
    // A seller is not the superadmin.
    expect((await w.api("POST", `/api/superadmin/domains/${id}/deactivate`, undefined, bearer(wanderlust))).status).toBe(403);
  });
});
