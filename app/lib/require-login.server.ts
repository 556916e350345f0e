import { type AppLoadContext, redirect } from "@remix-run/cloudflare";

/** Headers of login-required pages: hand-over tokens arrive in the address, so no page may leak it as a referrer. */
export const loginRequiredHeaders = { "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" };

/**
 * The edge half of spec §2's access rule: a hand-over address (token and user
 * parameters) is let through to be verified in the browser; otherwise the
 * session cookie must hold a valid token, else the visitor goes to /login.
 */
export function requireLoginAtEdge(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const handover = url.searchParams.has("token") && url.searchParams.has("user");
  if (!handover && !context.viewer) {
    throw redirect(`/login?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`, { headers: loginRequiredHeaders });
  }
  return null;
}
