import { describe, expect, it } from "vitest";
import { cloudflareHostnames, offlineHostnames } from "../../worker/saas/custom-hostnames";

const config = { apiToken: "t", zoneId: "z", cnameTarget: "customers.example", baseUrl: "https://api.cloudflare.com/client/v4" };
const answer = (status: number, body: unknown) => async () => Response.json(body, { status });

describe("the Cloudflare custom hostnames adapter", () => {
  it("gives up on a call that hangs, after its timeout, saying so", async () => {
    const hanging = ((_: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      })) as typeof fetch;
    const started = Date.now();
    const error = await cloudflareHostnames({ ...config, fetch: hanging, timeoutMs: 50 })
      .get("abc")
      .catch((e) => e);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toMatchObject({ name: "CustomHostnameError", kind: "unavailable", message: "Cloudflare did not answer in time" });
  });

  it("reads Cloudflare's refusals into what the seller is told", async () => {
    const refuse = (status: number, code: number, message: string) =>
      cloudflareHostnames({ ...config, fetch: answer(status, { success: false, errors: [{ code, message }], result: null }) as never })
        .create("a.example")
        .catch((e) => e.kind);
    expect(await refuse(409, 1406, "Duplicate custom hostname found.")).toBe("taken");
    expect(await refuse(400, 1405, "The custom hostname you specified is invalid.")).toBe("invalid");
    expect(await refuse(400, 1414, "You have reached the maximum number of custom hostnames.")).toBe("quota");
    expect(await refuse(500, 0, "Internal error")).toBe("unavailable");
    expect(await refuse(403, 10000, "Authentication error")).toBe("unavailable");
  });

  it("is live only when the hostname and its certificate are active, and names a CAA failure", async () => {
    const read = (result: unknown) =>
      cloudflareHostnames({ ...config, fetch: answer(200, { success: true, errors: [], result }) as never }).get("id");
    const base = {
      id: "id",
      hostname: "a.example",
      ownership_verification: { type: "txt", name: "_cf-custom-hostname.a.example", value: "v" },
    };
    const half = await read({
      ...base,
      status: "active",
      ssl: { status: "pending_validation", validation_records: [{ txt_name: "_acme-challenge.a.example", txt_value: "x" }] },
    });
    expect(half).toMatchObject({ hostname_status: "active", certificate_status: "pending", failure: null });
    expect(half?.records).toEqual([
      { type: "TXT", name: "_cf-custom-hostname.a.example", value: "v", purpose: "ownership" },
      { type: "TXT", name: "_acme-challenge.a.example", value: "x", purpose: "certificate" },
    ]);
    const caa = await read({
      ...base,
      status: "active",
      ssl: { status: "pending_validation", validation_errors: [{ message: "caa_error: blocked" }] },
    });
    expect(caa).toMatchObject({ certificate_status: "failed", failure: "The certificate cannot be issued: caa_error: blocked" });
    const http = await read({
      ...base,
      status: "pending",
      ssl: { status: "pending_validation", validation_records: [{ http_url: "http://a.example/.well-known/x", http_body: "b" }] },
    });
    expect(http?.records.at(-1)).toEqual({ type: "HTTP", name: "http://a.example/.well-known/x", value: "b", purpose: "certificate" });
    expect(await cloudflareHostnames({ ...config, fetch: answer(404, { success: false, errors: [] }) as never }).get("gone")).toBeNull();
  });
});

describe("the offline custom hostnames", () => {
  it("answer the same records for the same hostname and go live on the first check", async () => {
    const offline = offlineHostnames("localhost");
    const a = await offline.create("trips.example.test");
    expect(await offline.create("trips.example.test")).toEqual(a);
    expect(a.hostname_status).toBe("pending");
    expect(await offline.get(a.id)).toMatchObject({ hostname_status: "active", certificate_status: "active", failure: null });
    await expect(offline.create("taken.example.test")).rejects.toMatchObject({ kind: "taken" });
    const caa = await offline.create("caa.example.test");
    expect((await offline.refresh(caa.id))?.failure).toMatch(/caa_error/);
  });
});
