import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
import type { Role } from "@db/users";

export const SESSION_TYPE = "tripbazaar-session+jwt";
// SECURITY: the only algorithm we sign with and the only one we accept.
const ALG = "HS256";
/** Seven days; ADR 0005 argues the trade-off with token versions. */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

export type SessionClaims = { sub: string; role: Role; ver: number };

export type JwtSettings = { secret: string; issuer: string; audience: string };

const keyCache = new Map<string, Uint8Array>();
function keyFor(secret: string) {
  let key = keyCache.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keyCache.set(secret, key);
  }
  return key;
}

export async function signSession(settings: JwtSettings, claims: SessionClaims, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ role: claims.role, ver: claims.ver })
    .setProtectedHeader({ alg: ALG, typ: SESSION_TYPE })
    .setSubject(claims.sub)
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SESSION_TTL_SECONDS)
    .sign(keyFor(settings.secret));
}

const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const MAX_TOKEN_LENGTH = 4096;

/** Returns the claims of a valid session token, or null for anything forged, expired or malformed. */
export async function verifySession(settings: JwtSettings, token: string): Promise<SessionClaims | null> {
  // Not a compact JWS at all (a stale or junk cookie): no verification, and no error object to build.
  if (token.length > MAX_TOKEN_LENGTH || !COMPACT_JWS.test(token)) return null;
  try {
    const { payload } = await jwtVerify(token, keyFor(settings.secret), {
      algorithms: [ALG],
      issuer: settings.issuer,
      audience: settings.audience,
      typ: SESSION_TYPE,
      requiredClaims: ["sub", "exp", "iat"],
    });
    const role = payload.role;
    const ver = payload.ver;
    if (typeof payload.sub !== "string" || typeof ver !== "number") return null;
    if (role !== "user" && role !== "seller" && role !== "superadmin") return null;
    return { sub: payload.sub, role, ver };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

export type HandoverSettings = { secret: string; issuer: string; audience: string };

/**
 * A sign-in hand-over token from the sister tour platform (spec §4): HS256 with
 * its own key and issuer, addressed to us. Returns its subject and email, or null.
 */
export async function verifyHandover(settings: HandoverSettings, token: string): Promise<{ sub: string; email: string | null } | null> {
  try {
    const { payload } = await jwtVerify(token, keyFor(settings.secret), {
      algorithms: [ALG],
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ["sub", "exp"],
    });
    if (typeof payload.sub !== "string") return null;
    return { sub: payload.sub, email: typeof payload.email === "string" ? payload.email.toLowerCase() : null };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
