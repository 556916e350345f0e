import { plainPage } from "./site-not-found";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * The cross-site check for page form posts, done here rather than left to Remix: Remix 2 throws
 * (a 500) when `Origin` names another host or cannot be parsed, and trusts `X-Forwarded-Host`,
 * which any client can send. We compare `Origin` with the address the request reached (on
 * Workers, the Host the visitor used): another site, `null` or junk gets a 403; a same-site post
 * goes on without the two headers, so Remix's own check has nothing left to compare.
 */
export function checkPageOrigin(request: Request, url: URL): Request | Response {
  if (SAFE_METHODS.has(request.method)) return request;
  const origin = request.headers.get("origin");
  if (origin === null && !request.headers.has("x-forwarded-host")) return request;
  if (origin !== null && hostOf(origin) !== url.host) {
    return plainPage(403, "Request refused", "This form was sent from another website, so it was not accepted.");
  }
  const headers = new Headers(request.headers);
  headers.delete("origin");
  headers.delete("x-forwarded-host");
  return new Request(request, { headers, signal: request.signal });
}
