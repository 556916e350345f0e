import { type AppConfig, type Env, isDevelopment } from "../env";
import { type Load, createBatcher } from "./batcher";
import { type Db, createDb } from "./client";
import { countingD1 } from "./counting-d1";
import { withInjectedFaults } from "./fault-d1";

/** The response header that says how many D1 round trips the request cost (pages and API alike, every environment). */
export const D1_CALLS_HEADER = "x-tb-d1-calls";

export type D1Calls = { calls: number };

/**
 * A request's D1: every round trip it makes counted (a counter is cheap, so in production too: the bench and the
 * tests read it from {@link D1_CALLS_HEADER}), and a fault injected where a test asks for one (ADR 0020).
 */
export function requestDb(env: Env, config: AppConfig, request: Request): { db: Db; d1Calls: D1Calls } {
  const d1Calls = { calls: 0 };
  return { db: createDb(withInjectedFaults(countingD1(env.DB, d1Calls), env, config, request)), d1Calls };
}

/** The response with the request's count of D1 round trips in {@link D1_CALLS_HEADER}. */
export function withD1Calls(response: Response, d1Calls: D1Calls): Response {
  const calls = String(d1Calls.calls);
  // Responses this Worker made have mutable headers: no copy (the common case, and the cheap cache hit's).
  try {
    response.headers.set(D1_CALLS_HEADER, calls);
    return response;
  } catch {
    // A response whose headers are immutable (one fetched): a copy.
    const counted = new Response(response.body, response);
    counted.headers.set(D1_CALLS_HEADER, calls);
    return counted;
  }
}

/**
 * The request's loader: its reads started together are one D1 batch. A read (GET or HEAD) costs one round trip,
 * so outside production a read's second batch that no `load.after` asked for is logged as an error, which fails
 * the test that caused it (test/support/console-guard.ts).
 */
export function requestLoad(db: Db, config: AppConfig, request: Request): Load {
  const reads = request.method === "GET" || request.method === "HEAD";
  return createBatcher(
    db,
    reads && isDevelopment(config)
      ? { onSplit: (message) => console.error(`${message} (${request.method} ${new URL(request.url).pathname})`) }
      : {},
  );
}
