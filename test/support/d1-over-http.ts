/**
 * The tests' own handle on a Worker's local D1, fast. Miniflare's `getD1Database` proxy costs about 9 ms of the
 * test process's CPU per call (a synchronous round trip through a helper thread, twice per statement), and the
 * suites make thousands of them. Here a small test-only Worker beside the app, bound to the same database, runs the
 * statements it is sent over HTTP: about 1 ms. It is never part of the app's bundle.
 */

/** The host Miniflare routes to the test-only D1 Worker. */
export const D1_HOST = "d1.tb-test.internal";

type Wire = { sql: string; params: unknown[] };
type Call = { op: "first" | "all" | "run" | "raw" | "batch"; column?: string; statements: Wire[] };

/** Bytes travel as `{ $bytes: base64 }` both ways (JSON has no binary). */
export const D1_WORKER = `
const fromWire = (v) => (v && typeof v === "object" && "$bytes" in v ? Uint8Array.from(atob(v.$bytes), (c) => c.charCodeAt(0)) : v);
const toWire = (v) => {
  if (v instanceof ArrayBuffer || ArrayBuffer.isView(v)) {
    const bytes = v instanceof ArrayBuffer ? new Uint8Array(v) : new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    let s = ""; for (const b of bytes) s += String.fromCharCode(b);
    return { $bytes: btoa(s) };
  }
  if (Array.isArray(v)) return v.map(toWire);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toWire(x)]));
  return v;
};
export default {
  async fetch(request, env) {
    const call = await request.json();
    try {
      const statements = call.statements.map((s) => env.DB.prepare(s.sql).bind(...s.params.map(fromWire)));
      let result;
      if (call.op === "batch") result = await env.DB.batch(statements);
      else if (call.op === "first") result = call.column === undefined ? await statements[0].first() : await statements[0].first(call.column);
      else result = await statements[0][call.op]();
      return Response.json({ ok: true, result: toWire(result ?? null) });
    } catch (error) {
      return Response.json({ ok: false, message: String(error && error.message || error) });
    }
  },
};
`;

const toWire = (v: unknown): unknown => {
  if (v instanceof ArrayBuffer || ArrayBuffer.isView(v)) {
    const bytes = v instanceof ArrayBuffer ? new Uint8Array(v) : new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    return { $bytes: Buffer.from(bytes).toString("base64") };
  }
  return v;
};
const fromWire = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(fromWire);
  if (v && typeof v === "object") {
    if ("$bytes" in v) {
      const b = Buffer.from(String((v as { $bytes: string }).$bytes), "base64");
      return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fromWire(x)]));
  }
  return v;
};

/** A D1Database for the tests (prepare, bind, first, all, run, raw, batch) over `send`, the tests' transport. */
export function d1OverHttp<DB>(send: (url: string, init: RequestInit) => Promise<Response>): DB {
  async function call(body: Call) {
    const res = await send(`http://${D1_HOST}/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { ok: boolean; result?: unknown; message?: string };
    if (!answer.ok) throw new Error(answer.message);
    return fromWire(answer.result);
  }
  class Statement {
    constructor(
      readonly sql: string,
      readonly params: unknown[] = [],
    ) {}
    bind(...params: unknown[]) {
      return new Statement(this.sql, params.map(toWire));
    }
    wire(): Wire {
      return { sql: this.sql, params: this.params };
    }
    first(column?: string) {
      return call({ op: "first", column, statements: [this.wire()] });
    }
    all() {
      return call({ op: "all", statements: [this.wire()] });
    }
    run() {
      return call({ op: "run", statements: [this.wire()] });
    }
    raw() {
      return call({ op: "raw", statements: [this.wire()] });
    }
  }
  const db = {
    prepare: (sql: string) => new Statement(sql),
    batch: (statements: Statement[]) => call({ op: "batch", statements: statements.map((s) => s.wire()) }),
  };
  return db as unknown as DB;
}
