import { afterEach, describe, expect, it, vi } from "vitest";
import { EmailDeliveryError, deliverEmail } from "../../worker/email/provider";
import { type Env, readConfig } from "../../worker/env";
import { retryDelaySeconds } from "../../worker/follow-ups";
import { TEST_ENV } from "../support/env";

/** The production email adapter against a stand-in of the provider's API (the global fetch). */
const config = (extra: Partial<Env> = {}) =>
  readConfig({
    ...TEST_ENV,
    ENVIRONMENT: "production",
    EMAIL_API_URL: "https://email.test/send",
    EMAIL_API_KEY: "k",
    EMAIL_TIMEOUT_MS: "100",
    ...extra,
  } as unknown as Env);
const email = { id: "fu_answer_bk_1", to: "asha@example.com", subject: "Booking confirmed: TB-1", text: "Hello" };

afterEach(() => vi.unstubAllGlobals());

describe("the email provider's adapter", () => {
  it("posts the email with the bearer key and the outbox id as its Idempotency-Key", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ id: "em_1" }));
    vi.stubGlobal("fetch", fetch);
    await deliverEmail(config(), email);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("https://email.test/send");
    expect(init.headers).toMatchObject({ authorization: "Bearer k", "idempotency-key": "fu_answer_bk_1" });
    expect(JSON.parse(String(init.body))).toEqual({
      from: TEST_ENV.EMAIL_FROM,
      to: ["asha@example.com"],
      subject: "Booking confirmed: TB-1",
      text: "Hello",
    });
  });

  it("says what went wrong: an error answer, no answer in time, no connection, no configuration", async () => {
    vi.stubGlobal("fetch", async () => new Response("quota exceeded", { status: 429 }));
    await expect(deliverEmail(config(), email)).rejects.toThrow(new EmailDeliveryError("The email provider answered 429: quota exceeded"));
    vi.stubGlobal(
      "fetch",
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
    );
    await expect(deliverEmail(config(), email)).rejects.toThrow("The email provider did not answer within 100 ms");
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("fetch failed");
    });
    await expect(deliverEmail(config(), email)).rejects.toThrow("The email provider could not be reached: fetch failed");
    await expect(deliverEmail(config({ EMAIL_API_KEY: undefined }), email)).rejects.toThrow(/not configured/);
  });

  it("prints instead outside production, and calls nobody", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    await deliverEmail(config({ ENVIRONMENT: "development" }), email);
    expect(fetch).not.toHaveBeenCalled();
    expect(log.mock.calls[0][0]).toContain("[outbox] to=asha@example.com");
    log.mockRestore();
  });
});

describe("the follow-up queue's retry delay", () => {
  it("doubles from the configured first delay, up to an hour", () => {
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(10, n))).toEqual([10, 20, 40, 80]);
    expect(retryDelaySeconds(10, 20)).toBe(3600);
    expect(retryDelaySeconds(0, 5)).toBe(0);
  });
});
