import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SELLER_A } from "../support/bookings";
import { allowConsoleErrors } from "../support/console-guard";
import { followUpState, followUpsDone } from "../support/follow-ups";
import { type Session, bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * Issue 25, ADR 0039: a seller's answer waits for its one D1 batch, never for the email provider. The email is a
 * message on the real local queue (Miniflare), delivered by the Worker's queue() consumer with retries; what keeps
 * failing lands in the dead-letter queue and the superadmin panel; a message lost before the queue is sent by the
 * scheduled run. The provider is a local stand-in of its HTTP API (the Worker's outbound fetch), in the production
 * configuration, where emails really leave.
 */

// The decision fault below is logged by the Worker as it answers 503.
allowConsoleErrors(/injected fault \(x-tb-fault: /);

const EMAIL_API_URL = "https://email-provider.test/v1/send";
const EMAIL_API_KEY = "test-only-email-key";
const PRODUCTION = {
  ENVIRONMENT: "production",
  PLATFORM_HOSTS: "localhost,127.0.0.1",
  PUBLIC_ORIGIN: "http://localhost",
  EMAIL_API_URL,
  EMAIL_API_KEY,
  // A provider that hangs is given up on after 2 s; a failed try is retried 1 s later, then 2 s, 4 s...
  EMAIL_TIMEOUT_MS: "2000",
  FOLLOW_UP_RETRY_SECONDS: "1",
};

type Delivered = { key: string | null; to: string; subject: string };

/** The email provider's API as a local stand-in: up, down (503), or hanging; it may refuse one recipient for good. */
function emailProvider() {
  const state = {
    mode: "up" as "up" | "down" | "hang",
    refuse: new Set<string>(),
    accepted: [] as Delivered[],
    tries: 0,
    hung: [] as (() => void)[],
  };
  async function answer(request: Request): Promise<Response> {
    if (request.url !== EMAIL_API_URL) return new Response("no such host", { status: 502 });
    if (request.headers.get("authorization") !== `Bearer ${EMAIL_API_KEY}`) return new Response("bad key", { status: 401 });
    const body = (await request.json()) as { to: string[]; subject: string };
    state.tries++;
    if (state.refuse.has(body.to[0])) return Response.json({ message: "Mailbox unavailable" }, { status: 500 });
    if (state.mode === "down") return Response.json({ message: "Service unavailable" }, { status: 503 });
    if (state.mode === "hang") {
      // Answered only when the test lets go, long after the Worker stopped waiting.
      await new Promise<void>((resolve) => state.hung.push(resolve));
      return Response.json({ message: "Service unavailable" }, { status: 503 });
    }
    state.accepted.push({ key: request.headers.get("idempotency-key"), to: body.to[0], subject: body.subject });
    return Response.json({ id: `em_${state.accepted.length}` });
  }
  const release = () => {
    for (const resolve of state.hung.splice(0)) resolve();
  };
  return { state, answer, release };
}

const provider = emailProvider();
/** A second stand-in, for the Worker whose queue gives up after one retry. */
const strict = emailProvider();

let prod: TestWorker;
let dlq: TestWorker;
let dev: TestWorker;
beforeAll(async () => {
  [prod, dlq, dev] = await Promise.all([
    startWorker({ bindings: PRODUCTION, outbound: provider.answer }),
    startWorker({ bindings: { ...PRODUCTION, FOLLOW_UP_RETRY_SECONDS: "0" }, outbound: strict.answer, maxRetries: 1 }),
    startWorker({ bindings: { FAULTS: "1", TEST_CLOCK: "1" } }),
  ]);
});
afterAll(async () => {
  provider.release();
  strict.release();
  await Promise.all([prod?.dispose(), dlq?.dispose(), dev?.dispose()]);
});

const sellerOf = (w: TestWorker) => loginViaApi(w, SELLER_A);
const decide = (w: TestWorker, seller: Session, id: string, decision: "approve" | "reject", headers: Record<string, string> = {}) =>
  w.api("PUT", `/api/bookings/seller/bookings/${id}/${decision}`, { message: "Fully booked that week" }, { ...bearer(seller), ...headers });
const refOf = async (w: TestWorker, id: string) =>
  (await w.d1.prepare("SELECT booking_ref AS ref FROM bookings WHERE id = ?").bind(id).first<{ ref: string }>())?.ref ?? "";

/** Polls `check` until it holds (or fails after `timeoutMs`). */
async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`still not ${what} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A timed decision: its answer, and how long it took. */
async function timed<T>(run: () => Promise<T>) {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

describe("with the email provider down or hanging (production configuration)", () => {
  it("approve and reject answer at once, after at most 2 D1 round trips; the emails go out once the provider is back, exactly once", async () => {
    const seller = await sellerOf(prod);
    provider.state.mode = "down";
    const approved = await timed(() => decide(prod, seller, "bk_w1", "approve"));
    const rejected = await timed(() => decide(prod, seller, "bk_w2", "reject"));
    for (const { result, ms } of [approved, rejected]) {
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expect(Number(result.headers.get("x-tb-d1-calls"))).toBeLessThanOrEqual(2);
      expect(ms).toBeLessThan(1500);
    }
    expect(approved.result.body.data.status).toBe("confirmed");
    expect(rejected.result.body.data.status).toBe("rejected");

    // The consumer tried, the provider refused, and the reason is kept while the message waits for its retry.
    await until("refused", async () => /answered 503/.test((await followUpState(prod, "fu_answer_bk_w2"))?.error ?? ""));
    const waiting = await followUpState(prod, "fu_answer_bk_w2");
    expect(waiting?.status).toMatch(/^(pending|sending)$/);
    expect(waiting?.attempts).toBeGreaterThanOrEqual(1);
    expect(provider.state.accepted).toEqual([]);

    provider.state.mode = "up";
    await followUpsDone(prod, "bk_w1", 15_000);
    await followUpsDone(prod, "bk_w2", 15_000);
    const [ref1, ref2] = await Promise.all([refOf(prod, "bk_w1"), refOf(prod, "bk_w2")]);
    // Redelivery of a sent message would show here: wait a retry's length, then count.
    await new Promise((r) => setTimeout(r, 1200));
    const sent = (subject: string) => provider.state.accepted.filter((m) => m.subject === subject);
    expect(sent(`Booking confirmed: ${ref1}`)).toEqual([
      { key: "fu_answer_bk_w1", to: "asha@example.com", subject: `Booking confirmed: ${ref1}` },
    ]);
    expect(sent(`Booking rejected: ${ref2}`)).toHaveLength(1);
    expect((await followUpState(prod, "fu_answer_bk_w1"))?.status).toBe("sent");
    expect((await followUpState(prod, "fu_answer_bk_w2"))?.status).toBe("sent");
  });

  it("with the provider hanging the answer does not wait; the try is given up after the timeout and the email goes out once", async () => {
    const seller = await sellerOf(prod);
    provider.state.mode = "hang";
    const { result, ms } = await timed(() => decide(prod, seller, "bk_w3", "approve"));
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(ms).toBeLessThan(1500);
    await until("given up", async () => /did not answer within 2000 ms/.test((await followUpState(prod, "fu_answer_bk_w3"))?.error ?? ""));
    provider.state.mode = "up";
    provider.release();
    await followUpsDone(prod, "bk_w3", 15_000);
    const ref = await refOf(prod, "bk_w3");
    expect(provider.state.accepted.filter((m) => m.subject === `Booking confirmed: ${ref}`)).toHaveLength(1);
  });
});

describe("a message that keeps failing", () => {
  it("lands in the dead-letter queue, shows in the superadmin panel with its reason, and a retry without scripts sends it once", async () => {
    const seller = await sellerOf(dlq);
    const admin = await loginViaApi(dlq, "admin@tripbazaar.example");
    const cookie = `tb_session=${admin.token}`;
    strict.state.refuse.add("asha@example.com");
    expect((await decide(dlq, seller, "bk_w1", "approve")).status).toBe(200);
    await until("dead", async () => (await followUpState(dlq, "fu_answer_bk_w1"))?.status === "dead");
    const dead = await followUpState(dlq, "fu_answer_bk_w1");
    const ref = await refOf(dlq, "bk_w1");
    // The first try and the one retry wrangler.toml's max_retries allows here.
    expect(dead).toMatchObject({ status: "dead", attempts: 2, to: "asha@example.com", subject: `Booking confirmed: ${ref}` });
    expect(dead?.error).toMatch(/answered 500: .*Mailbox unavailable/);

    const panel = await dlq.request("/superadmin-panel/messages", { headers: { cookie } });
    expect(panel.status).toBe(200);
    expect(panel.headers.get("x-tb-d1-calls")).toBe("1");
    const html = await panel.text();
    expect(html).toContain(`Booking confirmed: ${ref}`);
    expect(html).toContain("The email provider answered 500");
    expect(html).toMatch(/<form method="post"[^>]*>[\s\S]*?name="id" value="fu_answer_bk_w1"/);

    // The provider is fixed; the operator's retry is a plain form post (no scripts).
    strict.state.refuse.clear();
    const retried = await dlq.request("/superadmin-panel/messages", {
      method: "POST",
      headers: { cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: "fu_answer_bk_w1" }).toString(),
    });
    expect(retried.status).toBe(200);
    expect(await retried.text()).toContain("The message is queued again");
    await until("sent", async () => (await followUpState(dlq, "fu_answer_bk_w1"))?.status === "sent");
    expect(strict.state.accepted.filter((m) => m.subject === `Booking confirmed: ${ref}`)).toHaveLength(1);
    expect(await (await dlq.request("/superadmin-panel/messages", { headers: { cookie } })).text()).toContain(
      "Every message was delivered.",
    );
    // A second retry of a message that is no longer dead changes nothing.
    const again = await dlq.request("/superadmin-panel/messages", {
      method: "POST",
      headers: { cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: "fu_answer_bk_w1" }).toString(),
    });
    expect(again.status).toBe(404);
    expect(strict.state.accepted.filter((m) => m.subject === `Booking confirmed: ${ref}`)).toHaveLength(1);
  });
});

describe("a fault between the decision and the enqueue", () => {
  it("loses no message: the scheduled run sends the follow-up the Worker never enqueued, once", async () => {
    const seller = await sellerOf(dev);
    // The batch commits, then the Worker fails before it reaches the queue (ADR 0020's after-write fault).
    const res = await decide(dev, seller, "bk_w2", "reject", { "x-tb-fault": "after-write:1" });
    expect(res.status).toBe(503);
    expect((await dev.d1.prepare("SELECT status FROM bookings WHERE id = 'bk_w2'").first("status")) as string).toBe("rejected");
    await new Promise((r) => setTimeout(r, 500));
    expect(await followUpState(dev, "fu_answer_bk_w2")).toMatchObject({ status: "pending", attempts: 0 });

    // A minute later the scheduled run finds it and puts it on the queue.
    const soon = await dev.api("POST", "/api/dev/scheduled", undefined, { "x-tb-now": String(Date.now() + 10_000) });
    expect(soon.body.data.followUpsResent).toBe(0);
    const later = await dev.api("POST", "/api/dev/scheduled", undefined, { "x-tb-now": String(Date.now() + 120_000) });
    expect(later.status).toBe(200);
    expect(later.body.data.followUpsResent).toBeGreaterThanOrEqual(1);
    await followUpsDone(dev, "bk_w2");
    const ref = await refOf(dev, "bk_w2");
    const outbox = async () =>
      (await dev.api("GET", "/api/dev/outbox?to=asha%40example.com")).body.messages.filter(
        (m: { subject: string }) => m.subject === `Booking rejected: ${ref}`,
      );
    expect(await outbox()).toEqual([expect.objectContaining({ status: "sent", text: expect.stringContaining("Fully booked that week") })]);
    // Nothing is left to send again.
    const after = await dev.api("POST", "/api/dev/scheduled", undefined, { "x-tb-now": String(Date.now() + 240_000) });
    expect(after.body.data.followUpsResent).toBe(0);
    expect(await outbox()).toHaveLength(1);

    // The queue delivers at least once: a message that comes again for a sent row finds it sent and does nothing.
    const sent = await followUpState(dev, "fu_answer_bk_w2");
    const queue = await dev.mf.getQueueProducer<{ id: string }>("FOLLOW_UPS", "app");
    await queue.send({ id: "fu_answer_bk_w2" });
    await queue.send({ id: "fu_answer_bk_w2" });
    await new Promise((r) => setTimeout(r, 500));
    expect(await followUpState(dev, "fu_answer_bk_w2")).toEqual(sent);
    expect(await outbox()).toHaveLength(1);
  });
});
