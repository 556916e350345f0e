/**
 * Security headers on every answer (ADR 0021). Pages get a Content-Security-Policy whose only
 * inline scripts are the ones carrying the request's nonce (Remix's and our theme script); every
 * other answer gets a policy that allows nothing. SECURITY: no page of ours may be framed.
 */
const BASE: ReadonlyArray<[string, string]> = [
  ["x-frame-options", "DENY"],
  ["x-content-type-options", "nosniff"],
  ["referrer-policy", "strict-origin-when-cross-origin"],
  ["permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()"],
];

/** JSON, media, redirects and small static pages: nothing may run, load or frame them. */
export const LOCKED_DOWN_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'";

/** The policy of a Remix page rendered with `nonce`. Images are only ever our own (uploads and samples). */
export function pageCsp(nonce: string): string {
  return [
    "default-src 'self'",
    // Razorpay Checkout (ADR 0029): its script, and the frames and calls it makes.
    `script-src 'self' 'nonce-${nonce}' https://checkout.razorpay.com`,
    // React style attributes and the toaster's injected <style> carry no script.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com",
    "frame-src https://api.razorpay.com https://checkout.razorpay.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A fresh nonce per rendered page: 128 random bits, base64. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * Adds whatever security header is missing. A page's CSP was set where its nonce was used
 * (app/entry.server.tsx); a cached page carries its own. Copies the response only when needed.
 */
export function withSecurityHeaders(response: Response): Response {
  if (response.headers.has("x-frame-options") && response.headers.has("content-security-policy")) return response;
  const out = new Response(response.body, response);
  for (const [name, value] of BASE) if (!out.headers.has(name)) out.headers.set(name, value);
  if (!out.headers.has("content-security-policy")) out.headers.set("content-security-policy", LOCKED_DOWN_CSP);
  return out;
}

/** For documents rendered by Remix: the full set, with the page's policy. */
export function setPageSecurityHeaders(headers: Headers, nonce: string): void {
  for (const [name, value] of BASE) if (!headers.has(name)) headers.set(name, value);
  headers.set("content-security-policy", pageCsp(nonce));
}
