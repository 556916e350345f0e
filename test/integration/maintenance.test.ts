import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestWorker, startWorker } from "../support/worker";

let w: TestWorker;
beforeAll(async () => {
  w = await startWorker();
});
afterAll(() => w?.dispose());

const DAY = 24 * 60 * 60 * 1000;
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const run = (sql: string, ...params: unknown[]) =>
  w.d1
    .prepare(sql)
    .bind(...params)
    .run();
const exists = async (table: string, column: string, value: string) =>
  (await w.d1.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`).bind(value).first<{ n: number }>())?.n === 1;

describe("the daily clean-up (Cron Trigger)", () => {
  it("removes expired counters, old idempotency keys, spent codes and old emails, and keeps what is still live", async () => {
    const nowSeconds = Math.floor(Date.now() / 1000);
    await run(
      "INSERT INTO rate_limits (key, count, window_start) VALUES ('old-limit', 3, ?), ('live-limit', 3, ?)",
      nowSeconds - 2 * 86400,
      nowSeconds - 60,
    );
    await run(
      "INSERT INTO idempotency_keys (key, user_id, request_hash, status, created_at) VALUES ('u:old', 'u_asha', 'h', 'done', ?), ('u:stuck', 'u_asha', 'h', 'in-progress', ?), ('u:new', 'u_asha', 'h', 'done', ?)",
      iso(8 * DAY),
      iso(9 * DAY),
      iso(60_000),
    );
    const code = (id: string, purpose: string, sentAgo: number, expiresIn: number, consumed: boolean) =>
      run(
        "INSERT INTO otp_codes (id, user_id, purpose, code_hash, expires_at, consumed_at, last_sent_at, window_started_at, created_at) VALUES (?, 'u_asha', ?, 'x', ?, ?, ?, ?, ?)",
        id,
        purpose,
        new Date(Date.now() + expiresIn).toISOString(),
        consumed ? iso(sentAgo) : null,
        iso(sentAgo),
        iso(sentAgo),
        iso(sentAgo),
      );
    await code("otp-spent", "verify-email", 2 * DAY, -2 * DAY, true);
    await code("otp-expired", "reset-password", 3 * DAY, -3 * DAY, false);
    await code("otp-live", "change-password", 60_000, 9 * 60_000, false);
    await run(
      "INSERT INTO outbox (id, \"to\", subject, text, status, created_at) VALUES ('mail-old', 'a@example.com', 's', 't', 'sent', ?), ('mail-new', 'a@example.com', 's', 't', 'sent', ?), ('mail-dead', 'a@example.com', 's', 't', 'dead', ?)",
      iso(8 * DAY),
      iso(DAY),
      iso(8 * DAY),
    );
    // An old email a consumer is sending right now is kept until it is sent (ADR 0039).
    await run(
      "INSERT INTO outbox (id, \"to\", subject, text, status, claimed_at, created_at) VALUES ('mail-sending', 'a@example.com', 's', 't', 'sending', ?, ?)",
      new Date().toISOString(),
      iso(8 * DAY),
    );
    await run(
      "INSERT INTO handover_tokens (jti, user_id, expires_at) VALUES ('jti-spent-expired', 'u_asha', ?), ('jti-spent-live', 'u_asha', ?)",
      iso(60_000),
      new Date(Date.now() + 60_000).toISOString(),
    );
    await run(
      "INSERT INTO custom_domains (id, hostname, seller_id, status, verification_token, created_at) VALUES ('dom-stale', 'stale.example', 's_himalayan', 'pending', 't', ?), ('dom-fresh', 'fresh.example', 's_himalayan', 'pending', 't', ?), ('dom-old-active', 'old-active.example', 's_himalayan', 'active', 't', ?)",
      iso(15 * DAY),
      iso(DAY),
      iso(400 * DAY),
    );

    const worker = await w.mf.getWorker();
    await worker.scheduled({ cron: "17 3 * * *" });

    expect(await exists("rate_limits", "key", "old-limit")).toBe(false);
    expect(await exists("rate_limits", "key", "live-limit")).toBe(true);
    expect(await exists("idempotency_keys", "key", "u:old")).toBe(false);
    expect(await exists("idempotency_keys", "key", "u:stuck")).toBe(false);
    expect(await exists("idempotency_keys", "key", "u:new")).toBe(true);
    expect(await exists("otp_codes", "id", "otp-spent")).toBe(false);
    expect(await exists("otp_codes", "id", "otp-expired")).toBe(false);
    expect(await exists("otp_codes", "id", "otp-live")).toBe(true);
    expect(await exists("outbox", "id", "mail-old")).toBe(false);
    expect(await exists("outbox", "id", "mail-new")).toBe(true);
    expect(await exists("outbox", "id", "mail-dead")).toBe(false);
    expect(await exists("outbox", "id", "mail-sending")).toBe(true);
    expect(await exists("handover_tokens", "jti", "jti-spent-expired")).toBe(false);
    expect(await exists("handover_tokens", "jti", "jti-spent-live")).toBe(true);
    // A hostname claimed but never proven for 14 days is released; an active one is never touched.
    expect(await exists("custom_domains", "id", "dom-stale")).toBe(false);
    expect(await exists("custom_domains", "id", "dom-fresh")).toBe(true);
    expect(await exists("custom_domains", "id", "dom-old-active")).toBe(true);
    // Seed data is untouched.
    expect(await exists("bookings", "id", "bk_w1")).toBe(true);
  });
});
