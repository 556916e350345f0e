import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { users } from "@db/schema";
import type { Role } from "@db/users";
import { clearSessionCookie } from "@worker/auth/session";

/** Headers of login-required pages: hand-over tokens arrive in the address, so no page may leak it as a referrer. */
export const loginRequiredHeaders = { "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" };

const loginRedirect = (url: URL, headers: HeadersInit) =>
  redirect(`/login?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`, { headers });

/**
 * The edge half of spec §2's access rule: a hand-over address (token and user parameters) is let
 * through to be verified in the browser. Otherwise the session cookie must hold a valid token of a
 * live account (status and token version read from D1, as the API does), else the visitor goes to
 * /login; a signed-in account of another role gets a 403 page.
 */
export async function requireLoginAtEdge(context: AppLoadContext, role?: Role) {
  const { url, viewer, db, load } = context;
  if (url.searchParams.has("token") && url.searchParams.has("user")) return {};
  if (!viewer) throw loginRedirect(url, loginRequiredHeaders);
  // Through the request's batch: the check shares the page's one D1 round trip.
  const [account] = await load(
    db.select({ role: users.role, status: users.status, tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, viewer.sub)),
  );
  if (!account || account.status !== "active" || account.tokenVersion !== viewer.ver) {
    // SECURITY: a disabled account, or a token from before a password change, has no session here either.
    throw loginRedirect(url, { ...loginRequiredHeaders, "Set-Cookie": clearSessionCookie(url) });
  }
  if (role && account.role !== role) {
    throw new Response("You do not have permission to view this page", { status: 403, headers: loginRequiredHeaders });
  }
  return {};
}
