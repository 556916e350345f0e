import type { AppConfig } from "../env";
import { type SessionClaims, verifySession } from "./jwt";

export const SESSION_COOKIE = "tb_session";

export function jwtSettings(config: AppConfig) {
  return { secret: config.JWT_SECRET, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE };
}

/** A cookie's value, or null when it is absent or cannot be decoded (a junk cookie means "no cookie"). */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return safeDecode(part.slice(eq + 1).trim());
  }
  return null;
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export type TokenSource = "bearer" | "cookie";

/** The one place that finds a session token on a request: the bearer header wins over the cookie. */
export function sessionTokenOf(request: Request): { token: string; source: TokenSource } | null {
  const auth = request.headers.get("authorization");
  if (auth?.toLowerCase().startsWith("bearer ")) {
    const token = auth.slice(7).trim();
    if (token) return { token, source: "bearer" };
  }
  const cookie = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  return cookie ? { token: cookie, source: "cookie" } : null;
}

/** A request's verified session token: its claims (`sub`, `role`, `ver`) and where it came from. */
export type Viewer = SessionClaims & { source: TokenSource };

/**
 * Verified JWT claims of the request, or null. Signature and claims only: whether the account is still live (its
 * status, its token version) is checked against D1 by `checkSession` (worker/auth/live-account.ts).
 */
export async function readViewer(request: Request, config: AppConfig): Promise<Viewer | null> {
  const found = sessionTokenOf(request);
  if (!found) return null;
  const claims = await verifySession(jwtSettings(config), found.token);
  return claims ? { ...claims, source: found.source } : null;
}

/** `maxAgeSeconds` null makes a browser-session cookie (login without "remember me"). */
export function sessionCookie(token: string, url: URL, maxAgeSeconds: number | null) {
  const secure = !(
    url.protocol === "http:" &&
    (url.hostname === "localhost" || url.hostname.endsWith(".localhost") || url.hostname === "127.0.0.1")
  );
  return [
    `${SESSION_COOKIE}=${encodeURIComponent(token)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(maxAgeSeconds === null ? [] : [`Max-Age=${maxAgeSeconds}`]),
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export const clearSessionCookie = (url: URL) => sessionCookie("", url, 0);
