import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
import type { Role } from "@db/users";

export const SESSION_TYPE = "tripbazaar-session+jwt";
// SECURITY: the only algorithm we sign with and the only one we accept.
const ALG = "HS256";
/** Seven days; ADR 0005 argues the trade-off with token versions. */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * A session's claims. `sid` (the token's `jti`) names this one sign-in, so logout can end it on the server
 * (`ended_sessions`, ADR 0036); `exp` says until when that record matters.
 */
export type SessionClaims = { sub: string; role: Role; ver: number; sid: string; exp: number };

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

/** A new session of `claims.sub`, with a fresh session id. */
export async function signSession(settings: JwtSettings, claims: Pick<SessionClaims, "sub" | "role" | "ver">, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ role: claims.role, ver: claims.ver })
    .setProtectedHeader({ alg: ALG, typ: SESSION_TYPE })
    .setJti(crypto.randomUUID())
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
      requiredClaims: ["sub", "exp", "iat", "jti"],
    });
    const { role, ver, jti, exp } = payload;
    if (typeof payload.sub !== "string" || typeof ver !== "number" || typeof exp !== "number") return null;
    if (typeof jti !== "string" || jti.length < 8 || jti.length > 64) return null;
    if (role !== "user" && role !== "seller" && role !== "superadmin") return null;
    return { sub: payload.sub, role, ver, sid: jti, exp };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

export type HandoverSettings = { secret: string; issuer: string; audience: string };

/** A hand-over token is a moment's proof, not a session: issued at most this long ago, and living no longer. */
export const HANDOVER_MAX_AGE_SECONDS = 5 * 60;
const CLOCK_TOLERANCE_SECONDS = 30;

export type HandoverClaims = { sub: string; email: string | null; jti: string; exp: number };

/**
 * A sign-in hand-over token from the sister tour platform (spec §4): HS256 with its own key and
 * issuer, addressed to us. SECURITY: `iat`, `exp` and `jti` are required and the lifetime is at most
 * HANDOVER_MAX_AGE_SECONDS, so a token cannot be minted for years; the caller spends the `jti` once
 * and refuses roles the hand-over may not sign in (ADR 0021). Returns its claims, or null.
 */
export async function verifyHandover(settings: HandoverSettings, token: string, now = Date.now()): Promise<HandoverClaims | null> {
  if (token.length > MAX_TOKEN_LENGTH || !COMPACT_JWS.test(token)) return null;
  try {
    const currentDate = new Date(now);
    const { payload } = await jwtVerify(token, keyFor(settings.secret), {
      algorithms: [ALG],
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ["sub", "exp", "iat", "jti"],
      maxTokenAge: HANDOVER_MAX_AGE_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate,
    });
    const { sub, jti, exp, iat } = payload;
    if (typeof sub !== "string" || typeof jti !== "string" || typeof exp !== "number" || typeof iat !== "number") return null;
    if (jti.length < 8 || jti.length > 200) return null;
    // Issued in the future, or made to outlive its purpose: refused even when the signature is good.
    if (iat > now / 1000 + CLOCK_TOLERANCE_SECONDS || exp - iat > HANDOVER_MAX_AGE_SECONDS) return null;
    return { sub, jti, exp, email: typeof payload.email === "string" ? payload.email.toLowerCase() : null };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
