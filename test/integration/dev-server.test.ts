import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillPattern, listPageRoutes, paramNames } from "../support/fuzz-routes";

// Issue 23: `npm start` (the README's way to run the platform: wrangler dev in front of the Worker) survives page
// posts with bodies to routes without an action. Such posts once broke wrangler's proxy: a 503, then the next
// request stalled, and a burst of a hundred killed the server (worker/request-body.ts).

const POSTS = 1000;
const AT_ONCE = 8;

let server: ChildProcess;
let base = "";
let state = "";
let output = "";

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function answering(timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {}
    if (Date.now() > until || server.exitCode !== null) throw new Error(`npm start did not answer:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  state = mkdtempSync(join(tmpdir(), "tb-start-"));
  // As the README says (`npm start`, PORT overrides), with its local D1 in a scratch directory.
  server = spawn("npm", ["start"], {
    env: { ...process.env, PORT: String(port), TB_STATE_DIR: state, CI: "true" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
  await answering(90_000);
}, 120_000);

afterAll(() => {
  // The whole process group: npm, wrangler and workerd.
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
  if (state) rmSync(state, { recursive: true, force: true });
});

type Body = { kind: string; contentType: string; body: string };

/** Each kind of body a page might get: JSON, a form, multipart, garbage; short, or long enough to be sent in parts. */
function bodyOf(i: number): Body {
  const filler = "x".repeat([10, 2_000, 40_000][i % 3]);
  switch (i % 4) {
    case 0:
      return { kind: "JSON", contentType: "application/json", body: JSON.stringify({ email: "a@b.c", note: filler }) };
    case 1:
      return { kind: "form", contentType: "application/x-www-form-urlencoded", body: `intent=logout&note=${filler}` };
    case 2:
      return {
        kind: "multipart",
        contentType: "multipart/form-data; boundary=zz",
        body: `--zz\r\nContent-Disposition: form-data; name="note"\r\n\r\n${filler}\r\n--zz--\r\n`,
      };
    default:
      return { kind: "garbage", contentType: "application/octet-stream", body: `\u0000{[${filler}` };
  }
}

describe("npm start under bad traffic", () => {
  it(`answers ${POSTS} page posts with bodies, ${AT_ONCE} at a time, and still answers afterwards`, async () => {
    const pages = (await listPageRoutes()).map(
      (route) =>
        fillPattern(
          route.pattern,
          paramNames(route.pattern).map(() => "x"),
        ) || "/",
    );
    const statuses = new Map<number | string, number>();
    let next = 0;
    // The first post without an answer of the Worker's ends the run: a stalled server would only time out the rest.
    let broken = false;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < POSTS && !broken) {
          const i = next++;
          const { contentType, body } = bodyOf(i);
          let status: number | string;
          try {
            const res = await fetch(`${base}${pages[i % pages.length]}`, {
              method: "POST",
              headers: { "content-type": contentType, origin: base },
              body,
              redirect: "manual",
              signal: AbortSignal.timeout(10_000),
            });
            await res.arrayBuffer();
            status = res.status;
          } catch (error) {
            status = String((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name);
          }
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (typeof status === "string" || status >= 500) broken = true;
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const seen = Object.fromEntries(statuses);
    // Every post got an answer of the Worker's: no network error, no proxy 503, no 5xx at all.
    expect(
      Object.keys(seen).filter((s) => !/^[234]\d\d$/.test(s)),
      JSON.stringify(seen),
    ).toEqual([]);
    expect(next).toBeGreaterThanOrEqual(POSTS);
    // And the server still answers, at once.
    const page = await fetch(`${base}/`, { signal: AbortSignal.timeout(5000) });
    expect(page.status).toBe(200);
    expect(seconds).toBeLessThan(60);
  }, 120_000);

  it("writes this server's own port into the links of its emails (PORT set, .dev.vars naming 8787)", async () => {
    const asked = await fetch(`${base}/api/auth/forgot-password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "asha@example.com" }),
    });
    expect(asked.status).toBe(200);
    const outbox = (await (await fetch(`${base}/api/dev/outbox?to=asha%40example.com`)).json()) as { messages: { text: string }[] };
    const link = /(http\S+\/reset-password\/\S+)/.exec(outbox.messages[0]?.text ?? "")?.[1] ?? "";
    expect(new URL(link).port).toBe(new URL(base).port);
  });

  it("delivers emails through the local queue (wrangler dev runs the FOLLOW_UPS queue and its consumer, ADR 0039)", async () => {
    const newest = async () =>
      ((await (await fetch(`${base}/api/dev/outbox?to=asha%40example.com`)).json()) as { messages: { status: string }[] }).messages[0];
    const until = Date.now() + 15_000;
    while ((await newest())?.status !== "sent" && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    expect((await newest())?.status).toBe("sent");
    expect(output).toMatch(/\[outbox\] to=asha@example\.com/);
  });
});
