import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Issue 22: the browser calls no /api route for its own pages' reads and writes; loaders and actions call the
 * domain (ADR 0025, ADR 0032). What is left is the payment provider's checkout, which runs in the browser by
 * nature: its confirm and failure callbacks, and the test provider's stand-in for its widget. Read from the
 * sources of app/ (comments aside), so a new `fetch("/api/…")`, an `/api` link or a new caller of the API client
 * fails here.
 */

const root = fileURLToPath(new URL("../../", import.meta.url));
type Sources = Map<string, string>;

/** The provider checkout's own calls, in the one file that holds its widget. */
const WIDGET = "app/components/payments/use-checkout.tsx";
const WIDGET_CALLS = /^\/api\/payments\/\$\{[\w.]+\}\/(confirm|failure|test-pay)$/;
/** The API client those calls go through, the only place app/ may make a request of its own. */
const CLIENT = "app/lib/api.ts";

const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

/** Every quoted or template literal of a source that names an /api path (or /api itself), as written. */
function apiPathsOf(source: string): string[] {
  const code = withoutComments(source);
  return [...code.matchAll(/(["'`])(\/api(?:[/?#][^"'`\n]*)?)\1/g)].map((m) => m[2]);
}

const REQUESTS = /\bfetch\s*\(|XMLHttpRequest|sendBeacon|\bnew\s+EventSource\b|\bnew\s+WebSocket\b/;
const CLIENT_IMPORT = /from\s+["'](?:~\/lib\/api|(?:\.\.?\/)+(?:lib\/)?api)["']/;

/** What breaks the rule, one line per finding; empty when app/ only calls the API for the provider's checkout. */
function ownApiCalls(sources: Sources): string[] {
  const problems: string[] = [];
  for (const [file, source] of sources) {
    for (const path of apiPathsOf(source)) {
      if (file === WIDGET && WIDGET_CALLS.test(path)) continue;
      problems.push(`${file}: ${path}`);
    }
    const code = withoutComments(source);
    if (file !== CLIENT && REQUESTS.test(code)) problems.push(`${file}: makes a request of its own (${REQUESTS.exec(code)?.[0]})`);
    if (file !== WIDGET && CLIENT_IMPORT.test(code)) problems.push(`${file}: imports the API client`);
  }
  return problems;
}

function appSources(): Sources {
  const sources: Sources = new Map();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(name)) sources.set(relative(root, path).replace(/\\/g, "/"), readFileSync(path, "utf8"));
    }
  };
  walk(join(root, "app"));
  return sources;
}

describe("the browser's calls to our own API (issue 22)", () => {
  const sources = appSources();

  it("reads app/ and finds the provider checkout's three calls in it", () => {
    expect(sources.size).toBeGreaterThan(100);
    expect(apiPathsOf(sources.get(WIDGET) ?? "").sort()).toEqual([
      `/api/payments/\${session.paymentId}/confirm`,
      `/api/payments/\${session.paymentId}/failure`,
      `/api/payments/\${session.paymentId}/test-pay`,
    ]);
  });

  it("are the payment provider's checkout only: pages read and write through their loaders and actions", () => {
    expect(ownApiCalls(sources)).toEqual([]);
  });
});

describe("the check itself", () => {
  const check = (files: Record<string, string>) => ownApiCalls(new Map(Object.entries(files)));

  it("finds /api paths in calls, links and templates, but not in comments", () => {
    expect(
      check({
        "app/a.tsx": [
          "/** Same as `POST /api/cart`. */",
          "// calls /api/bookings",
          'const url = "https://example.com//api/x";',
          "const href = `/seller-dashboard/payments.csv`;",
        ].join("\n"),
      }),
    ).toEqual([]);
    expect(
      check({
        "app/b.tsx": [
          'await api("/api/seller-admin/media", { method: "POST" });',
          `const csv = \`/api/seller-payments/export.csv\${query}\`;`,
          '<a href="/api/docs">API</a>',
          "const base = '/api';",
        ].join("\n"),
      }),
    ).toEqual([
      "app/b.tsx: /api/seller-admin/media",
      `app/b.tsx: /api/seller-payments/export.csv\${query}`,
      "app/b.tsx: /api/docs",
      "app/b.tsx: /api",
    ]);
  });

  it("allows the widget's confirm, failure and test-pay there and nowhere else, and nothing more there", () => {
    const confirm = `await postToApi(\`/api/payments/\${session.paymentId}/confirm\`, body);`;
    expect(check({ [WIDGET]: `import { postToApi } from "~/lib/api";\n${confirm}` })).toEqual([]);
    expect(check({ "app/routes/main/cart.tsx": confirm })).toEqual([
      `app/routes/main/cart.tsx: /api/payments/\${session.paymentId}/confirm`,
    ]);
    expect(check({ [WIDGET]: `await postToApi(\`/api/payments/\${session.paymentId}/reopen\`, {});` })).toEqual([
      `${WIDGET}: /api/payments/\${session.paymentId}/reopen`,
    ]);
  });

  it("refuses a request made outside the API client, and the client imported outside the widget", () => {
    expect(check({ "app/c.ts": "const res = await fetch(path, { method: 'POST' });" })).toEqual([
      "app/c.ts: makes a request of its own (fetch()",
    ]);
    expect(check({ [CLIENT]: "const res = await fetch(path);" })).toEqual([]);
    expect(check({ "app/lib/use-thing.ts": 'import { errorMessage } from "~/lib/api";' })).toEqual([
      "app/lib/use-thing.ts: imports the API client",
    ]);
    expect(check({ "app/components/x/y.tsx": 'import { postToApi } from "../../lib/api";' })).toEqual([
      "app/components/x/y.tsx: imports the API client",
    ]);
  });
});
