import { format } from "node:util";

/**
 * Every `console.error` a test causes, in the test process, in the Worker under test (workerd, through
 * Miniflare's structured logs) or in an end-to-end test's Chromium pages, fails that test unless the test said
 * it was coming. `test/setup.ts` installs the guard in every vitest project; this module holds its state and
 * has no vitest import, so scripts that reuse test/support (the bench server) can load it.
 */

type Pattern = RegExp | string;
type Declared = { pattern: Pattern; seen: number; required: boolean };

/** Allowed for the whole file: declared outside a test (top level, describe or beforeAll). */
const fileWide: Declared[] = [];
/** Declared by the running test; null between tests. */
let current: Declared[] | null = null;
/** The last test's declarations: a Worker log that arrives just after its test ended still counts there. */
let previous: Declared[] = [];
/** Unexpected errors of the running test, and of the time outside any test. */
let inTest: string[] = [];
let outsideTests: string[] = [];
let printError: (...args: unknown[]) => void = (...args) => console.error(...args);
const listeners = new Set<() => void>();

const clean = (p: Pattern): Pattern => (typeof p === "string" ? p : new RegExp(p.source, p.flags.replace(/[gy]/g, "")));
const matches = (p: Pattern, message: string) => (typeof p === "string" ? message.includes(p) : p.test(message));
const describePattern = (p: Pattern) => (typeof p === "string" ? JSON.stringify(p) : String(p));

/**
 * This test must log at least one console.error matching `pattern` (a substring, or a RegExp), from the test,
 * the Worker or a page; matching errors are not printed. The test fails if none arrives within a second of its end.
 */
export function expectConsoleError(pattern: Pattern) {
  if (!current) throw new Error("expectConsoleError() belongs inside a test; use allowConsoleErrors() for a whole file");
  current.push({ pattern: clean(pattern), seen: 0, required: true });
}

/**
 * console.errors matching `pattern` may happen (or not) without failing anything, and are not printed.
 * Inside a test it covers that test; outside (top level, describe, beforeAll) it covers the whole file.
 * For suites that provoke failures on purpose: fuzzing, fault injection, the security matrix.
 */
export function allowConsoleErrors(...patterns: Pattern[]) {
  const into = current ?? fileWide;
  for (const pattern of patterns) into.push({ pattern: clean(pattern), seen: 0, required: false });
}

/** Records one console.error; prints it unless it was declared. `source` says where it was logged. */
export function reportConsoleError(source: "test" | "worker" | "browser", args: unknown[]) {
  const message = format(...args);
  const declared = [...(current ?? previous), ...fileWide].find((d) => matches(d.pattern, message));
  if (declared) {
    declared.seen++;
    for (const notify of listeners) notify();
    return;
  }
  (current ? inTest : outsideTests).push(source === "test" ? message : `[${source}] ${message}`);
  printError(...(source === "test" ? args : [`[${source}]`, message]));
}

let installed = false;

/**
 * Wraps console.error in this process, and starts a file with nothing declared or logged. Called before every test
 * file by test/setup.ts. Where a worker runs several files (`isolate: false`), this module lives on between them, so
 * console.error is wrapped only once and what one file allowed or left over never reaches the next.
 */
export function installConsoleGuard() {
  if (!installed) {
    installed = true;
    const original = console.error.bind(console);
    printError = original;
    console.error = (...args: unknown[]) => reportConsoleError("test", args);
  }
  fileWide.length = 0;
  current = null;
  previous = [];
  inTest = [];
  outsideTests = [];
  listeners.clear();
}

export function beginTest() {
  current = [];
  inTest = [];
}

/** An error whose report is its message: a stack would point here, not at whatever logged. */
function bare(message: string) {
  const error = new Error(message);
  error.stack = `Error: ${message}`;
  return error;
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Ends the running test: throws (failing it) on an unexpected error or an expected one that never came. */
export async function endTest() {
  // Worker logs come through a pipe; give any that are already written a turn to be read.
  await turn();
  const declared = current ?? [];
  const missing = () => declared.filter((d) => d.required && d.seen === 0);
  if (missing().length > 0) {
    await new Promise<void>((resolve) => {
      const check = () => missing().length === 0 && done();
      const timer = setTimeout(() => done(), 1000);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
        resolve();
      };
      listeners.add(check);
    });
  }
  const unexpected = inTest;
  const absent = missing();
  previous = declared;
  current = null;
  inTest = [];
  const problems = [
    ...unexpected.map((m) => `unexpected console.error: ${m}`),
    ...absent.map((d) => `expected a console.error matching ${describePattern(d.pattern)}, none was logged`),
  ];
  if (problems.length > 0) {
    throw bare(
      `${problems.join("\n")}\n(declare expected ones with expectConsoleError() or allowConsoleErrors(), test/support/console-guard.ts)`,
    );
  }
}

/** After the file's last hook: errors logged outside any test (beforeAll, afterAll, between tests) fail the file. */
export async function endFile() {
  await turn();
  const unexpected = outsideTests;
  outsideTests = [];
  if (unexpected.length > 0) throw bare(`unexpected console.error outside a test:\n${unexpected.join("\n")}`);
}

/**
 * What Remix logs when it refuses a malformed request with a 4xx (a method a route has no loader or action for,
 * an old `?_data` or a wrong `_route` query, a path no route matches). Suites that send such requests on purpose
 * (fuzzing, the security matrix) allow these; a 5xx still logs something else and still fails.
 */
export const REMIX_REFUSALS: readonly RegExp[] = [
  /Single fetch-enabled apps should not be making \?_data requests/,
  /You made an? [A-Z]+ request to "[\s\S]*" but did not provide an? `(loader|action)` for route/,
  /" does not match URL "/,
  /No route matches URL/,
  /Invalid request method/,
];

/**
 * workerd's own note that the client hung up before it had written the whole answer (a test that reads only
 * the status and drops the body). It is the runtime's, not a console.error of our Worker.
 */
const CLIENT_HUNG_UP = /^kj::getCaughtExceptionAsKj\(\) = kj\/async-io-unix\.c\+\+:\d+: disconnected: /;

/** Where a line the Worker logged goes: errors to the guard, warnings printed, the rest only with TB_WORKER_LOGS=1. */
export function workerLog({ level, message }: { level: string; message: string }) {
  if (level === "error" && !CLIENT_HUNG_UP.test(message)) reportConsoleError("worker", [message]);
  else if (level === "warn") console.warn("[worker]", message);
  else if (process.env.TB_WORKER_LOGS === "1") console.log("[worker]", message);
}
