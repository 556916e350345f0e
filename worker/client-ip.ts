import { UNKNOWN_CLIENT } from "./shared/client-address";

/**
 * The client address Cloudflare puts on every request; one shared bucket when it is missing (local runs).
 * Read here, at the edge, and handed to the domain as a string: the audit log keeps it whole, the rate limits count it
 * by clientBucket (worker/shared/client-address.ts).
 */
export function clientIp(request: Request) {
  return request.headers.get("cf-connecting-ip")?.trim() || UNKNOWN_CLIENT;
}
