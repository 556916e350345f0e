/**
 * The client address Cloudflare puts on every request; one shared bucket when it is missing (local runs).
 * Read here, at the edge, and handed to the domain's rate limits (worker/domain/auth/rate-limit.ts) as a string.
 */
export function clientIp(request: Request) {
  return request.headers.get("cf-connecting-ip")?.trim() || UNKNOWN_CLIENT;
}

/** The address of a request without `cf-connecting-ip`: only a local run's (Cloudflare sets it on every request). */
export const UNKNOWN_CLIENT = "unknown";
