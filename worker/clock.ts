import { type AppConfig, type Env, isDevelopment } from "./env";

/** The request header that sets the clock of time-bounded caches, in milliseconds since 1970 (ADR 0026). */
export const CLOCK_HEADER = "x-tb-now";

/**
 * The time a request is served at. Tests move it forward to cross a cache's bound without sleeping
 * (workerd's own clock cannot be moved). SECURITY: honoured only with `TEST_CLOCK = "1"` outside
 * production; anywhere else the header is ignored.
 */
export function requestTime(request: Request, env: Env, config: AppConfig): number {
  const now = Date.now();
  if (env.TEST_CLOCK !== "1" || !isDevelopment(config)) return now;
  const claimed = Number(request.headers.get(CLOCK_HEADER) ?? Number.NaN);
  return Number.isSafeInteger(claimed) && claimed > 0 ? claimed : now;
}
